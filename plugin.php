<?php
/**
 * Plugin Name:          Abacus
 * Plugin URI:           https://example.org/abacus
 * Description:          Store analytics and reports: revenue, orders, products, variations, categories, coupons, taxes, downloads, stock and customers, with charts, comparisons, advanced filters and CSV export.
 * Version:              0.1.0
 * Requires at least:    6.7
 * Requires PHP:         7.4
 * Requires Plugins:     woocommerce
 * WC requires at least: 9.6
 * WC tested up to:      10.0
 * Author:               The Abacus team
 * License:              GPL-3.0-or-later
 * License URI:          https://www.gnu.org/licenses/gpl-3.0.html
 * Text Domain:          abacus
 * Domain Path:          /languages
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

define( 'ABACUS_VERSION', '0.1.0' );
define( 'ABACUS_PLUGIN_FILE', __FILE__ );
define( 'ABACUS_PAGE', 'abacus' );

require_once __DIR__ . '/includes/rest-api.php';
// The Abacus engine setting, its token and routes (php/engine.php).
require_once __DIR__ . '/php/engine.php';
// The engine told at once when settings that shape its figures are saved.
require_once __DIR__ . '/php/engine-settings-notice.php';
// The abacus-* script handles (build/wp-packages), registered on every admin page so that any
// extension may depend on them.
require_once __DIR__ . '/php/register-packages.php';
// The "Store this week" widget on WordPress's Dashboard (php/dashboard-widget.php).
require_once __DIR__ . '/php/dashboard-widget.php';
// Notes on charts: the abacus/v1/annotations routes and their table (php/annotations.php).
require_once __DIR__ . '/php/annotations.php';
// E-mail digests: settings, WP-Cron sending, the e-mail and its unsubscribe link (php/digests.php).
require_once __DIR__ . '/php/digests.php';
// The forecast's daily history in one request on WooCommerce's figures (php/forecast-history.php).
require_once __DIR__ . '/php/forecast-history.php';

/**
 * Declares that Abacus works with WooCommerce's order tables (HPOS): it reads orders through
 * WooCommerce's REST API only.
 */
function abacus_declare_woocommerce_compatibility() {
	if ( class_exists( '\\Automattic\\WooCommerce\\Utilities\\FeaturesUtil' ) ) {
		\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'custom_order_tables', ABACUS_PLUGIN_FILE, true );
	}
}
add_action( 'before_woocommerce_init', 'abacus_declare_woocommerce_compatibility' );

/**
 * The user preferences Abacus keeps beside WooCommerce's own (in WooCommerce's user data, meta
 * `woocommerce_admin_<key>`): WooCommerce saves only keys on its allow-list.
 *
 * @return string[]
 */
function abacus_user_data_fields() {
	return array( 'abacus_saved_views', 'dashboard_performance_indicators_hidden', 'stock_report_columns', 'downloads_report_columns', 'abacus_annotations_hidden' );
}

/**
 * Adds Abacus's preferences to WooCommerce's allow-list of user data fields.
 *
 * @param string[] $fields Allowed fields.
 * @return string[]
 */
function abacus_allow_user_data_fields( $fields ) {
	return array_values( array_unique( array_merge( (array) $fields, abacus_user_data_fields() ) ) );
}
add_filter( 'woocommerce_admin_get_user_data_fields', 'abacus_allow_user_data_fields' );

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
		'/analytics/overview'         => __( 'Overview', 'abacus' ),
		'/analytics/revenue'          => __( 'Revenue', 'abacus' ),
		'/analytics/orders'           => __( 'Orders', 'abacus' ),
		'/analytics/products'         => __( 'Products', 'abacus' ),
		'/analytics/variations'       => __( 'Variations', 'abacus' ),
		'/analytics/categories'       => __( 'Categories', 'abacus' ),
		// Profit, the breakdowns, when orders come and cohorts are computed by the Abacus engine; with
		// WooCommerce's own analytics their pages say so and how to connect it.
		'/analytics/profit'           => __( 'Profit', 'abacus' ),
		'/analytics/coupons'          => __( 'Coupons', 'abacus' ),
		'/analytics/taxes'            => __( 'Taxes', 'abacus' ),
		'/analytics/downloads'        => __( 'Downloads', 'abacus' ),
		'/analytics/payment-methods'  => __( 'Payment methods', 'abacus' ),
		'/analytics/shipping-methods' => __( 'Shipping methods', 'abacus' ),
		'/analytics/origins'          => __( 'Order origin', 'abacus' ),
		'/analytics/places'           => __( 'Places', 'abacus' ),
		'/analytics/order-times'      => __( 'When orders come', 'abacus' ),
		'/analytics/cohorts'          => __( 'Cohorts', 'abacus' ),
		'/analytics/stock'            => __( 'Stock', 'abacus' ),
		'/customers'                  => __( 'Customers', 'abacus' ),
		'/analytics/settings'         => __( 'Settings', 'abacus' ),
		// The store pages: inside wp-admin WordPress's menu is the only navigation (no in-app menu).
		'/inbox'                      => __( 'Inbox', 'abacus' ),
		'/reviews'                    => __( 'Reviews', 'abacus' ),
		'/stock-update'               => __( 'Stock update', 'abacus' ),
		'/payments'                   => __( 'Payments', 'abacus' ),
		'/onboarding'                 => __( 'Store profile', 'abacus' ),
		'/settings/general'           => __( 'Store settings', 'abacus' ),
	);
}

