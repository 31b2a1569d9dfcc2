<?php
/**
 * Plugin Name:       Abacus
 * Plugin URI:        https://example.org/abacus
 * Description:       Store analytics and reports: revenue, orders, products, variations, categories, coupons, taxes, downloads, stock and customers, with charts, comparisons, advanced filters and CSV export.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            The Abacus team
 * License:           GPL-3.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-3.0.html
 * Text Domain:       abacus
 * Domain Path:       /languages
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

define( 'ABACUS_VERSION', '0.1.0' );
define( 'ABACUS_PLUGIN_FILE', __FILE__ );
define( 'ABACUS_PAGE', 'abacus' );

/**
 * Whether the store plugin whose REST API Abacus reads is active.
 *
 * @return bool
 */
function abacus_store_is_active() {
	return class_exists( 'WooCommerce' ) || function_exists( 'WC' );
}

/**
 * The capability that opens the Analytics pages: the store's reports capability, or
 * manage_options when the store plugin is absent (so an administrator still sees the notice).
 *
 * @return string
 */
function abacus_capability() {
	return abacus_store_is_active() ? 'view_woocommerce_reports' : 'manage_options';
}

/**
 * Menu entries: label => in-app path.
 *
 * @return array<string, string>
 */
function abacus_menu_pages() {
	return array(
		'/analytics/overview'   => __( 'Overview', 'abacus' ),
		'/analytics/revenue'    => __( 'Revenue', 'abacus' ),
		'/analytics/orders'     => __( 'Orders', 'abacus' ),
		'/analytics/products'   => __( 'Products', 'abacus' ),
		'/analytics/variations' => __( 'Variations', 'abacus' ),
		'/analytics/categories' => __( 'Categories', 'abacus' ),
		'/analytics/coupons'    => __( 'Coupons', 'abacus' ),
		'/analytics/taxes'      => __( 'Taxes', 'abacus' ),
		'/analytics/downloads'  => __( 'Downloads', 'abacus' ),
		'/analytics/stock'      => __( 'Stock', 'abacus' ),
		'/customers'            => __( 'Customers', 'abacus' ),
		'/analytics/settings'   => __( 'Settings', 'abacus' ),
	);
}

/**
 * Registers the Analytics menu and its sub-pages, all rendering the same app root.
 */
function abacus_register_menu() {
	$capability = abacus_capability();
	add_menu_page(
		__( 'Analytics', 'abacus' ),
		__( 'Analytics', 'abacus' ),
		$capability,
		ABACUS_PAGE,
		'abacus_render_page',
		'dashicons-chart-bar',
		56
	);
	$first = true;
	foreach ( abacus_menu_pages() as $path => $label ) {
		$slug = $first ? ABACUS_PAGE : 'admin.php?page=' . ABACUS_PAGE . '&path=' . rawurlencode( $path );
		add_submenu_page( ABACUS_PAGE, $label, $label, $capability, $slug, $first ? 'abacus_render_page' : '' );
		$first = false;
	}
}
add_action( 'admin_menu', 'abacus_register_menu' );

/**
 * The page body: the app mounts into #root.
 */
function abacus_render_page() {
	if ( ! current_user_can( abacus_capability() ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'abacus' ), 403 );
	}
	echo '<div class="wrap abacus-wrap"><div id="root"></div><noscript>' . esc_html__( 'Abacus needs JavaScript to show your reports.', 'abacus' ) . '</noscript></div>';
}

/**
 * Shows a clear notice when the store plugin is missing.
 */
function abacus_missing_store_notice() {
	if ( abacus_store_is_active() || ! current_user_can( 'activate_plugins' ) ) {
		return;
	}
	echo '<div class="notice notice-warning"><p>' . esc_html__( 'Abacus needs WooCommerce to be installed and active: its reports read the store\'s data through the WooCommerce REST API.', 'abacus' ) . '</p></div>';
}
add_action( 'admin_notices', 'abacus_missing_store_notice' );

/**
 * Whether this WordPress registers every script the externals build depends on.
 *
 * @param string[] $dependencies Script handles from index.asset.php.
 * @return bool
 */
function abacus_dependencies_available( $dependencies ) {
	foreach ( $dependencies as $handle ) {
		if ( ! wp_script_is( $handle, 'registered' ) ) {
			return false;
		}
	}
	return true;
}

/**
 * A JSON-decoded option, or the fallback.
 *
 * @param string $name     Option name.
 * @param mixed  $fallback Default.
 * @return mixed
 */
function abacus_option( $name, $fallback ) {
	$value = get_option( $name, $fallback );
	return null === $value ? $fallback : $value;
}

/**
 * The store time zone's entry of moment-timezone's database (build/<flavour>/time-zones.json, written
 * by the build): the client bundles moment-timezone without its database and loads this zone.
 *
 * @param string $name IANA name or offset.
 * @return array{version: string, zones: string[], links: string[]}
 */
