<?php
/**
 * The "Store this week" widget on WordPress's own Dashboard, for users who may view reports: today
 * and this week so far against the same time last week (net sales, orders, average order value),
 * a small chart of the week by day, and the week's top product, each linking to its Abacus report.
 *
 * The Dashboard is not slowed: the widget prints a placeholder of the final size, and its small
 * script (build/wp/dashboard-widget.js, enqueued on the Dashboard only) asks for the figures once
 * the page has loaded, through api-fetch: from WooCommerce's analytics routes, or from the Abacus
 * engine (with the page's token) when the store chose it, as the report pages do. The page embeds
 * only what the script needs (window.abacusDashboardWidget): the ranges in the store's time zone,
 * the currency and locale, the REST root and nonce, the report address and the engine settings.
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

/** The widget's id (also its container's). */
define( 'ABACUS_DASHBOARD_WIDGET', 'abacus_dashboard_widget' );

/**
 * Whether the current user gets the widget: the store is active and they may view its reports.
 *
 * @return bool
 */
function abacus_dashboard_widget_allowed() {
	return abacus_store_is_active() && current_user_can( 'view_woocommerce_reports' );
}

/**
 * Adds the widget to the Dashboard for users who may view reports.
 */
function abacus_dashboard_widget_setup() {
	if ( ! abacus_dashboard_widget_allowed() ) {
		return;
	}
	wp_add_dashboard_widget( ABACUS_DASHBOARD_WIDGET, __( 'Store this week', 'abacus' ), 'abacus_dashboard_widget_render' );
}
add_action( 'wp_dashboard_setup', 'abacus_dashboard_widget_setup' );

/**
 * The widget's placeholder: the script replaces it with the figures. It has the final layout's
 * size, so the Dashboard does not move when they arrive.
 */
function abacus_dashboard_widget_render() {
	if ( ! file_exists( plugin_dir_path( ABACUS_PLUGIN_FILE ) . 'build/wp/dashboard-widget.asset.php' ) ) {
		echo '<p>' . esc_html__( 'Abacus is not built: run "npm run build:client" in the plugin folder.', 'abacus' ) . '</p>';
		return;
	}
	echo '<div id="abacus-dashboard-widget-root"><div class="abacus-dw" aria-busy="true">';
	echo '<p class="screen-reader-text" role="status">' . esc_html__( 'Loading the store’s figures…', 'abacus' ) . '</p>';
	echo '<div class="abacus-dw__skeleton" aria-hidden="true">';
	for ( $i = 0; $i < 2; $i++ ) {
		echo '<div class="abacus-dw__skeleton-section"><span class="abacus-dw__bone abacus-dw__bone--title"></span><div class="abacus-dw__skeleton-figures">';
		for ( $j = 0; $j < 3; $j++ ) {
			echo '<span class="abacus-dw__bone abacus-dw__bone--figure"></span>';
		}
		echo '</div></div>';
	}
	echo '<span class="abacus-dw__bone abacus-dw__bone--chart"></span><span class="abacus-dw__bone abacus-dw__bone--line"></span>';
	echo '</div>';
	echo '<noscript><p>' . esc_html__( 'The store’s figures need JavaScript.', 'abacus' ) . '</p></noscript>';
	echo '</div></div>';
}

/**
 * The widget's ranges in the store's time zone (local times as WooCommerce's analytics routes read
 * `after` and `before`): today and this week so far (from the store's week start), and the same
 * spans a week earlier.
 *
 * @param DateTimeImmutable|null $now Now (the current time in the store's time zone by default).
 * @return array<string, array{after: string, before: string}>
 */
function abacus_dashboard_widget_ranges( $now = null ) {
	$now         = null === $now ? current_datetime() : $now;
	$format      = 'Y-m-d\TH:i:s';
	$today       = $now->setTime( 0, 0, 0 );
	$start       = (int) get_option( 'start_of_week', 1 );
	$back        = ( (int) $today->format( 'w' ) - $start + 7 ) % 7;
	$week        = $today->modify( '-' . $back . ' days' );
	$a_week_back = function ( DateTimeImmutable $date ) {
		return $date->modify( '-7 days' );
	};
	return array(
		'today'         => array(
			'after'  => $today->format( $format ),
			'before' => $now->format( $format ),
		),
		'week'          => array(
			'after'  => $week->format( $format ),
			'before' => $now->format( $format ),
		),
		'lastWeekToday' => array(
			'after'  => $a_week_back( $today )->format( $format ),
			'before' => $a_week_back( $now )->format( $format ),
		),
		'lastWeek'      => array(
			'after'  => $a_week_back( $week )->format( $format ),
			'before' => $a_week_back( $now )->format( $format ),
		),
	);
}