/**
 * The admin address of an in-app path's menu entry (the first entry is the menu's own page).
 *
 * @param string $path In-app path.
 * @return string
 */
function abacus_menu_slug( $path ) {
	return '/analytics/overview' === $path ? ABACUS_PAGE : 'admin.php?page=' . ABACUS_PAGE . '&path=' . rawurlencode( $path );
}

/**
 * Registers Abacus's own menu ("Abacus", beside WooCommerce's menus) and its sub-pages, all
 * rendering the same app root.
 */
function abacus_register_menu() {
	$capability = abacus_capability();
	add_menu_page(
		__( 'Abacus analytics', 'abacus' ),
		__( 'Abacus', 'abacus' ),
		$capability,
		ABACUS_PAGE,
		'abacus_render_page',
		'dashicons-chart-area',
		58
	);
	foreach ( abacus_menu_pages() as $path => $label ) {
		$slug = abacus_menu_slug( $path );
		add_submenu_page( ABACUS_PAGE, $label, $label, $capability, $slug, ABACUS_PAGE === $slug ? 'abacus_render_page' : '' );
	}
}
add_action( 'admin_menu', 'abacus_register_menu' );

/**
 * The in-app path of the current request (`path` in the address), unslashed and sanitised;
 * `/analytics/overview` when absent.
 *
 * @return string
 */
