<?php
/**
 * Runs when the plugin is deleted in WordPress: removes what Abacus stored and WooCommerce does not
 * use itself: its own options, and the favourites, the saved views and Abacus's own report
 * preferences of every user.
 * WooCommerce's own options and its report preferences are left as they are.
 *
 * @package Abacus
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

foreach (
	array(
		'abacus_favorites',
		'woocommerce_admin_abacus_saved_views',
		'woocommerce_admin_dashboard_performance_indicators_hidden',
		'woocommerce_admin_stock_report_columns',
		'woocommerce_admin_downloads_report_columns',
	) as $abacus_meta_key
) {
	delete_metadata( 'user', 0, $abacus_meta_key, '', true );
}

foreach ( array( 'abacus_payments_not_now', 'abacus_engine', 'abacus_engine_secret' ) as $abacus_option ) {
	delete_option( $abacus_option );
}
