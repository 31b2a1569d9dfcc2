<?php
/**
 * With the Abacus engine chosen, a saved setting that shapes its figures (the date type, the
 * statuses counted, the currency and its format, the time zone, the week start, the stock
 * thresholds…) reaches the engine at once: when the request that saved it ends, the plugin tells
 * the engine (`POST abacus/v1/sync/settings`, with a one-minute token carrying only the
 * `sync_settings` scope), and the engine reads the store's settings again straight away instead of
 * at its next sync round. The save's time and whether the engine was told are kept in the option
 * `abacus_engine_settings_change`, so the report pages say "recomputing" until the engine has
 * read them (abacusSettings.engine.settingsChange).
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

define( 'ABACUS_ENGINE_SETTINGS_CHANGE_OPTION', 'abacus_engine_settings_change' );
/** The scope of the notice's token: it lets the token ask for a read of the settings, nothing else. */
define( 'ABACUS_ENGINE_SYNC_SETTINGS_SCOPE', 'sync_settings' );
/** How long after a save the pages still say the engine is recomputing, at most (seconds). */
define( 'ABACUS_ENGINE_SETTINGS_CHANGE_WINDOW', 15 * MINUTE_IN_SECONDS );

/**
 * The options the engine reads from the store because they shape its figures.
 *
 * @return string[]
 */
function abacus_engine_figure_options() {
	return array(
		'woocommerce_date_type',
		'woocommerce_excluded_report_order_statuses',
		'woocommerce_actionable_order_statuses',
		'woocommerce_default_date_range',
		'woocommerce_currency',
		'woocommerce_currency_pos',
		'woocommerce_price_thousand_sep',
		'woocommerce_price_decimal_sep',
		'woocommerce_price_num_decimals',
		'woocommerce_default_country',
		'woocommerce_manage_stock',
		'woocommerce_notify_low_stock_amount',
		'woocommerce_notify_no_stock_amount',
		'timezone_string',
		'gmt_offset',
		'start_of_week',
		'date_format',
		'time_format',
		'blogname',
	);
}

/**
 * Notes a change of an option; one that shapes the engine's figures schedules the notice for the
 * end of this request (once, however many options change).
 *
 * @param string $option Option name.
 */
function abacus_engine_note_option_change( $option ) {
	if ( ! is_string( $option ) || ! in_array( $option, abacus_engine_figure_options(), true ) ) {
		return;
	}
	if ( ! abacus_engine_is_active() ) {
		return;
	}
	if ( false === has_action( 'shutdown', 'abacus_engine_send_settings_notice' ) ) {
		add_action( 'shutdown', 'abacus_engine_send_settings_notice' );
	}
}
add_action( 'updated_option', 'abacus_engine_note_option_change', 10, 1 );
add_action( 'added_option', 'abacus_engine_note_option_change', 10, 1 );
add_action( 'deleted_option', 'abacus_engine_note_option_change', 10, 1 );

/**
 * Tells the engine that settings which shape its figures were saved, and records the save (its
 * time and whether the engine took the notice). Through `wp_safe_remote_post`, without
 * redirects, three seconds at most; the engine's answer is never shown.
 */
function abacus_engine_send_settings_notice() {
	$settings = abacus_engine_settings();
	$url      = $settings['url'];
	$notified = false;
	$outcome  = '';
	if ( abacus_engine_is_active() && '' === abacus_engine_refused_address( $url ) ) {
		$now      = time();
		$token    = abacus_engine_sign_token(
			array(
				'aud'   => abacus_engine_origin( $url ),
				'store' => abacus_engine_store_id(),
				'sub'   => 0,
				'cap'   => 'view_woocommerce_reports',
				'iat'   => $now,
				'exp'   => $now + MINUTE_IN_SECONDS,
				'scope' => array( ABACUS_ENGINE_SYNC_SETTINGS_SCOPE ),
			),
			abacus_engine_secret()
		);
		$response = wp_safe_remote_post(
			$url . '/wp-json/abacus/v1/sync/settings',
			array(
				'timeout'             => 3,
				'redirection'         => 0,
				'limit_response_size' => 65536,
				'headers'             => array(
					'Authorization' => 'Bearer ' . $token,
					'Accept'        => 'application/json',
					'Content-Type'  => 'application/json',
				),
				'body'                => '{}',
			)
		);
		if ( is_wp_error( $response ) ) {
			$outcome = $response->get_error_message();
		} else {
			$code     = (int) wp_remote_retrieve_response_code( $response );
			$notified = 202 === $code;
			$outcome  = 'HTTP ' . $code;
		}
	} else {
		$outcome = 'not called';
	}
	update_option(
		ABACUS_ENGINE_SETTINGS_CHANGE_OPTION,
		array(
			'at'       => gmdate( 'Y-m-d\TH:i:s\Z' ),
			'notified' => $notified,
			// What the call gave (an HTTP status or the network error), for the site's owner.
			'outcome'  => $outcome,
		),
		false
	);
}

/**
 * The last save of settings that shape figures, for the page (abacusSettings.engine.settingsChange),
 * while recent; null otherwise.
 *
 * @return array{at: string, notified: bool}|null
 */
function abacus_engine_settings_change() {
	$change = get_option( ABACUS_ENGINE_SETTINGS_CHANGE_OPTION, null );
	if ( ! is_array( $change ) || ! isset( $change['at'] ) || ! is_string( $change['at'] ) ) {
		return null;
	}
	$at = strtotime( $change['at'] );
	if ( false === $at || time() - $at > ABACUS_ENGINE_SETTINGS_CHANGE_WINDOW ) {
		return null;
	}
	return array(
		'at'       => $change['at'],
		'notified' => ! empty( $change['notified'] ),
	);
}
