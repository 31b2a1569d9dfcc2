<?php
/**
 * The Abacus engine: Analytics › Settings lets an administrator (`manage_options`) choose where the
 * report pages get their figures, WooCommerce (built in, the default) or an Abacus engine at a URL
 * sharing a secret with this store; a shop manager sees the choice read-only. With the engine chosen, each Abacus page carries a short-lived token signed
 * with that secret (a JWT, HS256: store, user, capability, scope, expiry), renewed through
 * `POST abacus/v1/engine/token`, and the app sends its report requests to the engine with it.
 *
 * The secret is kept in the option `abacus_engine_secret` (not autoloaded) and never sent back to
 * the browser: the settings route says only whether one is saved and its last four characters.
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

define( 'ABACUS_ENGINE_OPTION', 'abacus_engine' );
define( 'ABACUS_ENGINE_SECRET_OPTION', 'abacus_engine_secret' );
/** Lifetime of a page's engine token, in seconds. */
define( 'ABACUS_ENGINE_TOKEN_LIFETIME', 15 * MINUTE_IN_SECONDS );
/** Shortest and longest shared secret accepted (characters). */
define( 'ABACUS_ENGINE_SECRET_MIN', 16 );
define( 'ABACUS_ENGINE_SECRET_MAX', 256 );

/**
 * The saved engine choice: mode (`woocommerce` or `abacus`) and the engine's URL.
 *
 * @return array{mode: string, url: string}
 */
function abacus_engine_settings() {
	$saved = get_option( ABACUS_ENGINE_OPTION, array() );
	$saved = is_array( $saved ) ? $saved : array();
	return array(
		'mode' => isset( $saved['mode'] ) && 'abacus' === $saved['mode'] ? 'abacus' : 'woocommerce',
		'url'  => isset( $saved['url'] ) && is_string( $saved['url'] ) ? $saved['url'] : '',
	);
}

/**
 * The saved shared secret ('' when none).
 *
 * @return string
 */
function abacus_engine_secret() {
	$secret = get_option( ABACUS_ENGINE_SECRET_OPTION, '' );
	return is_string( $secret ) ? $secret : '';
}

/**
 * This store's id as the engine knows it: the site's address without a trailing slash.
 *
 * @return string
 */
function abacus_engine_store_id() {
	return untrailingslashit( home_url() );
}

/**
 * Base64url without padding.
 *
 * @param string $data Bytes.
 * @return string
 */
