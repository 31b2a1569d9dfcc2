<?php
/**
 * Plugin Name: Abacus report extension (example)
 * Description: Adds an 'Average item value' column to the Abacus orders report and a 'Single category' filter to its products report, through the same JS filters as WooCommerce's analytics.
 * Version: 0.1.0
 * Requires Plugins: abacus
 * License: GPL-3.0-or-later
 * Text Domain: abacus-report-extension
 *
 * @package AbacusReportExtension
 */

defined( 'ABSPATH' ) || exit;

/**
 * Enqueues the extension on the Abacus pages (admin.php?page=abacus), after the abacus-* handles
 * its build depends on (build/index.asset.php, written by `npm run build`).
 */
function abacus_report_extension_enqueue() {
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- reading the page slug only.
	$page = isset( $_GET['page'] ) ? sanitize_key( wp_unslash( $_GET['page'] ) ) : '';
	if ( 'abacus' !== $page ) {
		return;
	}
	$asset_file = __DIR__ . '/build/index.asset.php';
	if ( ! is_readable( $asset_file ) ) {
		return;
	}
	$asset = require $asset_file;
	wp_enqueue_script(
		'abacus-report-extension',
		plugins_url( 'build/index.js', __FILE__ ),
		$asset['dependencies'],
		$asset['version'],
		true
	);
	wp_set_script_translations( 'abacus-report-extension', 'abacus-report-extension' );
}
add_action( 'admin_enqueue_scripts', 'abacus_report_extension_enqueue', 20 );
