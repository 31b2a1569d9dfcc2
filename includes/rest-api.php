<?php
/**
 * Abacus's own REST routes (namespace abacus/v1), for what the supported WooCommerce versions no
 * longer answer: the current user's favourite menu entries (user meta), and Abacus's own options
 * (WooCommerce's wc-admin/options answers only a frozen list of its own options).
 *
 * WordPress checks the REST nonce (X-WP-Nonce) of every cookie-authenticated request before these
 * run: without it the request is anonymous and the permission callback refuses it.
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

define( 'ABACUS_REST_NAMESPACE', 'abacus/v1' );
define( 'ABACUS_FAVORITES_META', 'abacus_favorites' );
/** Most favourites a user keeps. */
define( 'ABACUS_MAX_FAVORITES', 50 );

/**
 * Whether the current user may use Abacus's routes: logged in and allowed to view the reports.
 *
 * @return true|WP_Error
 */
function abacus_rest_permission() {
	if ( ! is_user_logged_in() ) {
		return new WP_Error( 'rest_not_logged_in', __( 'You are not logged in, or the page\'s security token has expired: reload the page.', 'abacus' ), array( 'status' => 401 ) );
	}
	if ( ! current_user_can( abacus_capability() ) ) {
		return new WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to view the store\'s analytics.', 'abacus' ), array( 'status' => 403 ) );
	}
	return true;
}

/**
 * The current user's favourites: a list of menu item ids.
 *
 * @return string[]
 */
function abacus_get_favorites() {
	$stored = get_user_meta( get_current_user_id(), ABACUS_FAVORITES_META, true );
	if ( ! is_array( $stored ) ) {
		return array();
	}
	return array_values( array_filter( $stored, 'is_string' ) );
}

/**
 * Validates an item id: 1 to 200 characters of letters, digits and `-_./:?=&%`.
 *
 * @param mixed $value Submitted value.
 * @return true|WP_Error
 */
function abacus_validate_item_id( $value ) {
	if ( ! is_string( $value ) || '' === $value || strlen( $value ) > 200 || ! preg_match( '#^[A-Za-z0-9_./:?=&%-]+$#', $value ) ) {
		return new WP_Error( 'rest_invalid_param', __( 'item_id must be a menu item id: 1 to 200 letters, digits or -_./:?=&%.', 'abacus' ), array( 'status' => 400 ) );
	}
	return true;
}

/**
 * GET: the favourites.
 *
 * @return WP_REST_Response
 */
function abacus_rest_get_favorites() {
	return rest_ensure_response( abacus_get_favorites() );
}

/**
 * POST: adds a favourite (at the end; once).
 *
 * @param WP_REST_Request $request Request with item_id.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_add_favorite( $request ) {
	$item      = (string) $request['item_id'];
	$favorites = abacus_get_favorites();
	if ( ! in_array( $item, $favorites, true ) ) {
		if ( count( $favorites ) >= ABACUS_MAX_FAVORITES ) {
			/* translators: %d: the most favourites a user can keep. */
			return new WP_Error( 'abacus_too_many_favorites', sprintf( __( 'You can keep at most %d favourites: remove one first.', 'abacus' ), ABACUS_MAX_FAVORITES ), array( 'status' => 400 ) );
		}
		$favorites[] = $item;
		update_user_meta( get_current_user_id(), ABACUS_FAVORITES_META, $favorites );
	}
	return rest_ensure_response( $favorites );
}

/**
 * DELETE: removes a favourite.
 *
 * @param WP_REST_Request $request Request with item_id.
 * @return WP_REST_Response
 */
function abacus_rest_remove_favorite( $request ) {
	$item      = (string) $request['item_id'];
	$favorites = array_values( array_diff( abacus_get_favorites(), array( $item ) ) );
	update_user_meta( get_current_user_id(), ABACUS_FAVORITES_META, $favorites );
	return rest_ensure_response( $favorites );
}

/**
 * Abacus's own options: name => sanitiser of a submitted value (returns the value to store, or a
 * WP_Error saying what was wrong).
 *
 * @return array<string, callable>
 */