function abacus_engine_base64url( $data ) {
	return rtrim( strtr( base64_encode( $data ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the token's encoding.
}

/**
 * Signs claims into a JWT (HS256) with the shared secret.
 *
 * @param array<string, mixed> $claims Claims.
 * @param string               $secret Shared secret.
 * @return string
 */
function abacus_engine_sign_token( $claims, $secret ) {
	$header = abacus_engine_base64url( (string) wp_json_encode( array( 'alg' => 'HS256', 'typ' => 'JWT' ) ) );
	$body   = $header . '.' . abacus_engine_base64url( (string) wp_json_encode( $claims ) );
	return $body . '.' . abacus_engine_base64url( hash_hmac( 'sha256', $body, $secret, true ) );
}

/**
 * The origin of an engine address (`scheme://host[:port]`, the default port left out), as the
 * engine computes its own; '' when the address is not http(s).
 *
 * @param string $url Engine address.
 * @return string
 */
function abacus_engine_origin( $url ) {
	$parts = wp_parse_url( (string) $url );
	if ( ! is_array( $parts ) || empty( $parts['host'] ) || empty( $parts['scheme'] ) ) {
		return '';
	}
	$scheme = strtolower( $parts['scheme'] );
	if ( 'http' !== $scheme && 'https' !== $scheme ) {
		return '';
	}
	$port = isset( $parts['port'] ) ? (int) $parts['port'] : 0;
	$keep = 0 !== $port && ! ( 'https' === $scheme && 443 === $port ) && ! ( 'http' === $scheme && 80 === $port );
	return $scheme . '://' . strtolower( $parts['host'] ) . ( $keep ? ':' . $port : '' );
}

/** The scope that lets a token record products' costs on the engine. */
define( 'ABACUS_ENGINE_EDIT_COSTS_SCOPE', 'edit_costs' );

/**
 * A token for the current user, signed with `$secret` (the saved secret by default). Its `scope`
 * lists the writes the user may make on the engine: recording products' costs for a user who may
 * manage WooCommerce; nothing (reads only) for anyone else.
 *
 * @param string|null $secret     Secret to sign with.
 * @param string|null $engine_url The engine the token is for (the saved engine address by default):
 *                                its origin is the token's audience (`aud`), which the engine checks.
 * @return array{token: string, expires: int}
 */
function abacus_engine_token( $secret = null, $engine_url = null ) {
	$now    = time();
	$expiry = $now + ABACUS_ENGINE_TOKEN_LIFETIME;
	$claims = array(
		'aud'   => abacus_engine_origin( null === $engine_url ? abacus_engine_settings()['url'] : $engine_url ),
		'store' => abacus_engine_store_id(),
		'sub'   => get_current_user_id(),
		'cap'   => 'view_woocommerce_reports',
		'iat'   => $now,
		'exp'   => $expiry,
		'scope' => current_user_can( 'manage_woocommerce' ) ? array( ABACUS_ENGINE_EDIT_COSTS_SCOPE ) : array(),
	);
	return array(
		'token'   => abacus_engine_sign_token( $claims, null === $secret ? abacus_engine_secret() : $secret ),
		'expires' => $expiry,
	);
}

/**
 * Whether the engine is chosen and fully configured (URL and secret saved).
 *
 * @return bool
 */
function abacus_engine_is_active() {
	$settings = abacus_engine_settings();
	return 'abacus' === $settings['mode'] && '' !== $settings['url'] && '' !== abacus_engine_secret();
}

/**
 * What the page needs to call the engine (abacusSettings.engine), or null when the reports come
 * from WooCommerce or the user may not view them.
 *
 * @return array<string, mixed>|null
 */
function abacus_engine_page_settings() {
	if ( ! abacus_engine_is_active() || ! current_user_can( abacus_capability() ) ) {
		return null;
	}
	$settings = abacus_engine_settings();
	$token    = abacus_engine_token();
	return array(
		'url'        => $settings['url'],
		'store'      => abacus_engine_store_id(),
		'token'      => $token['token'],
		'expires'    => $token['expires'],
		'tokenRoute' => '/' . ABACUS_REST_NAMESPACE . '/engine/token',
		// The last save of settings that shape figures, while recent (php/engine-settings-notice.php).
		'settingsChange' => abacus_engine_settings_change(),
	);
}

/**
 * Checks an engine URL: http(s), a host, no user name, query or fragment. Returns it without a
 * trailing slash, or an error saying what is wrong.
 *
 * @param mixed $value Submitted URL.
 * @return string|WP_Error
 */
function abacus_engine_validate_url( $value ) {
	$error = function ( $message ) {
		return new WP_Error( 'abacus_engine_invalid_url', $message, array( 'status' => 400, 'params' => array( 'url' => $message ) ) );
	};
	if ( ! is_string( $value ) || '' === trim( $value ) ) {
		return $error( __( 'Enter the engine\'s address, e.g. https://analytics.example.com.', 'abacus' ) );
	}
	$url = trim( $value );
	if ( strlen( $url ) > 2000 ) {
		return $error( __( 'The engine\'s address is too long (at most 2,000 characters).', 'abacus' ) );
	}
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) || ! in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true ) ) {
		/* translators: %s: the address typed. */
		return $error( sprintf( __( '"%s" is not a web address: it must start with https:// (or http://) followed by the engine\'s host name.', 'abacus' ), $url ) );
	}
	if ( isset( $parts['user'] ) || isset( $parts['pass'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] ) || preg_match( '/\s/', $url ) ) {
		return $error( __( 'The engine\'s address must be only its scheme, host, optional port and path: no user name, spaces, "?" or "#".', 'abacus' ) );
	}
	return untrailingslashit( $url );
}

/**
 * Checks a new shared secret.
 *
 * @param mixed $value Submitted secret.
 * @return string|WP_Error
 */
function abacus_engine_validate_secret( $value ) {
	if ( ! is_string( $value ) || strlen( $value ) < ABACUS_ENGINE_SECRET_MIN || strlen( $value ) > ABACUS_ENGINE_SECRET_MAX || preg_match( '/\s/', $value ) ) {
		/* translators: 1: shortest secret, 2: longest secret (characters). */
		$message = sprintf( __( 'The shared secret must be %1$d to %2$d characters without spaces: the one the engine was given (npm run connect prints it, or writes it to --engine-secret-file).', 'abacus' ), ABACUS_ENGINE_SECRET_MIN, ABACUS_ENGINE_SECRET_MAX );
		return new WP_Error( 'abacus_engine_invalid_secret', $message, array( 'status' => 400, 'params' => array( 'secret' => $message ) ) );
	}
	return $value;
}

