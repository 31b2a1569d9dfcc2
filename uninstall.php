<?php
/**
 * Runs when the plugin is deleted in WordPress: removes what Abacus stored, and only that: its own
 * options (`abacus_*`: the payment plugins put off, the engine choice and its secret), its kept
 * answers (transients `abacus_*`), and every
 * user's favourites, saved views and the preferences only Abacus keeps (the hidden performance
 * indicators and the stock report's columns, under WooCommerce's user-data prefix as its pages keep
 * theirs, but used by no WooCommerce page).
 *
 * WooCommerce's own options and its report preferences are left as they are, including the
 * Downloads report's columns (`woocommerce_admin_downloads_report_columns`), which Abacus shares
 * with WooCommerce's own Downloads report.
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
	) as $abacus_meta_key
) {
	delete_metadata( 'user', 0, $abacus_meta_key, '', true );
}

foreach ( array( 'abacus_payments_not_now', 'abacus_engine', 'abacus_engine_secret' ) as $abacus_option ) {
	delete_option( $abacus_option );
}

// Any other abacus_* option or user meta a version of the plugin stored.
global $wpdb;
$abacus_like = $wpdb->esc_like( 'abacus_' ) . '%';
// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- uninstall: a one-off listing of the plugin's own keys.
foreach ( (array) $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $abacus_like ) ) as $abacus_option ) {
	delete_option( $abacus_option );
}
// Its kept answers (the dashboard widget's figures, the dashboard's data endpoints): transients.
// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- uninstall: a one-off listing of the plugin's own keys.
foreach ( (array) $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( '_transient_abacus_' ) . '%' ) ) as $abacus_transient ) {
	delete_transient( substr( $abacus_transient, strlen( '_transient_' ) ) );
}
// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- uninstall: a one-off listing of the plugin's own keys.
foreach ( (array) $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", $abacus_like ) ) as $abacus_meta_key ) {
	delete_metadata( 'user', 0, $abacus_meta_key, '', true );
}

// The notes on charts (php/annotations.php).
// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange -- uninstall: the plugin's own table.
$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}abacus_annotations" );
