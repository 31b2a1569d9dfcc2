<?php
/**
 * Test setup, step 1 (run by tests/wordpress/harness.ts with PHP's CLI in the WordPress folder):
 * installs WordPress through wp_install() and activates WooCommerce.
 * Arguments: site title, administrator login, administrator password.
 *
 * @package Abacus
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
define( 'WP_INSTALLING', true );
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

list( , $abacus_title, $abacus_login, $abacus_password ) = $argv;
$abacus_result = wp_install( $abacus_title, $abacus_login, 'admin@example.test', false, '', $abacus_password );
if ( is_wp_error( $abacus_result ) ) {
	fwrite( STDERR, $abacus_result->get_error_message() . "\n" );
	exit( 1 );
}
update_option( 'permalink_structure', '/%postname%/' );
update_option( 'timezone_string', 'Europe/London' );
update_option( 'date_format', 'F j, Y' );
$abacus_activated = activate_plugin( 'woocommerce/woocommerce.php' );
if ( is_wp_error( $abacus_activated ) ) {
	fwrite( STDERR, $abacus_activated->get_error_message() . "\n" );
	exit( 1 );
}
echo wp_json_encode( array( 'wordpress' => get_bloginfo( 'version' ) ) ), "\n";