/**
 * The settings as the browser sees them: never the secret, only whether one is saved and its end.
 *
 * @return array<string, mixed>
 */
function abacus_engine_public_settings() {
	$settings = abacus_engine_settings();
	$secret   = abacus_engine_secret();
	return array(
		'mode'      => $settings['mode'],
		'url'       => $settings['url'],
		'secretSet' => '' !== $secret,
		'secretEnd' => strlen( $secret ) >= ABACUS_ENGINE_SECRET_MIN ? substr( $secret, -4 ) : '',
		'store'     => abacus_engine_store_id(),
		// Whether this user may change the address and secret (the settings card is read-only else).
		'canManage' => current_user_can( 'manage_options' ),
	);
}

/**
 * GET abacus/v1/engine: the engine settings (without the secret).
 *
 * @return WP_REST_Response
 */
function abacus_rest_get_engine() {
	return rest_ensure_response( abacus_engine_public_settings() );
}

/**
 * POST abacus/v1/engine {mode?, url?, secret?}: saves only the fields sent, after checking them
 * all (nothing is saved when one is wrong). Choosing the engine needs a URL and a secret, sent or
 * already saved.
 *
 * @param WP_REST_Request $request Request with a JSON object body.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_update_engine( $request ) {
	$body = $request->get_json_params();
	if ( ! is_array( $body ) || ! $body ) {
		return new WP_Error( 'rest_invalid_param', __( 'Send a JSON object with mode, url or secret.', 'abacus' ), array( 'status' => 400 ) );
	}
	$unknown = array_diff( array_map( 'strval', array_keys( $body ) ), array( 'mode', 'url', 'secret' ) );
	if ( $unknown ) {
		/* translators: %s: field names. */
		return new WP_Error( 'rest_invalid_param', sprintf( __( 'Unknown fields: %s. Send only mode, url or secret.', 'abacus' ), implode( ', ', array_slice( $unknown, 0, 10 ) ) ), array( 'status' => 400 ) );
	}
	$settings = abacus_engine_settings();
	$secret   = null;
	if ( array_key_exists( 'mode', $body ) ) {
		if ( ! in_array( $body['mode'], array( 'woocommerce', 'abacus' ), true ) ) {
			return new WP_Error( 'rest_invalid_param', __( 'mode must be woocommerce or abacus.', 'abacus' ), array( 'status' => 400, 'params' => array( 'mode' => __( 'mode must be woocommerce or abacus.', 'abacus' ) ) ) );
		}
		$settings['mode'] = $body['mode'];
	}
	if ( array_key_exists( 'url', $body ) ) {
		if ( '' === $body['url'] && 'abacus' !== $settings['mode'] ) {
			$settings['url'] = '';
		} else {
			$url = abacus_engine_validate_url( $body['url'] );
			if ( is_wp_error( $url ) ) {
				return $url;
			}
			$settings['url'] = $url;
		}
	}
	if ( array_key_exists( 'secret', $body ) ) {
		$secret = abacus_engine_validate_secret( $body['secret'] );
		if ( is_wp_error( $secret ) ) {
			return $secret;
		}
	}
	if ( 'abacus' === $settings['mode'] ) {
		if ( '' === $settings['url'] ) {
			return abacus_engine_validate_url( '' );
		}
		if ( null === $secret && '' === abacus_engine_secret() ) {
			return abacus_engine_validate_secret( '' );
		}
	}
	update_option( ABACUS_ENGINE_OPTION, $settings, true );
	if ( null !== $secret ) {
		update_option( ABACUS_ENGINE_SECRET_OPTION, $secret, false );
	}
	return rest_ensure_response( abacus_engine_public_settings() );
}

/**
 * Whether the current user may change where the reports go (the engine's address and secret): an
 * administrator (`manage_options`). A shop manager sees the engine setting but cannot point every
 * administrator's token and report requests at a host of their choice.
 *
 * @return true|WP_Error
 */
function abacus_engine_manage_permission() {
	$allowed = abacus_rest_options_permission();
	if ( true !== $allowed ) {
		return $allowed;
	}
	if ( ! current_user_can( 'manage_options' ) ) {
		return new WP_Error(
			'abacus_engine_admin_only',
			__( 'Only an administrator can change the analytics engine\'s address or secret (it needs the manage_options capability). Ask an administrator of this site.', 'abacus' ),
			array( 'status' => 403 )
		);
	}
	return true;
}

