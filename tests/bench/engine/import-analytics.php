<?php
/**
 * Bench setup (PHP's CLI in the WordPress folder): runs WooCommerce's own analytics import once
 * (Analytics › Settings › Import historical data: POST wc-analytics/reports/import, skipping the
 * orders already imported), after seed-orders.php added orders without it. The test store's
 * must-use plugin runs WooCommerce's analytics actions at once instead of scheduling them, so the
 * whole import happens in this process. Prints {orders, orderStatsRows, seconds}.
 *
 * @package Abacus
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
require __DIR__ . '/wp-load.php';

$abacus_t0 = microtime( true );
$abacus_admin = get_user_by( 'login', $argv[1] );
if ( ! $abacus_admin ) {
	fwrite( STDERR, "No user {$argv[1]}\n" );
	exit( 1 );
}
wp_set_current_user( $abacus_admin->ID );
wp_using_ext_object_cache( true );
$abacus_request = new WP_REST_Request( 'POST', '/wc-analytics/reports/import' );
$abacus_request->set_param( 'skip_existing', true );
$abacus_response = rest_do_request( $abacus_request );
if ( $abacus_response->is_error() || 'success' !== ( $abacus_response->get_data()['status'] ?? '' ) ) {
	fwrite( STDERR, wp_json_encode( $abacus_response->get_data() ) . "\n" );
	exit( 1 );
}
global $wpdb;
echo wp_json_encode(
	array(
		'orders'         => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}wc_orders WHERE type = 'shop_order'" ),
		'orderStatsRows' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}wc_order_stats" ),
		'seconds'        => microtime( true ) - $abacus_t0,
	)
), "\n";
