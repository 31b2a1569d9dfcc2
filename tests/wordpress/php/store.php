<?php
/**
 * Test setup, step 2 (PHP's CLI in the WordPress folder, WooCommerce active): finishes
 * WooCommerce's install the way its first admin visit does (HPOS on for a new shop), sets the
 * store's options, and adds a shop manager, a subscriber and customers.
 * Arguments: a JSON object {"shopManager": {user, password}, "subscriber": {user, password}}.
 *
 * @package Abacus
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
require __DIR__ . '/wp-load.php';

use Automattic\WooCommerce\Utilities\OrderUtil;

$abacus_users = json_decode( $argv[1], true );

if ( ! function_exists( 'WC' ) ) {
	fwrite( STDERR, "WooCommerce is not active.\n" );
	exit( 1 );
}
WC_Install::install();
WC_Install::newly_installed();
if ( ! OrderUtil::custom_orders_table_usage_is_enabled() ) {
	fwrite( STDERR, "WooCommerce did not switch its orders to HPOS (custom order tables).\n" );
	exit( 1 );
}

foreach (
	array(
		'woocommerce_store_address'        => '1 Market Street',
		'woocommerce_store_city'           => 'San Francisco',
		'woocommerce_default_country'      => 'US:CA',
		'woocommerce_store_postcode'       => '94105',
		'woocommerce_currency'             => 'USD',
		'woocommerce_currency_pos'         => 'left',
		'woocommerce_price_thousand_sep'   => ',',
		'woocommerce_price_decimal_sep'    => '.',
		'woocommerce_price_num_decimals'   => '2',
		'woocommerce_calc_taxes'           => 'yes',
		'woocommerce_tax_based_on'         => 'billing',
		'woocommerce_prices_include_tax'   => 'no',
		'woocommerce_manage_stock'         => 'yes',
		'woocommerce_notify_low_stock_amount' => '5',
		'woocommerce_coming_soon'          => 'no',
		'woocommerce_onboarding_profile'   => array( 'skipped' => true ),
		'woocommerce_task_list_hidden'     => 'yes',
		'woocommerce_show_marketplace_suggestions' => 'no',
		'woocommerce_allow_tracking'       => 'no',
	) as $abacus_option => $abacus_value
) {
	update_option( $abacus_option, $abacus_value );
}

$abacus_roles = array(
	'shopManager' => 'shop_manager',
	'subscriber'  => 'subscriber',
);
foreach ( $abacus_roles as $abacus_key => $abacus_role ) {
	$abacus_id = wp_insert_user(
		array(
			'user_login' => $abacus_users[ $abacus_key ]['user'],
			'user_pass'  => $abacus_users[ $abacus_key ]['password'],
			'user_email' => $abacus_users[ $abacus_key ]['user'] . '@example.test',
			'role'       => $abacus_role,
		)
	);
	if ( is_wp_error( $abacus_id ) ) {
		fwrite( STDERR, $abacus_id->get_error_message() . "\n" );
		exit( 1 );
	}
}
echo wp_json_encode(
	array(
		'woocommerce' => WC()->version,
		'hpos'        => OrderUtil::custom_orders_table_usage_is_enabled(),
	)
), "\n";