/**
 * Why WordPress will not call `$url` (an empty string when it will): an address on this server's own
 * network or an unusual port (WordPress's `wp_http_validate_url`, adjustable with its
 * `http_request_host_is_external` and `http_allowed_safe_ports` filters), and always a link-local,
 * shared (CGNAT), multicast or unspecified address (a cloud's metadata service is never an engine).
 *
 * @param string $url Address to call.
 * @return string
 */
function abacus_engine_refused_address( $url ) {
	$host = (string) wp_parse_url( $url, PHP_URL_HOST );
	$ip   = filter_var( $host, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4 ) ? $host : gethostbyname( $host );
	if ( filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4 ) ) {
		$parts = array_map( 'intval', explode( '.', $ip ) );
		$link_local = 169 === $parts[0] && 254 === $parts[1];
		$shared     = 100 === $parts[0] && $parts[1] >= 64 && $parts[1] <= 127;
		if ( $link_local || $shared || 0 === $parts[0] || $parts[0] >= 224 ) {
			/* translators: 1: engine address, 2: the IP address it resolves to. */
			return sprintf( __( 'WordPress does not call %1$s: it leads to %2$s, a link-local, shared or reserved address, where no engine is (a cloud server\'s metadata service is there).', 'abacus' ), $url, $ip );
		}
	}
	if ( ! wp_http_validate_url( $url ) ) {
		/* translators: %s: engine address. */
		return sprintf( __( 'WordPress does not call %s: the address is on this server\'s own or a private network, or uses a port other than 80, 443 and 8080. Give the engine an address browsers and WordPress reach on the internet (e.g. https://analytics.example.com), or let this site call it with WordPress\'s http_request_host_is_external and http_allowed_safe_ports filters.', 'abacus' ), $url );
	}
	return '';
}

/**
 * The plugin's own explanation of an engine's refusal, by its error code (never the engine's text).
 *
 * @param string $code   The engine's error code.
 * @param int    $status HTTP status.
 * @param string $url    Engine address.
 * @return string
 */
function abacus_engine_refusal_message( $code, $status, $url ) {
	switch ( $code ) {
		case 'abacus_engine_token_invalid':
			/* translators: 1: engine address, 2: HTTP status code. */
			return sprintf( __( 'The engine at %1$s refused this store\'s token (HTTP status %2$d): the shared secret is not the one the engine was given for this store, or the engine address here is not the one it is reached at.', 'abacus' ), $url, $status );
		case 'abacus_engine_token_wrong_store':
			/* translators: 1: engine address, 2: HTTP status code, 3: this store's address. */
			return sprintf( __( 'The engine at %1$s does not serve this store (HTTP status %2$d): connect %3$s on the engine, or start it with --store-url %3$s.', 'abacus' ), $url, $status, abacus_engine_store_id() );
		case 'abacus_engine_token_expired':
			/* translators: 1: engine address, 2: HTTP status code. */
			return sprintf( __( 'The engine at %1$s found this store\'s fresh token expired (HTTP status %2$d): the clocks of WordPress and the engine differ by more than a minute.', 'abacus' ), $url, $status );
		case 'abacus_engine_not_configured':
			/* translators: 1: engine address, 2: HTTP status code. */
			return sprintf( __( 'The engine at %1$s serves no store yet (HTTP status %2$d): connect this store on it or start it with this store\'s address and secret.', 'abacus' ), $url, $status );
		case 'abacus_engine_origin_forbidden':
			/* translators: 1: engine address, 2: HTTP status code. */
			return sprintf( __( 'The engine at %1$s refused the request\'s origin (HTTP status %2$d): it does not know this store\'s address.', 'abacus' ), $url, $status );
	}
	/* translators: 1: engine address, 2: HTTP status code. */
	return sprintf( __( 'The engine at %1$s refused this store (HTTP status %2$d). Check the engine\'s address and secret, and the engine\'s own log.', 'abacus' ), $url, $status );
}