function abacus_time_zone_data( $name ) {
	$empty = array(
		'version' => '',
		'zones'   => array(),
		'links'   => array(),
	);
	if ( '' === $name || '+' === $name[0] || '-' === $name[0] ) {
		return $empty;
	}
	$dir  = plugin_dir_path( ABACUS_PLUGIN_FILE ) . 'build/';
	$file = file_exists( $dir . 'wp/time-zones.json' ) ? $dir . 'wp/time-zones.json' : $dir . 'standalone/time-zones.json';
	if ( ! is_readable( $file ) ) {
		return $empty;
	}
	$database = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
	if ( ! is_array( $database ) || ! isset( $database['zones'], $database['links'] ) ) {
		return $empty;
	}
	$zone_of = function ( $zone_name ) use ( $database ) {
		foreach ( $database['zones'] as $zone ) {
			if ( 0 === strpos( $zone, $zone_name . '|' ) ) {
				return $zone;
			}
		}
		return null;
	};
	$version = isset( $database['version'] ) ? (string) $database['version'] : '';
	$own     = $zone_of( $name );
	if ( null !== $own ) {
		return array(
			'version' => $version,
			'zones'   => array( $own ),
			'links'   => array(),
		);
	}
	foreach ( $database['links'] as $link ) {
		$parts = explode( '|', $link );
		if ( 2 === count( $parts ) && $parts[1] === $name ) {
			$target = $zone_of( $parts[0] );
			if ( null !== $target ) {
				return array(
					'version' => $version,
					'zones'   => array( $target ),
					'links'   => array( $link ),
				);
			}
		}
	}
	return $empty;
}

/**
 * The settings object the app reads as window.abacusSettings.
 *
 * @return array<string, mixed>
 */
