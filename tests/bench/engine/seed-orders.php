<?php
/**
 * Bench setup (PHP's CLI in the WordPress folder): adds `count` orders through WooCommerce's PHP
 * API, spread over the last 365 days, with the seeded store's products, customers and guests, the
 * coupon on one in five, flat-rate shipping on half and a small refund on one completed order in
 * thirty. Arguments: count, random seed, orders per transaction (default 1).
 *
 * Fast enough for a store of tens of thousands of orders (about 15 orders/s per process here, two
 * processes at once): WooCommerce's analytics import is neither run nor scheduled per saved order —
 * the caller runs WooCommerce's own import (import-analytics.php) once after seeding — and
 * transients live in this process's memory (each save clears WooCommerce's legacy report
 * transients: a third of its queries). No e-mail leaves (the test store's must-use plugin), and the
 * store has no webhooks. Orders can be committed in groups (START TRANSACTION … COMMIT), but that
 * gained nothing here (MariaDB commits without flushing to disk: 17.1 s against 17.3 s for 200
 * orders), and with two processes at once a long transaction holds the rows every order updates
 * (the products' total sales, the coupon's usage count): the other process waits on them and
 * deadlocks lose whole groups. Prints {orders, seconds}.
 *
 * @package Abacus
 */

use Automattic\WooCommerce\Internal\Admin\Schedulers\OrdersScheduler;

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
require __DIR__ . '/wp-load.php';

$abacus_count = (int) $argv[1];
mt_srand( (int) $argv[2] );
$abacus_per_commit = isset( $argv[3] ) ? max( 1, (int) $argv[3] ) : 1;

// No per-order analytics: the import runs once, after seeding.
remove_action( 'woocommerce_update_order', array( OrdersScheduler::class, 'possibly_schedule_import' ) );
remove_filter( 'woocommerce_create_order', array( OrdersScheduler::class, 'possibly_schedule_import' ) );
remove_action( 'woocommerce_refund_created', array( OrdersScheduler::class, 'possibly_schedule_import' ) );
add_filter( 'woocommerce_email_enabled_new_order', '__return_false' );
wp_defer_term_counting( true );
// Transients in this process's memory: each order saved clears WooCommerce's legacy report
// transients (13 option look-ups, about a third of the queries of a save).
wp_using_ext_object_cache( true );

$abacus_products  = wc_get_products(
	array(
		'limit'  => -1,
		'type'   => array( 'simple', 'variation' ),
		'status' => 'publish',
	)
);
$abacus_customers = get_users(
	array(
		'role'   => 'customer',
		'fields' => 'ID',
	)
);
$abacus_statuses  = array( 'completed', 'completed', 'completed', 'completed', 'processing', 'processing', 'on-hold', 'cancelled', 'pending', 'failed' );
$abacus_now       = time();
$abacus_t0        = microtime( true );

global $wpdb;
if ( $abacus_per_commit > 1 ) {
	$wpdb->query( 'START TRANSACTION' );
}
for ( $abacus_i = 0; $abacus_i < $abacus_count; $abacus_i++ ) {
	$abacus_customer = mt_rand( 0, 3 ) ? (int) $abacus_customers[ mt_rand( 0, count( $abacus_customers ) - 1 ) ] : 0;
	// One save per order (a created order saved again on every change costs three).
	$abacus_order = new WC_Order();
	$abacus_order->set_customer_id( $abacus_customer );
	$abacus_order->set_created_via( 'checkout' );
	$abacus_lines = mt_rand( 1, 3 );
	for ( $abacus_l = 0; $abacus_l < $abacus_lines; $abacus_l++ ) {
		$abacus_order->add_product( $abacus_products[ mt_rand( 0, count( $abacus_products ) - 1 ) ], mt_rand( 1, 3 ) );
	}
	$abacus_country = mt_rand( 0, 1 ) ? 'US' : 'GB';
	$abacus_order->set_address(
		array(
			'first_name' => 'Bench',
			'last_name'  => 'Buyer' . ( $abacus_i % 50 ),
			'country'    => $abacus_country,
			'state'      => 'US' === $abacus_country ? 'CA' : '',
			'city'       => 'Town',
			'postcode'   => '90001',
			'email'      => 'bench' . ( $abacus_i % 400 ) . '@example.test',
		),
		'billing'
	);
	if ( $abacus_i % 2 ) {
		$abacus_ship = new WC_Order_Item_Shipping();
		$abacus_ship->set_method_title( 'Flat rate' );
		$abacus_ship->set_method_id( 'flat_rate' );
		$abacus_ship->set_total( '5.00' );
		$abacus_order->add_item( $abacus_ship );
	}
	$abacus_order->calculate_totals();
	if ( 0 === $abacus_i % 5 ) {
		$abacus_order->apply_coupon( 'save10' );
	}
	$abacus_order->set_payment_method( 'bacs' );
	$abacus_when = $abacus_now - mt_rand( 0, 364 * DAY_IN_SECONDS );
	$abacus_order->set_date_created( new WC_DateTime( '@' . $abacus_when ) );
	$abacus_status = $abacus_statuses[ mt_rand( 0, count( $abacus_statuses ) - 1 ) ];
	if ( in_array( $abacus_status, array( 'completed', 'processing' ), true ) ) {
		$abacus_order->set_date_paid( new WC_DateTime( '@' . $abacus_when ) );
	}
	$abacus_order->set_status( $abacus_status );
	$abacus_order->save();
	if ( 'completed' === $abacus_status && 0 === mt_rand( 0, 30 ) ) {
		wc_create_refund(
			array(
				'order_id' => $abacus_order->get_id(),
				'amount'   => '5.00',
				'reason'   => 'Bench',
			)
		);
	}
	if ( $abacus_per_commit > 1 && 0 === ( $abacus_i + 1 ) % $abacus_per_commit ) {
		$wpdb->query( 'COMMIT' );
		$wpdb->query( 'START TRANSACTION' );
	}
}
if ( $abacus_per_commit > 1 ) {
	$wpdb->query( 'COMMIT' );
}
echo wp_json_encode(
	array(
		'orders'  => $abacus_count,
		'seconds' => microtime( true ) - $abacus_t0,
	)
), "\n";
