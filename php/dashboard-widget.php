<?php
/**
 * The "Store this week" widget on WordPress's own Dashboard, for users who may view reports: today
 * and this week so far against the same time last week (net sales, orders, average order value),
 * a small chart of the week by day, and the week's top product, each linking to its Abacus report.
 *
 * The Dashboard is not slowed: the widget prints a placeholder of the final size, and its small
 * script (build/wp/dashboard-widget.js, enqueued on the Dashboard only) makes one request once the
 * page has loaded: GET abacus/v1/dashboard-widget (REST nonce, `view_woocommerce_reports`). That
 * route computes everything the widget shows in PHP, from the same source the report pages read
 * (WooCommerce's analytics routes inside the request, or the Abacus engine when the store chose it,
 * as the e-mail digests do), and keeps the answer a few minutes in a transient, so that several
 * Dashboard views in a row cost the store one computation. The page embeds only what the script
 * needs to show it (window.abacusDashboardWidget): the currency, the locale and the report address.
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

/** Seconds the widget's figures are kept before the next Dashboard view computes them again. */
define( 'ABACUS_DASHBOARD_WIDGET_TTL', 5 * MINUTE_IN_SECONDS );

/**
 * What the widget's script reads as window.abacusDashboardWidget: the store's currency and
 * locale and the report address (the figures come from abacus/v1/dashboard-widget).
 *
 * @return array<string, mixed>
 */
function abacus_dashboard_widget_settings() {
	$currency_code = function_exists( 'get_woocommerce_currency' ) ? get_woocommerce_currency() : 'USD';
	$symbol        = function_exists( 'get_woocommerce_currency_symbol' ) ? abacus_decode_label( get_woocommerce_currency_symbol( $currency_code ) ) : '$';
	$position      = get_option( 'woocommerce_currency_pos', 'left' );
	return array(
		'path'      => '/abacus/v1/dashboard-widget',
		'reportUrl' => admin_url( 'admin.php?page=' . ABACUS_PAGE ),
		'currency'  => array(
			'code'              => $currency_code,
			'symbol'            => $symbol,
			'symbolPosition'    => in_array( $position, array( 'left', 'right', 'left_space', 'right_space' ), true ) ? $position : 'left',
			'thousandSeparator' => (string) get_option( 'woocommerce_price_thousand_sep', ',' ),
			'decimalSeparator'  => (string) get_option( 'woocommerce_price_decimal_sep', '.' ),
			'precision'         => (int) get_option( 'woocommerce_price_num_decimals', 2 ),
		),
		'locale'    => str_replace( '_', '-', get_user_locale() ),
	);
}

/**
 * Net sales, orders and average order value of an analytics answer's totals or subtotals.
 *
 * @param mixed $values Totals.
 * @return array{net_revenue: float, orders_count: int, avg_order_value: float}
 */
function abacus_dashboard_widget_figures( $values ) {
	$values = is_array( $values ) ? $values : array();
	$number = function ( $key ) use ( $values ) {
		return isset( $values[ $key ] ) && is_numeric( $values[ $key ] ) ? 0 + $values[ $key ] : 0;
	};
	return array(
		'net_revenue'     => (float) $number( 'net_revenue' ),
		'orders_count'    => (int) $number( 'orders_count' ),
		'avg_order_value' => (float) $number( 'avg_order_value' ),
	);
}

/**
 * The days of a revenue stats answer by day, in order: `date` (Y-m-d) and the figures.
 *
 * @param array<mixed> $stats Answer.
 * @return array<int, array<string, mixed>>
 */
function abacus_dashboard_widget_days( $stats ) {
	$days = array();
	foreach ( isset( $stats['intervals'] ) && is_array( $stats['intervals'] ) ? $stats['intervals'] : array() as $interval ) {
		$start = is_array( $interval ) && isset( $interval['date_start'] ) ? (string) $interval['date_start'] : '';
		if ( ! preg_match( '/^\d{4}-\d{2}-\d{2}/', $start ) ) {
			continue;
		}
		$days[] = array_merge( array( 'date' => substr( $start, 0, 10 ) ), abacus_dashboard_widget_figures( isset( $interval['subtotals'] ) ? $interval['subtotals'] : array() ) );
	}
	usort(
		$days,
		function ( $x, $y ) {
			return strcmp( $x['date'], $y['date'] );
		}
	);
	return $days;
}

/**
 * The figures of the day starting `$after` (Y-m-d…) among a range's days (none: zeros).
 *
 * @param array<int, array<string, mixed>> $days  Days.
 * @param string                           $after The day's start.
 * @return array<string, mixed>
 */
function abacus_dashboard_widget_day( $days, $after ) {
	foreach ( $days as $day ) {
		if ( substr( $after, 0, 10 ) === $day['date'] ) {
			unset( $day['date'] );
			return $day;
		}
	}
	return abacus_dashboard_widget_figures( array() );
}