function abacus_settings() {
	$user          = wp_get_current_user();
	$has_store     = abacus_store_is_active();
	$currency_code = $has_store && function_exists( 'get_woocommerce_currency' ) ? get_woocommerce_currency() : 'USD';
	$symbol        = $has_store && function_exists( 'get_woocommerce_currency_symbol' ) ? html_entity_decode( get_woocommerce_currency_symbol( $currency_code ) ) : '$';
	$statuses      = $has_store && function_exists( 'wc_get_order_statuses' ) ? wc_get_order_statuses() : array(
		'wc-pending'    => __( 'Pending payment', 'abacus' ),
		'wc-processing' => __( 'Processing', 'abacus' ),
		'wc-on-hold'    => __( 'On hold', 'abacus' ),
		'wc-completed'  => __( 'Completed', 'abacus' ),
		'wc-cancelled'  => __( 'Cancelled', 'abacus' ),
		'wc-refunded'   => __( 'Refunded', 'abacus' ),
		'wc-failed'     => __( 'Failed', 'abacus' ),
	);
	$order_statuses = array();
	foreach ( $statuses as $key => $label ) {
		$order_statuses[ preg_replace( '/^wc-/', '', $key ) ] = $label;
	}
	$countries = array();
	if ( $has_store && function_exists( 'WC' ) && isset( WC()->countries ) ) {
		$countries = WC()->countries->get_countries();
	}
	$time_zone = get_option( 'timezone_string' );
	if ( ! $time_zone ) {
		$offset    = (float) get_option( 'gmt_offset', 0 );
		$hours     = (int) $offset;
		$minutes   = (int) round( abs( $offset - $hours ) * 60 );
		$time_zone = sprintf( '%s%02d:%02d', $offset < 0 ? '-' : '+', abs( $hours ), $minutes );
	}
	$position_option = get_option( 'woocommerce_currency_pos', 'left' );
	global $wp_locale;

	$preload_options = array();
	foreach ( array( 'woocommerce_default_date_range', 'woocommerce_excluded_report_order_statuses', 'woocommerce_actionable_order_statuses', 'woocommerce_manage_stock' ) as $option ) {
		$preload_options[ $option ] = get_option( $option, null );
	}
	$meta_keys = array( 'revenue_report_columns', 'orders_report_columns', 'products_report_columns', 'variations_report_columns', 'categories_report_columns', 'coupons_report_columns', 'taxes_report_columns', 'customers_report_columns', 'dashboard_sections', 'dashboard_chart_type', 'dashboard_chart_interval', 'dashboard_leaderboard_rows' );
	$user_meta = array();
	foreach ( $meta_keys as $key ) {
		$value             = get_user_meta( $user->ID, 'woocommerce_admin_' . $key, true );
		$user_meta[ $key ] = is_string( $value ) ? $value : '';
	}

	return array(
		'adminUrl'                          => admin_url(),
		'siteUrl'                           => home_url( '/' ),
		'siteTitle'                         => get_bloginfo( 'name' ),
		'assetUrl'                          => plugins_url( 'build/', ABACUS_PLUGIN_FILE ),
		'restRoot'                          => esc_url_raw( rest_url() ),
		'restNonce'                         => wp_create_nonce( 'wp_rest' ),
		'currency'                          => array(
			'code'              => $currency_code,
			'symbol'            => $symbol,
			'symbolPosition'    => in_array( $position_option, array( 'left', 'right', 'left_space', 'right_space' ), true ) ? $position_option : 'left',
			'thousandSeparator' => (string) get_option( 'woocommerce_price_thousand_sep', ',' ),
			'decimalSeparator'  => (string) get_option( 'woocommerce_price_decimal_sep', '.' ),
			'precision'         => (int) get_option( 'woocommerce_price_num_decimals', 2 ),
		),
		'locale'                            => array(
			'siteLocale'    => get_locale(),
			'userLocale'    => get_user_locale(),
			'weekdaysShort' => isset( $wp_locale ) ? array_values( $wp_locale->weekday_abbrev ) : array( 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat' ),
		),
		'timeZone'                          => $time_zone,
		'timeZoneData'                      => abacus_time_zone_data( $time_zone ),
		'dateFormat'                        => get_option( 'date_format', 'F j, Y' ),
		'timeFormat'                        => get_option( 'time_format', 'g:i a' ),
		'startOfWeek'                       => (int) get_option( 'start_of_week', 1 ),
		'orderStatuses'                     => $order_statuses,
		'countries'                         => $countries,
		'manageStock'                       => 'no' === get_option( 'woocommerce_manage_stock', 'yes' ) ? 'no' : 'yes',
		'reviewsEnabled'                    => 'no' === get_option( 'woocommerce_enable_reviews', 'yes' ) ? 'no' : 'yes',
		'preloadOptions'                    => $preload_options,
		'preloadSettings'                   => array(),
		'wcAdminSettings'                   => array(
			'woocommerce_excluded_report_order_statuses' => abacus_option( 'woocommerce_excluded_report_order_statuses', array( 'pending', 'failed', 'cancelled' ) ),
			'woocommerce_actionable_order_statuses'      => abacus_option( 'woocommerce_actionable_order_statuses', array( 'processing', 'on-hold' ) ),
			'woocommerce_default_date_range'             => abacus_option( 'woocommerce_default_date_range', 'period=month&compare=previous_year' ),
		),
		'currentUserData'                   => array(
			'id'               => $user->ID,
			'username'         => $user->user_login,
			'name'             => $user->display_name,
			'email'            => $user->user_email,
			'capabilities'     => array( 'view_woocommerce_reports' => current_user_can( abacus_capability() ) ),
			'woocommerce_meta' => $user_meta,
		),
		'dataEndpoints'                     => new stdClass(),
		'variationTitleAttributesSeparator' => apply_filters( 'woocommerce_product_variation_title_attributes_separator', ' - ', null ),
		// Answers of the first load's small requests, served by api-fetch's preloading middleware.
		'preloadedRequests'                 => (object) array_reduce( array( '/wc-admin/navigation/favorites/me' ), 'rest_preload_api_request', array() ),
	);
}

/**
 * Enqueues the app on its own page only: the externals build when this WordPress provides its
 * dependencies, otherwise the fully bundled build.
 *
 * @param string $hook_suffix Current admin page.
 */
function abacus_enqueue( $hook_suffix ) {
	if ( ! isset( $_GET['page'] ) || ABACUS_PAGE !== $_GET['page'] ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended
		return;
	}
	unset( $hook_suffix );
	$dir        = plugin_dir_path( ABACUS_PLUGIN_FILE );
	$asset_file = $dir . 'build/wp/index.asset.php';
	$asset      = file_exists( $asset_file ) ? require $asset_file : null;
	$use_wp     = is_array( $asset ) && abacus_dependencies_available( $asset['dependencies'] );
	$flavour    = $use_wp ? 'wp' : 'standalone';
	$deps       = $use_wp ? $asset['dependencies'] : array();
	$version    = is_array( $asset ) ? $asset['version'] : ABACUS_VERSION;

	if ( ! file_exists( $dir . "build/$flavour/index.js" ) ) {
		add_action(
			'admin_notices',
			function () {
				echo '<div class="notice notice-error"><p>' . esc_html__( 'Abacus is not built: run "npm run build:client" in the plugin folder.', 'abacus' ) . '</p></div>';
			}
		);
		return;
	}

	wp_register_script( 'abacus-app', plugins_url( "build/$flavour/index.js", ABACUS_PLUGIN_FILE ), $deps, $version, true );
	wp_add_inline_script( 'abacus-app', 'window.abacusSettings = ' . wp_json_encode( abacus_settings(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';', 'before' );
	wp_set_script_translations( 'abacus-app', 'abacus', $dir . 'languages' );
	wp_enqueue_script( 'abacus-app' );
	if ( file_exists( $dir . "build/$flavour/index.css" ) ) {
		wp_enqueue_style( 'abacus-app', plugins_url( "build/$flavour/index.css", ABACUS_PLUGIN_FILE ), array( 'wp-components' ), $version );
	}
}
add_action( 'admin_enqueue_scripts', 'abacus_enqueue' );

/**
 * Loads the PHP-side translations.
 */
function abacus_load_textdomain() {
	load_plugin_textdomain( 'abacus', false, dirname( plugin_basename( ABACUS_PLUGIN_FILE ) ) . '/languages' );
}
add_action( 'init', 'abacus_load_textdomain' );