/**
 * What the widget's script reads as window.abacusDashboardWidget: the smallest part of the
 * settings the Abacus pages embed that the widget needs.
 *
 * @return array<string, mixed>
 */
function abacus_dashboard_widget_settings() {
	$settings = abacus_dashboard_widget_store_settings();
	return array_merge(
		$settings,
		array(
			'ranges'    => abacus_dashboard_widget_ranges(),
			'reportUrl' => admin_url( 'admin.php?page=' . ABACUS_PAGE ),
		)
	);
}

/**
 * The store's currency, locale, REST root and nonce and engine settings, as abacusSettings has
 * them, without the parts that cost requests to build (the data endpoints, preloaded answers).
 *
 * @return array<string, mixed>
 */
function abacus_dashboard_widget_store_settings() {
	$currency_code = function_exists( 'get_woocommerce_currency' ) ? get_woocommerce_currency() : 'USD';
	$symbol        = function_exists( 'get_woocommerce_currency_symbol' ) ? abacus_decode_label( get_woocommerce_currency_symbol( $currency_code ) ) : '$';
	$position      = get_option( 'woocommerce_currency_pos', 'left' );
	return array(
		'restRoot'  => esc_url_raw( rest_url() ),
		'restNonce' => wp_create_nonce( 'wp_rest' ),
		'currency'  => array(
			'code'              => $currency_code,
			'symbol'            => $symbol,
			'symbolPosition'    => in_array( $position, array( 'left', 'right', 'left_space', 'right_space' ), true ) ? $position : 'left',
			'thousandSeparator' => (string) get_option( 'woocommerce_price_thousand_sep', ',' ),
			'decimalSeparator'  => (string) get_option( 'woocommerce_price_decimal_sep', '.' ),
			'precision'         => (int) get_option( 'woocommerce_price_num_decimals', 2 ),
		),
		'locale'    => str_replace( '_', '-', get_user_locale() ),
		'engine'    => abacus_engine_page_settings(),
	);
}

/**
 * Enqueues the widget's script and style on the Dashboard only, for users who get the widget.
 *
 * @param string $hook_suffix Current admin page.
 */
function abacus_dashboard_widget_enqueue( $hook_suffix ) {
	if ( 'index.php' !== $hook_suffix || ! abacus_dashboard_widget_allowed() ) {
		return;
	}
	$dir        = plugin_dir_path( ABACUS_PLUGIN_FILE );
	$asset_file = $dir . 'build/wp/dashboard-widget.asset.php';
	$asset      = file_exists( $asset_file ) ? require $asset_file : null;
	if ( ! is_array( $asset ) || ! abacus_dependencies_available( (array) $asset['dependencies'] ) ) {
		return;
	}
	wp_register_script( 'abacus-dashboard-widget', plugins_url( 'build/wp/dashboard-widget.js', ABACUS_PLUGIN_FILE ), $asset['dependencies'], $asset['version'], array( 'in_footer' => true ) );
	wp_add_inline_script( 'abacus-dashboard-widget', 'window.abacusDashboardWidget = ' . wp_json_encode( abacus_dashboard_widget_settings(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';', 'before' );
	wp_set_script_translations( 'abacus-dashboard-widget', 'abacus', $dir . 'languages' );
	wp_enqueue_script( 'abacus-dashboard-widget' );
	if ( file_exists( $dir . 'build/wp/dashboard-widget.css' ) ) {
		wp_enqueue_style( 'abacus-dashboard-widget', plugins_url( 'build/wp/dashboard-widget.css', ABACUS_PLUGIN_FILE ), array(), $asset['version'] );
	}
}
add_action( 'admin_enqueue_scripts', 'abacus_dashboard_widget_enqueue' );