/**
 * Everything the widget shows, computed now from the report pages' source (WooCommerce's analytics
 * routes, or the engine when it is chosen): the ranges, today's and the week's figures and the same
 * spans last week's (today's are the last day of each range by day, as the report's daily chart
 * shows them), the days of both weeks for the chart, and the week's top product by net sales.
 *
 * @param DateTimeImmutable|null $now Now (the store's time zone).
 * @return array<string, mixed>|WP_Error
 */
function abacus_dashboard_widget_compute( $now = null ) {
	$ranges = abacus_dashboard_widget_ranges( $now );
	$stats  = function ( $range ) {
		return abacus_digest_get(
			'/wc-analytics/reports/revenue/stats',
			array_merge(
				$range,
				array(
					'interval' => 'day',
					'per_page' => 100,
					'_locale'  => 'user',
				)
			)
		);
	};
	$week = $stats( $ranges['week'] );
	if ( is_wp_error( $week ) ) {
		return $week;
	}
	$last_week = $stats( $ranges['lastWeek'] );
	if ( is_wp_error( $last_week ) ) {
		return $last_week;
	}
	$products = abacus_digest_get(
		'/wc-analytics/reports/products',
		array_merge(
			$ranges['week'],
			array(
				'orderby'       => 'net_revenue',
				'order'         => 'desc',
				'per_page'      => 1,
				'extended_info' => 'true',
				'_locale'       => 'user',
			)
		)
	);
	if ( is_wp_error( $products ) ) {
		return $products;
	}
	$week_days      = abacus_dashboard_widget_days( $week );
	$last_week_days = abacus_dashboard_widget_days( $last_week );
	$top            = null;
	$row            = isset( $products[0] ) && is_array( $products[0] ) ? $products[0] : null;
	if ( $row && ! empty( $row['product_id'] ) ) {
		$name = isset( $row['extended_info']['name'] ) && is_string( $row['extended_info']['name'] ) ? $row['extended_info']['name'] : '';
		$top  = array(
			'id'         => (int) $row['product_id'],
			'name'       => '' !== $name ? abacus_decode_label( $name ) : '#' . (int) $row['product_id'],
			'netRevenue' => (float) ( isset( $row['net_revenue'] ) ? $row['net_revenue'] : 0 ),
			'itemsSold'  => (int) ( isset( $row['items_sold'] ) ? $row['items_sold'] : 0 ),
		);
	}
	$at = null === $now ? current_datetime() : $now;
	return array(
		'ranges'        => $ranges,
		'today'         => abacus_dashboard_widget_day( $week_days, $ranges['today']['after'] ),
		'lastWeekToday' => abacus_dashboard_widget_day( $last_week_days, $ranges['lastWeekToday']['after'] ),
		'week'          => abacus_dashboard_widget_figures( isset( $week['totals'] ) ? $week['totals'] : array() ),
		'lastWeek'      => abacus_dashboard_widget_figures( isset( $last_week['totals'] ) ? $last_week['totals'] : array() ),
		'weekDays'      => $week_days,
		'lastWeekDays'  => $last_week_days,
		'top'           => $top,
		'source'        => abacus_engine_is_active() ? 'engine' : 'woocommerce',
		/* The time the figures were computed, in the store's time format. */
		'asOf'          => wp_date( (string) get_option( 'time_format', 'H:i' ), $at->getTimestamp() ),
	);
}

/**
 * The transient that keeps the widget's answer: one per source, store day, week start and
 * language (the figures are the store's, the same for every user who may view reports).
 *
 * @return string
 */
function abacus_dashboard_widget_cache_key() {
	$engine = abacus_engine_is_active() ? abacus_engine_settings()['url'] : '';
	return 'abacus_dw_' . md5( wp_json_encode( array( $engine, current_datetime()->format( 'Y-m-d' ), (int) get_option( 'start_of_week', 1 ), get_user_locale(), get_option( 'time_format' ) ) ) );
}

/**
 * GET abacus/v1/dashboard-widget: the widget's figures (kept ABACUS_DASHBOARD_WIDGET_TTL seconds).
 *
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_dashboard_widget() {
	$key    = abacus_dashboard_widget_cache_key();
	$cached = get_transient( $key );
	if ( is_array( $cached ) && isset( $cached['ranges'] ) ) {
		return rest_ensure_response( $cached );
	}
	$data = abacus_dashboard_widget_compute();
	if ( is_wp_error( $data ) ) {
		$data->add_data( array( 'status' => 502 ) );
		return $data;
	}
	set_transient( $key, $data, ABACUS_DASHBOARD_WIDGET_TTL );
	return rest_ensure_response( $data );
}

/**
 * Registers the widget's route.
 */
function abacus_register_dashboard_widget_route() {
	register_rest_route(
		'abacus/v1',
		'/dashboard-widget',
		array(
			'methods'             => 'GET',
			'callback'            => 'abacus_rest_dashboard_widget',
			'permission_callback' => 'abacus_dashboard_widget_allowed',
		)
	);
}
add_action( 'rest_api_init', 'abacus_register_dashboard_widget_route' );

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
