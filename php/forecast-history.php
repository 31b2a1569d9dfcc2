<?php
/**
 * The forecast's daily history inside wp-admin on WooCommerce's figures, in one request:
 * GET abacus/v1/forecast/history?today=YYYY-MM-DD[&days=800] answers the store's complete days
 * before `today` (the page's store-local day), each day's total sales, orders and net sales as
 * WooCommerce's revenue stats count them. The route asks WooCommerce's own route
 * (`wc-analytics/reports/revenue/stats`, by day, at most 100 days an answer) inside this request
 * with rest_do_request, in the same pieces the page used to ask one by one, so the figures are
 * WooCommerce's to the cent, computed with the store's date type and excluded statuses, and kept in
 * WooCommerce's own report cache (emptied when orders change): a second tab of the day costs one
 * WordPress request instead of eight. Nothing is kept by Abacus.
 *
 * WordPress checks the REST nonce of the cookie-authenticated request before this runs; the user
 * must be allowed to view the reports (abacus_rest_permission). The page sends this request only
 * when its reports read WooCommerce's figures; with the Abacus engine in use it asks the engine's
 * forecast route instead.
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

/** Most days one answer holds (the forecast reads 800: two years and a bit). */
define( 'ABACUS_FORECAST_HISTORY_MAX_DAYS', 800 );
/** Days per answer of WooCommerce's revenue stats (its per_page maximum). */
define( 'ABACUS_FORECAST_HISTORY_PAGE_DAYS', 100 );

/**
 * The figures the forecast reads from revenue stats.
 *
 * @return string[]
 */
function abacus_forecast_history_metrics() {
	return array( 'total_sales', 'orders_count', 'net_revenue' );
}

/**
 * A day as YYYY-MM-DD that is a real date (from year 2000 to 2999), as a UTC midnight; null
 * otherwise.
 *
 * @param mixed $value Submitted value.
 * @return DateTimeImmutable|null
 */
function abacus_forecast_history_day( $value ) {
	if ( ! is_string( $value ) || ! preg_match( '/^2\d{3}-\d{2}-\d{2}$/', $value ) ) {
		return null;
	}
	$day = DateTimeImmutable::createFromFormat( '!Y-m-d', $value, new DateTimeZone( 'UTC' ) );
	return $day && $day->format( 'Y-m-d' ) === $value ? $day : null;
}

/**
 * Validates `today`.
 *
 * @param mixed $value Submitted value.
 * @return true|WP_Error
 */
function abacus_forecast_history_validate_today( $value ) {
	if ( null === abacus_forecast_history_day( $value ) ) {
		return new WP_Error( 'rest_invalid_param', __( 'today must be a date written YYYY-MM-DD, such as 2026-11-30.', 'abacus' ), array( 'status' => 400 ) );
	}
	return true;
}

/**
 * Validates `days`.
 *
 * @param mixed $value Submitted value.
 * @return true|WP_Error
 */
function abacus_forecast_history_validate_days( $value ) {
	$text = is_int( $value ) ? (string) $value : $value;
	if ( ! is_string( $text ) || ! preg_match( '/^\d{1,4}$/', $text ) || (int) $text < 1 || (int) $text > ABACUS_FORECAST_HISTORY_MAX_DAYS ) {
		/* translators: %d: the most days. */
		return new WP_Error( 'rest_invalid_param', sprintf( __( 'days must be a whole number from 1 to %d.', 'abacus' ), ABACUS_FORECAST_HISTORY_MAX_DAYS ), array( 'status' => 400 ) );
	}
	return true;
}

/**
 * The value the page reads from a revenue stats figure: a finite number as it is, a numeric text
 * as a number, anything else 0 (as JavaScript's Number() and the page's check of it).
 *
 * @param mixed $value Figure.
 * @return int|float
 */
function abacus_forecast_history_value( $value ) {
	if ( is_int( $value ) ) {
		return $value;
	}
	if ( is_float( $value ) ) {
		return is_finite( $value ) ? $value : 0;
	}
	if ( is_string( $value ) && is_numeric( trim( $value ) ) ) {
		$number = (float) trim( $value );
		return is_finite( $number ) ? $number : 0;
	}
	return 0;
}