/**
 * POST abacus/v1/engine/test {url?, secret?}: asks the engine at `url` (the saved one when not
 * sent) whether it accepts a token signed with `secret` (the saved one when not sent). Answers
 * {ok, store, message, token} (the token lets the browser check it reaches the engine too), or an
 * error saying whether the engine could not be reached or refused the token, in the plugin's own
 * words (the engine's answer is never shown). Trying another address or secret than the saved ones
 * needs `manage_options`; the request goes through `wp_safe_remote_get`, without redirects.
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_test_engine( $request ) {
	$body     = $request->get_json_params();
	$body     = is_array( $body ) ? $body : array();
	$settings = abacus_engine_settings();
	$url      = abacus_engine_validate_url( array_key_exists( 'url', $body ) ? $body['url'] : $settings['url'] );
	if ( is_wp_error( $url ) ) {
		return $url;
	}
	if ( ( $url !== $settings['url'] || array_key_exists( 'secret', $body ) ) && ! current_user_can( 'manage_options' ) ) {
		return abacus_engine_manage_permission();
	}
	$secret = array_key_exists( 'secret', $body ) ? abacus_engine_validate_secret( $body['secret'] ) : abacus_engine_secret();
	if ( is_wp_error( $secret ) ) {
		return $secret;
	}
	if ( '' === $secret ) {
		return abacus_engine_validate_secret( '' );
	}
	$target  = $url . '/wp-json/abacus/v1/engine/whoami';
	$refused = abacus_engine_refused_address( $url );
	if ( '' !== $refused ) {
		return new WP_Error( 'abacus_engine_address_refused', $refused, array( 'status' => 400 ) );
	}
	$token    = abacus_engine_token( $secret, $url );
	$response = wp_safe_remote_get(
		$target,
		array(
			'timeout'             => 8,
			'redirection'         => 0,
			'limit_response_size' => 65536,
			'headers'             => array(
				'Authorization' => 'Bearer ' . $token['token'],
				'Accept'        => 'application/json',
			),
		)
	);
	if ( is_wp_error( $response ) ) {
		return new WP_Error(
			'abacus_engine_unreachable',
			/* translators: 1: engine address, 2: the network error. */
			sprintf( __( 'The engine at %1$s could not be reached: %2$s Check the address and that the engine is running.', 'abacus' ), $url, $response->get_error_message() ),
			array( 'status' => 400 )
		);
	}
	$status = (int) wp_remote_retrieve_response_code( $response );
	$answer = json_decode( (string) wp_remote_retrieve_body( $response ), true );
	if ( 200 === $status && is_array( $answer ) && isset( $answer['store'] ) && is_string( $answer['store'] ) ) {
		return rest_ensure_response(
			array(
				'ok'      => true,
				'store'   => abacus_engine_store_id(),
				/* translators: %s: engine address. */
				'message' => sprintf( __( 'Connected: the engine at %s accepts this store\'s token.', 'abacus' ), $url ),
				'token'   => $token['token'],
			)
		);
	}
	if ( $status >= 300 && $status < 400 ) {
		return new WP_Error(
			'abacus_engine_redirected',
			/* translators: 1: engine address, 2: HTTP status code. */
			sprintf( __( 'The engine at %1$s answered with a redirect (HTTP status %2$d), which is not followed: give the engine\'s final address (e.g. with https://).', 'abacus' ), $url, $status ),
			array( 'status' => 400 )
		);
	}
	$code = is_array( $answer ) && isset( $answer['code'] ) && is_string( $answer['code'] ) && preg_match( '/^abacus_engine_[a-z_]{1,60}$/', $answer['code'] ) ? $answer['code'] : '';
	if ( '' !== $code && $status >= 400 ) {
		return new WP_Error(
			'abacus_engine_refused',
			abacus_engine_refusal_message( $code, $status, $url ),
			array(
				'status'     => 400,
				'engineCode' => $code,
			)
		);
	}
	return new WP_Error(
		'abacus_engine_not_an_engine',
		/* translators: 1: engine address, 2: HTTP status code. */
		sprintf( __( '%1$s answered with HTTP status %2$d but not as an Abacus engine: check the address (it is the engine\'s base address, without /wp-json).', 'abacus' ), $url, $status ),
		array( 'status' => 400 )
	);
}

/**
 * POST abacus/v1/engine/token: a fresh token for the current user's page.
 *
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_engine_token() {
	if ( ! abacus_engine_is_active() ) {
		return new WP_Error( 'abacus_engine_off', __( 'The reports use WooCommerce\'s figures: no engine is chosen in Analytics › Settings.', 'abacus' ), array( 'status' => 409 ) );
	}
	return rest_ensure_response( abacus_engine_token() );
}

/**
 * Registers the engine routes.
 */
function abacus_register_engine_routes() {
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/engine',
		array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => 'abacus_rest_get_engine',
				'permission_callback' => 'abacus_rest_options_permission',
			),
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => 'abacus_rest_update_engine',
				'permission_callback' => 'abacus_engine_manage_permission',
			),
		)
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/engine/test',
		array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => 'abacus_rest_test_engine',
			'permission_callback' => 'abacus_rest_options_permission',
		)
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/engine/token',
		array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => 'abacus_rest_engine_token',
			'permission_callback' => 'abacus_rest_permission',
		)
	);
}
add_action( 'rest_api_init', 'abacus_register_engine_routes' );