function abacus_own_options() {
	return array(
		// Payment plugins the user chose "Not now" for: a list of plugin slugs.
		'abacus_payments_not_now' => function ( $value ) {
			if ( ! is_array( $value ) || count( $value ) > 100 ) {
				return new WP_Error( 'rest_invalid_param', __( 'abacus_payments_not_now must be a list of at most 100 plugin slugs.', 'abacus' ), array( 'status' => 400 ) );
			}
			foreach ( $value as $slug ) {
				if ( ! is_string( $slug ) || ! preg_match( '/^[a-z0-9][a-z0-9_-]{0,99}$/', $slug ) ) {
					return new WP_Error( 'rest_invalid_param', __( 'abacus_payments_not_now must be a list of plugin slugs (lower-case letters, digits, - and _).', 'abacus' ), array( 'status' => 400 ) );
				}
			}
			return array_values( array_unique( $value ) );
		},
	);
}

/**
 * Whether the current user may read and change Abacus's options: the store managers.
 *
 * @return true|WP_Error
 */
function abacus_rest_options_permission() {
	$logged_in = abacus_rest_permission();
	if ( true !== $logged_in ) {
		return $logged_in;
	}
	if ( ! current_user_can( 'manage_woocommerce' ) ) {
		return new WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to change the store\'s settings.', 'abacus' ), array( 'status' => 403 ) );
	}
	return true;
}

/**
 * An error naming the options that are not Abacus's, or null when all are.
 *
 * @param string[] $names Option names.
 * @return WP_Error|null
 */
function abacus_unknown_options_error( $names ) {
	$unknown = array_diff( $names, array_keys( abacus_own_options() ) );
	if ( ! $unknown ) {
		return null;
	}
	return new WP_Error(
		'rest_invalid_param',
		/* translators: 1: option names that were asked for, 2: the options this route answers. */
		sprintf( __( 'Unknown options: %1$s. This route answers only %2$s.', 'abacus' ), implode( ', ', array_slice( $unknown, 0, 10 ) ), implode( ', ', array_keys( abacus_own_options() ) ) ),
		array( 'status' => 400 )
	);
}

/**
 * GET ?options=a,b: the values (null when never saved).
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_get_options( $request ) {
	$names = array_values( array_filter( explode( ',', (string) $request['options'] ) ) );
	$error = abacus_unknown_options_error( $names );
	if ( $error ) {
		return $error;
	}
	$values = array();
	foreach ( $names as $name ) {
		$values[ $name ] = get_option( $name, null );
	}
	return rest_ensure_response( (object) $values );
}

/**
 * POST {name: value, ...}: validates every value first, then saves them all (nothing is saved when
 * one is wrong).
 *
 * @param WP_REST_Request $request Request with a JSON object body.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_update_options( $request ) {
	$body = $request->get_json_params();
	if ( ! is_array( $body ) || ! $body ) {
		return new WP_Error( 'rest_invalid_param', __( 'Send a JSON object of option names and values.', 'abacus' ), array( 'status' => 400 ) );
	}
	$error = abacus_unknown_options_error( array_map( 'strval', array_keys( $body ) ) );
	if ( $error ) {
		return $error;
	}
	$sanitisers = abacus_own_options();
	$clean      = array();
	foreach ( $body as $name => $value ) {
		$result = call_user_func( $sanitisers[ $name ], $value );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		$clean[ $name ] = $result;
	}
	foreach ( $clean as $name => $value ) {
		update_option( $name, $value, false );
	}
	return rest_ensure_response( (object) $clean );
}

/**
 * Registers the routes.
 */
function abacus_register_rest_routes() {
	$item_arg = array(
		'item_id' => array(
			'description'       => __( 'The menu item id.', 'abacus' ),
			'type'              => 'string',
			'required'          => true,
			'validate_callback' => 'abacus_validate_item_id',
		),
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/favorites/me',
		array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => 'abacus_rest_get_favorites',
				'permission_callback' => 'abacus_rest_permission',
			),
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => 'abacus_rest_add_favorite',
				'permission_callback' => 'abacus_rest_permission',
				'args'                => $item_arg,
			),
			array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => 'abacus_rest_remove_favorite',
				'permission_callback' => 'abacus_rest_permission',
				'args'                => $item_arg,
			),
		)
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/options',
		array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => 'abacus_rest_get_options',
				'permission_callback' => 'abacus_rest_options_permission',
				'args'                => array(
					'options' => array(
						'description' => __( 'Comma-separated option names.', 'abacus' ),
						'type'        => 'string',
						'required'    => true,
					),
				),
			),
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => 'abacus_rest_update_options',
				'permission_callback' => 'abacus_rest_options_permission',
			),
		)
	);
}
add_action( 'rest_api_init', 'abacus_register_rest_routes' );