/**
 * GET abacus/v1/forecast/history: `{first_day, days, values: {total_sales, orders_count,
 * net_revenue}}`, each a list of `days` values from first_day (today − days) to the day before
 * today; a day revenue stats does not list counts 0.
 *
 * @param WP_REST_Request $request Request with today and days.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_forecast_history( $request ) {
	$today   = abacus_forecast_history_day( $request['today'] );
	$days    = null === $request['days'] ? ABACUS_FORECAST_HISTORY_MAX_DAYS : (int) $request['days'];
	$first   = $today->modify( '-' . $days . ' days' );
	$metrics = abacus_forecast_history_metrics();
	$values  = array_fill_keys( $metrics, array_fill( 0, $days, 0 ) );
	$route   = '/wc-analytics/reports/revenue/stats';
	for ( $from = 0; $from < $days; $from += ABACUS_FORECAST_HISTORY_PAGE_DAYS ) {
		$to    = min( $days - 1, $from + ABACUS_FORECAST_HISTORY_PAGE_DAYS - 1 );
		$inner = new WP_REST_Request( 'GET', $route );
		$inner->set_query_params(
			array(
				'interval' => 'day',
				'order'    => 'asc',
				'per_page' => ABACUS_FORECAST_HISTORY_PAGE_DAYS,
				'after'    => $first->modify( '+' . $from . ' days' )->format( 'Y-m-d' ) . 'T00:00:00',
				'before'   => $first->modify( '+' . $to . ' days' )->format( 'Y-m-d' ) . 'T23:59:59',
				'fields'   => $metrics,
			)
		);
		$response = rest_do_request( $inner );
		if ( $response->is_error() ) {
			return new WP_Error(
				'abacus_forecast_history',
				/* translators: 1: route, 2: its error. */
				sprintf( __( 'WooCommerce\'s analytics (%1$s) answered: %2$s', 'abacus' ), $route, $response->as_error()->get_error_message() ),
				array( 'status' => 502 )
			);
		}
		// As JSON would carry it: objects inside (an interval's subtotals) become arrays.
		$data      = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
		$intervals = is_array( $data ) && isset( $data['intervals'] ) && is_array( $data['intervals'] ) ? $data['intervals'] : array();
		foreach ( $intervals as $interval ) {
			$day = is_array( $interval ) && isset( $interval['interval'] ) ? abacus_forecast_history_day( $interval['interval'] ) : null;
			if ( null === $day ) {
				continue;
			}
			$index = (int) round( ( $day->getTimestamp() - $first->getTimestamp() ) / DAY_IN_SECONDS );
			if ( $index < 0 || $index >= $days ) {
				continue;
			}
			$subtotals = isset( $interval['subtotals'] ) && is_array( $interval['subtotals'] ) ? $interval['subtotals'] : array();
			foreach ( $metrics as $metric ) {
				$values[ $metric ][ $index ] = abacus_forecast_history_value( isset( $subtotals[ $metric ] ) ? $subtotals[ $metric ] : null );
			}
		}
	}
	return rest_ensure_response(
		array(
			'first_day' => $first->format( 'Y-m-d' ),
			'days'      => $days,
			'values'    => $values,
		)
	);
}

/**
 * Registers the route.
 */
function abacus_register_forecast_history_route() {
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/forecast/history',
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'abacus_rest_forecast_history',
			'permission_callback' => 'abacus_rest_permission',
			'args'                => array(
				'today' => array(
					'description'       => __( 'The store\'s day the history ends before (YYYY-MM-DD).', 'abacus' ),
					'type'              => 'string',
					'required'          => true,
					'validate_callback' => 'abacus_forecast_history_validate_today',
				),
				'days'  => array(
					'description'       => __( 'How many days before today (1 to 800; 800 when left out).', 'abacus' ),
					'validate_callback' => 'abacus_forecast_history_validate_days',
				),
			),
		)
	);
}
add_action( 'rest_api_init', 'abacus_register_forecast_history_route' );