function abacus_current_path() {
	$path = isset( $_GET['path'] ) ? sanitize_text_field( wp_unslash( $_GET['path'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- reading which page to show.
	$path = '/' . trim( preg_replace( '#/+#', '/', $path ), '/' );
	return '/' === $path ? '/analytics/overview' : $path;
}

/**
 * The files of the current page's own chunks (build/wp/chunk-groups.json: the report or the
 * Overview the app loads first), relative to build/wp; none for a page without its own chunk.
 *
 * @return string[]
 */
function abacus_page_chunk_files() {
	$path  = abacus_current_path();
	$group = '';
	if ( '/analytics/overview' === $path ) {
		$group = 'dashboard';
	} elseif ( '/analytics/settings' === $path ) {
		$group = 'analytics-settings';
	} elseif ( preg_match( '#^/analytics/([a-z]+(?:-[a-z]+)*)$#', $path, $match ) ) {
		$group = 'report-' . $match[1];
	}
	$file = plugin_dir_path( ABACUS_PLUGIN_FILE ) . 'build/wp/chunk-groups.json';
	if ( '' === $group || ! is_readable( $file ) ) {
		return array();
	}
	$groups = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local build file.
	$files  = is_array( $groups ) && isset( $groups[ $group ] ) && is_array( $groups[ $group ] ) ? $groups[ $group ] : array();
	return array_values(
		array_filter(
			$files,
			function ( $name ) {
				return is_string( $name ) && 1 === preg_match( '#^chunks/[A-Za-z0-9._-]+\.(js|css)$#', $name );
			}
		)
	);
}

/**
 * Preloads the current page's own chunks from the page's head: they download beside WordPress's
 * scripts, not after them (the app asks for them once its scripts have run).
 */
function abacus_preload_page_chunks() {
	if ( ! abacus_is_own_page() || ! current_user_can( abacus_capability() ) ) {
		return;
	}
	foreach ( abacus_page_chunk_files() as $name ) {
		$as = '.css' === substr( $name, -4 ) ? 'style' : 'script';
		printf(
			'<link rel="preload" href="%s" as="%s" />' . "\n",
			esc_url( plugins_url( 'build/wp/' . $name, ABACUS_PLUGIN_FILE ) ),
			esc_attr( $as )
		);
	}
}
add_action( 'admin_head', 'abacus_preload_page_chunks', 1 );

/**
 * Highlights the sub-page of the current in-app path in WordPress's menu (all Abacus pages share
 * one admin page, so WordPress alone would highlight the first entry everywhere).
 *
 * @param string|null $submenu_file The sub-menu entry WordPress would highlight.
 * @param string      $parent_file  The current top-level menu.
 * @return string|null
 */
function abacus_submenu_file( $submenu_file, $parent_file ) {
	if ( ABACUS_PAGE !== $parent_file ) {
		return $submenu_file;
	}
	$path = abacus_current_path();
	foreach ( array_keys( abacus_menu_pages() ) as $menu_path ) {
		if ( $menu_path === $path || 0 === strpos( $path, $menu_path . '/' ) ) {
			return abacus_menu_slug( $menu_path );
		}
	}
	// A helper screen (inbox, reviews, payments, ...) is none of the menu's entries.
	return '';
}
add_filter( 'submenu_file', 'abacus_submenu_file', 10, 2 );

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
 * The store time zone's entry of moment-timezone's database (build/wp/time-zones.json, written
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
	$file = $dir . 'wp/time-zones.json';
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
 * What the dashboard needs before its first request, as WooCommerce's own analytics page embeds
 * it: the performance indicators and leaderboards this store allows (from WooCommerce's REST API,
 * answered in this request).
 *
 * Asking WooCommerce's REST API in the page's request sets its whole REST server up (every route
 * of WordPress and WooCommerce registered): about a third of the page's PHP time. The answer depends
 * only on the code that runs (WooCommerce, the active plugins and their versions), the language and
 * whether the person may see the reports, so it is kept for a day under a key of those, and asked
 * again after any plugin, theme or translation update.
 *
 * @return array<string, mixed>|stdClass
 */
function abacus_data_endpoints() {
	if ( ! abacus_store_is_active() ) {
		return new stdClass();
	}
	$key    = abacus_data_endpoints_cache_key();
	$cached = get_transient( $key );
	if ( is_array( $cached ) && isset( $cached['performanceIndicators'], $cached['leaderboards'] ) ) {
		return $cached;
	}
	$endpoints = array();
	foreach (
		array(
			'performanceIndicators' => '/wc-analytics/reports/performance-indicators/allowed',
			'leaderboards'          => '/wc-analytics/leaderboards/allowed',
		) as $name => $route
	) {
		$response = rest_do_request( new WP_REST_Request( 'GET', $route ) );
		if ( ! $response->is_error() ) {
			$endpoints[ $name ] = rest_get_server()->response_to_data( $response, false );
		}
	}
	if ( isset( $endpoints['performanceIndicators'], $endpoints['leaderboards'] ) ) {
		set_transient( $key, $endpoints, DAY_IN_SECONDS );
	}
	return $endpoints ? $endpoints : new stdClass();
}

/**
 * The key of the kept answer of abacus_data_endpoints(): WooCommerce's version, the active plugins
 * (site and network), the user's language, whether the user may see the reports, and a generation
 * moved on by every update of plugins, themes or translations.
 *
 * @return string
 */
function abacus_data_endpoints_cache_key() {
	$inputs = array(
		defined( 'WC_VERSION' ) ? WC_VERSION : '',
		get_option( 'active_plugins', array() ),
		is_multisite() ? get_site_option( 'active_sitewide_plugins', array() ) : array(),
		get_user_locale(),
		current_user_can( abacus_capability() ),
		(int) get_option( 'abacus_data_endpoints_generation', 0 ),
	);
	return 'abacus_data_endpoints_' . md5( (string) wp_json_encode( $inputs ) );
}

/**
 * Asks the data endpoints again after an update of plugins, themes or translations (a plugin's
 * new version may allow other indicators or leaderboards, or name them otherwise).
 */
function abacus_renew_data_endpoints() {
	update_option( 'abacus_data_endpoints_generation', (int) get_option( 'abacus_data_endpoints_generation', 0 ) + 1, false );
}
add_action( 'upgrader_process_complete', 'abacus_renew_data_endpoints' );

/**
 * The settings object the app reads as window.abacusSettings, built once per request and user: the
 * app and the abacus-settings handle (printed when an extension depends on it) share it.
 *
 * @return array<string, mixed>
 */
function abacus_settings() {
	static $built = array();
	$user_id = get_current_user_id();
	if ( ! isset( $built[ $user_id ] ) ) {
		$built[ $user_id ] = abacus_build_settings();
	}
	return $built[ $user_id ];
}

/**
 * A label from WordPress or WooCommerce as plain text: HTML entities decoded once ("&#36;" → "$",
 * "&amp;" → "&"). The app renders labels as text, never as HTML.
 *
 * @param mixed $label Label, possibly with HTML entities.
 * @return string
 */
function abacus_decode_label( $label ) {
	return html_entity_decode( (string) $label, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
}

/**
 * Builds the settings object of abacus_settings().
 *
 * @return array<string, mixed>
 */
function abacus_build_settings() {
	$user          = wp_get_current_user();
	$has_store     = abacus_store_is_active();
	$currency_code = $has_store && function_exists( 'get_woocommerce_currency' ) ? get_woocommerce_currency() : 'USD';
	$symbol        = $has_store && function_exists( 'get_woocommerce_currency_symbol' ) ? abacus_decode_label( get_woocommerce_currency_symbol( $currency_code ) ) : '$';
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
		$order_statuses[ preg_replace( '/^wc-/', '', $key ) ] = abacus_decode_label( $label );
	}
	$countries = array();
	if ( $has_store && function_exists( 'WC' ) && isset( WC()->countries ) ) {
		// WooCommerce's names carry HTML entities ("&#197;land Islands"): the app shows text.
		$countries = array_map( 'abacus_decode_label', WC()->countries->get_countries() );
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
	// Options the screens read, embedded: WooCommerce's wc-admin/options route answers only a
	// frozen list of options (and only to administrators).
	foreach ( array( 'woocommerce_default_date_range', 'woocommerce_excluded_report_order_statuses', 'woocommerce_actionable_order_statuses', 'woocommerce_date_type', 'woocommerce_manage_stock', 'woocommerce_notify_low_stock_amount', 'woocommerce_notify_no_stock_amount' ) as $option ) {
		$preload_options[ $option ] = get_option( $option, null );
	}
	// Never saved, WooCommerce's analytics count by the paid date.
	if ( null === $preload_options['woocommerce_date_type'] || '' === $preload_options['woocommerce_date_type'] ) {
		$preload_options['woocommerce_date_type'] = 'date_paid';
	}
	$meta_keys = array_merge( array( 'revenue_report_columns', 'orders_report_columns', 'products_report_columns', 'variations_report_columns', 'categories_report_columns', 'coupons_report_columns', 'taxes_report_columns', 'customers_report_columns', 'dashboard_sections', 'dashboard_chart_type', 'dashboard_chart_interval', 'dashboard_leaderboard_rows' ), abacus_user_data_fields() );
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
		'dataEndpoints'                     => abacus_data_endpoints(),
		// The Abacus engine serving the report requests (URL and a short-lived token), or null.
		'engine'                            => abacus_engine_page_settings(),
		// Routes the client calls that differ from the standalone server's.
		'restRoutes'                        => array(
			'favorites'                 => '/' . ABACUS_REST_NAMESPACE . '/favorites/me',
			// WooCommerce 9.6 to 10 no longer answer wc-admin/plugins/recommended-payment-plugins.
			'recommendedPaymentPlugins' => null,
			// Saved through WooCommerce's analytics settings group (manage_woocommerce): its
			// wc-admin/options route refuses these options outside production and to shop managers.
			'analyticsSettings'         => '/wc-analytics/settings/wc_admin',
			'ownOptions'                => '/' . ABACUS_REST_NAMESPACE . '/options',
		),
		'variationTitleAttributesSeparator' => apply_filters( 'woocommerce_product_variation_title_attributes_separator', ' - ', null ),
		// Answers of the first load's small requests, served by api-fetch's preloading middleware:
		// the favourites route's answer, made here (through the REST server, every route of WordPress
		// and WooCommerce would be registered for it).
		'preloadedRequests'                 => array(
			'/' . ABACUS_REST_NAMESPACE . '/favorites/me' => array(
				'body'    => abacus_get_favorites(),
				'headers' => new stdClass(),
			),
		),
	);
}

/**
 * Translations of the lazily loaded chunks: WordPress loads a script's JSON translation only for
 * scripts it prints, and the app loads its report chunks itself. Each chunk is registered (never
 * enqueued) so that load_script_textdomain() finds its JSON file (`abacus-<locale>-<md5 of
 * build/wp/chunks/<file>>.json`, in the plugin's languages folder or WordPress's), and the found
 * translations go into the `abacus` domain before the app runs.
 *
 * @param string $dir     Plugin folder.
 * @param string $version Build version.
 * @return string JavaScript adding the translations, or '' when there are none.
 */
function abacus_chunk_translations_script( $dir, $version ) {
	if ( 'en_US' === determine_locale() ) {
		return '';
	}
	$script = '';
	foreach ( (array) glob( $dir . 'build/wp/chunks/*.js' ) as $file ) {
		$name   = basename( (string) $file );
		$handle = 'abacus-chunk-' . md5( $name );
		wp_register_script( $handle, plugins_url( 'build/wp/chunks/' . $name, ABACUS_PLUGIN_FILE ), array(), $version, true );
		$json = load_script_textdomain( $handle, 'abacus', $dir . 'languages' );
		wp_deregister_script( $handle );
		if ( is_string( $json ) && '' !== $json ) {
			$script .= '( function( translations ) { var data = translations.locale_data.abacus || translations.locale_data.messages; data[""].domain = "abacus"; wp.i18n.setLocaleData( data, "abacus" ); } )( ' . $json . ' );' . "\n";
		}
	}
	return $script;
}

/**
 * JavaScript that keeps WordPress's menu highlight on the current sub-page while the app changes
 * pages without reloading (history.pushState): the entry whose `path` is the address's path, or
 * which the path is under, gets WordPress's `current` class and aria-current.
 *
 * @return string
 */
function abacus_menu_sync_script() {
	$paths = wp_json_encode( array_keys( abacus_menu_pages() ) );
	return <<<JS
( function () {
	var paths = {$paths};
	function sync() {
		var menu = document.querySelector( '#toplevel_page_abacus .wp-submenu' );
		if ( ! menu ) { return; }
		var path = ( new URLSearchParams( window.location.search ).get( 'path' ) || '/analytics/overview' ).replace( /\/+$/, '' ) || '/analytics/overview';
		var match = paths.filter( function ( p ) { return path === p || path.indexOf( p + '/' ) === 0; } )[ 0 ] || '';
		menu.querySelectorAll( 'li' ).forEach( function ( item ) {
			var link = item.querySelector( 'a' );
			if ( ! link || item.classList.contains( 'wp-submenu-head' ) ) { return; }
			var href = new URL( link.href, window.location.href );
			var own = href.searchParams.get( 'path' ) || ( href.searchParams.get( 'page' ) === 'abacus' ? '/analytics/overview' : '' );
			var isCurrent = own !== '' && own === match;
			item.classList.toggle( 'current', isCurrent );
			link.classList.toggle( 'current', isCurrent );
			if ( isCurrent ) { link.setAttribute( 'aria-current', 'page' ); } else { link.removeAttribute( 'aria-current' ); }
		} );
	}
	[ 'pushState', 'replaceState' ].forEach( function ( name ) {
		var original = window.history[ name ];
		window.history[ name ] = function () {
			var result = original.apply( this, arguments );
			sync();
			return result;
		};
	} );
	window.addEventListener( 'popstate', sync );
} )();
JS;
}

/**
 * Whether the current admin request is an Abacus page (`page=abacus`, read unslashed and sanitised).
 *
 * @return bool
 */
function abacus_is_own_page() {
	$page = isset( $_GET['page'] ) ? sanitize_key( wp_unslash( $_GET['page'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- reading which page to show.
	return ABACUS_PAGE === $page;
}

/**
 * Enqueues the app (the build/wp flavour: React and @wordpress/* come from WordPress, the @abacus
 * packages from the abacus-* handles, so an extension depending on abacus-data shares the app's
 * stores) on its own page only, with the JSON translations of its entry and of every chunk.
 *
 * @param string $hook_suffix Current admin page.
 */
function abacus_enqueue( $hook_suffix ) {
	unset( $hook_suffix );
	if ( ! abacus_is_own_page() ) {
		return;
	}
	// WordPress's emoji script is left out of Abacus's page, as WordPress leaves it out of its block
	// editor: where the browser lacks the newest emoji it loads a polyfill whose observer scans every
	// node the app adds (every table cell and chart label of each drawing). Emoji in product names
	// show in the browser's own font.
	remove_action( 'admin_print_scripts', 'print_emoji_detection_script' );
	$dir        = plugin_dir_path( ABACUS_PLUGIN_FILE );
	$asset_file = $dir . 'build/wp/index.asset.php';
	$asset      = file_exists( $asset_file ) ? require $asset_file : null;
	// The app's first script (settings, stores and the first view's requests), which the entry
	// depends on: printed before the components' scripts, so that the figures come while they run.
	$start_file = $dir . 'build/wp/start.asset.php';
	$start      = file_exists( $start_file ) ? require $start_file : null;
	if ( ! is_array( $asset ) || ! file_exists( $dir . 'build/wp/index.js' ) || ! is_array( $start ) || ! file_exists( $dir . 'build/wp/start.js' ) ) {
		add_action(
			'admin_notices',
			function () {
				echo '<div class="notice notice-error"><p>' . esc_html__( 'Abacus is not built: run "npm run build:client" in the plugin folder.', 'abacus' ) . '</p></div>';
			}
		);
		return;
	}
	// The @abacus packages come from the abacus-* handles (build/wp-packages, registered by
	// php/register-packages.php): a plugin folder without that build cannot show the app.
	$dependencies     = array_values( array_unique( array_merge( (array) $start['dependencies'], (array) $asset['dependencies'] ) ) );
	$missing_packages = array_filter(
		$dependencies,
		function ( $handle ) {
			return 0 === strpos( $handle, 'abacus-' ) && ! wp_script_is( $handle, 'registered' );
		}
	);
	$packages_built = file_exists( $dir . 'build/wp-packages/data.asset.php' ) && ( ! in_array( 'abacus-wp-components', $dependencies, true ) || file_exists( $dir . 'build/wp-packages/wp-components.asset.php' ) ) && ( ! in_array( 'abacus-wp-date', $dependencies, true ) || file_exists( $dir . 'build/wp-packages/wp-date.asset.php' ) );
	if ( array() !== $missing_packages && ! $packages_built ) {
		add_action(
			'admin_notices',
			function () {
				echo '<div class="notice notice-error"><p>' . esc_html__( 'Abacus is not built: run "npm run build" in the plugin folder.', 'abacus' ) . '</p></div>';
			}
		);
		return;
	}
	if ( ! abacus_dependencies_available( $dependencies ) ) {
		add_action(
			'admin_notices',
			function () {
				echo '<div class="notice notice-error"><p>' . esc_html__( 'Abacus needs WordPress 6.7 or later: this WordPress lacks scripts the reports are built on.', 'abacus' ) . '</p></div>';
			}
		);
		return;
	}
	$version = $asset['version'];

	wp_register_script( 'abacus-start', plugins_url( 'build/wp/start.js', ABACUS_PLUGIN_FILE ), (array) $start['dependencies'], $start['version'], true );
	wp_register_script( 'abacus-app', plugins_url( 'build/wp/index.js', ABACUS_PLUGIN_FILE ), array_merge( array( 'abacus-start' ), (array) $asset['dependencies'] ), $version, true );
	// The app reads its stores and components from the abacus-* handles; abacus-settings prints
	// window.abacusSettings before itself (abacus_package_settings_inline), so the app's first script
	// prints it only when built without the handles.
	if ( ! in_array( 'abacus-settings', $dependencies, true ) ) {
		wp_add_inline_script( 'abacus-start', 'window.abacusSettings = ' . wp_json_encode( abacus_settings(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';', 'before' );
	}
	wp_set_script_translations( 'abacus-start', 'abacus', $dir . 'languages' );
	wp_set_script_translations( 'abacus-app', 'abacus', $dir . 'languages' );
	$chunks = abacus_chunk_translations_script( $dir, $version );
	if ( '' !== $chunks ) {
		wp_add_inline_script( 'abacus-app', $chunks, 'before' );
	}
	wp_add_inline_script( 'abacus-app', abacus_menu_sync_script(), 'after' );
	// Enqueued first: WordPress prints it as soon as its own dependencies are, before the scripts
	// only the entry needs (the components').
	wp_enqueue_script( 'abacus-start' );
	wp_enqueue_script( 'abacus-app' );
	if ( file_exists( $dir . 'build/wp/index.css' ) ) {
		// After @wordpress/components' styles (the version of the abacus-wp-components script the
		// app reads them from, or WordPress's) and @abacus/components' (the abacus-components style).
		$components_style   = wp_style_is( 'abacus-wp-components', 'registered' ) ? 'abacus-wp-components' : 'wp-components';
		$style_dependencies = wp_style_is( 'abacus-components', 'registered' ) ? array( $components_style, 'abacus-components' ) : array( $components_style );
		wp_enqueue_style( 'abacus-app', plugins_url( 'build/wp/index.css', ABACUS_PLUGIN_FILE ), $style_dependencies, $version );
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
