<?php
/**
 * E-mail digests: Analytics › Settings › E-mail digests keeps any number of digests, each with a
 * schedule (daily at an hour, weekly on the store's week start, monthly on the 1st, in the store's
 * time zone), recipients (users who may view reports, or addresses), the figures (the Overview's
 * performance indicators, in order), the comparison (previous period or previous year) and the
 * leaderboards to include.
 *
 * Storage: the option `abacus_digests` holds the settings (what the card edits); the option
 * `abacus_digests_state` holds what sending keeps per digest (the last period sent, failures, the
 * log and the addresses that unsubscribed), which saving the settings never touches.
 *
 * Sending (php/digests-mail.php builds the e-mail): WP-Cron runs `abacus_digests_tick` every hour;
 * each digest is sent once per period, its last-sent period and a lock (an option added atomically)
 * keep a second or late run from sending it again; a period missed while the site slept is sent once
 * when it wakes, marked late (only the latest missed one); a failure is logged, shown on the card and
 * sent again by its Retry button.
 *
 * Routes (abacus/v1, `manage_woocommerce` and the REST nonce): GET/POST `digests`, POST/DELETE
 * `digests/<id>`, POST `digests/preview`, `digests/<id>/test`, `digests/<id>/retry`. The
 * unsubscribe link (admin-post.php, signed per digest and address) works without logging in.
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

define( 'ABACUS_DIGESTS_OPTION', 'abacus_digests' );
define( 'ABACUS_DIGESTS_STATE_OPTION', 'abacus_digests_state' );
define( 'ABACUS_DIGESTS_CRON_HOOK', 'abacus_digests_tick' );
/** Most digests a store keeps, recipients per digest, figures per digest. */
define( 'ABACUS_DIGESTS_MAX', 20 );
define( 'ABACUS_DIGESTS_MAX_RECIPIENTS', 50 );
define( 'ABACUS_DIGESTS_MAX_FIGURES', 20 );
define( 'ABACUS_DIGESTS_MAX_NAME', 100 );
/** A period sent more than this after its time is marked late. */
define( 'ABACUS_DIGESTS_LATE_AFTER', 2 * HOUR_IN_SECONDS );
/** Entries of a digest's log kept. */
define( 'ABACUS_DIGESTS_LOG_SIZE', 20 );

require_once __DIR__ . '/digests-mail.php';

/**
 * The leaderboards a digest may include, in the Overview's order.
 *
 * @return array<string, string> id => label
 */
function abacus_digests_leaderboards() {
	return array(
		'products'   => __( 'Top products', 'abacus' ),
		'categories' => __( 'Top categories', 'abacus' ),
		'coupons'    => __( 'Top coupons', 'abacus' ),
		'customers'  => __( 'Top customers', 'abacus' ),
	);
}

/**
 * The performance indicators this store allows (the Overview's list), as WooCommerce answers them.
 *
 * @return array<int, array{stat: string, label: string}>
 */
function abacus_digests_allowed_figures() {
	$response = rest_do_request( new WP_REST_Request( 'GET', '/wc-analytics/reports/performance-indicators/allowed' ) );
	if ( $response->is_error() ) {
		return array();
	}
	$out = array();
	foreach ( (array) rest_get_server()->response_to_data( $response, false ) as $item ) {
		if ( is_array( $item ) && isset( $item['stat'], $item['label'] ) && is_string( $item['stat'] ) ) {
			$out[] = array(
				'stat'  => $item['stat'],
				'label' => abacus_decode_label( $item['label'] ),
			);
		}
	}
	return $out;
}

/**
 * The saved digests (settings only), each completed with defaults.
 *
 * @return array<int, array<string, mixed>>
 */
function abacus_digests_all() {
	$saved = get_option( ABACUS_DIGESTS_OPTION, array() );
	$out   = array();
	foreach ( is_array( $saved ) ? $saved : array() as $digest ) {
		if ( is_array( $digest ) && isset( $digest['id'] ) && is_string( $digest['id'] ) ) {
			$out[] = $digest;
		}
	}
	return $out;
}

/**
 * One saved digest, or null.
 *
 * @param string $id Digest id.
 * @return array<string, mixed>|null
 */
function abacus_digests_find( $id ) {
	foreach ( abacus_digests_all() as $digest ) {
		if ( $digest['id'] === $id ) {
			return $digest;
		}
	}
	return null;
}

/**
 * The sending state of every digest, read from the database (not the object cache: a concurrent
 * run may just have changed it).
 *
 * @return array<string, array<string, mixed>>
 */
function abacus_digests_states() {
	wp_cache_delete( ABACUS_DIGESTS_STATE_OPTION, 'options' );
	wp_cache_delete( 'alloptions', 'options' );
	$state = get_option( ABACUS_DIGESTS_STATE_OPTION, array() );
	return is_array( $state ) ? $state : array();
}

/**
 * One digest's sending state, with defaults.
 *
 * @param string $id Digest id.
 * @return array{lastPeriod: string, lastSent: int, late: bool, failure: array<string, mixed>|null, unsubscribed: string[], log: array<int, array<string, mixed>>}
 */
function abacus_digests_state( $id ) {
	$states = abacus_digests_states();
	$state  = isset( $states[ $id ] ) && is_array( $states[ $id ] ) ? $states[ $id ] : array();
	return array(
		'lastPeriod'   => isset( $state['lastPeriod'] ) ? (string) $state['lastPeriod'] : '',
		'lastSent'     => isset( $state['lastSent'] ) ? (int) $state['lastSent'] : 0,
		'late'         => ! empty( $state['late'] ),
		'failure'      => isset( $state['failure'] ) && is_array( $state['failure'] ) ? $state['failure'] : null,
		'unsubscribed' => isset( $state['unsubscribed'] ) && is_array( $state['unsubscribed'] ) ? array_values( array_filter( $state['unsubscribed'], 'is_string' ) ) : array(),
		'log'          => isset( $state['log'] ) && is_array( $state['log'] ) ? $state['log'] : array(),
	);
}

/**
 * Changes one digest's state (read fresh, changed by `$change`, saved).
 *
 * @param string   $id     Digest id.
 * @param callable $change Receives the state, returns the new one.
 */
function abacus_digests_update_state( $id, $change ) {
	$states        = abacus_digests_states();
	$states[ $id ] = call_user_func( $change, abacus_digests_state( $id ) );
	update_option( ABACUS_DIGESTS_STATE_OPTION, $states, false );
}

/**
 * Adds a line to a digest's log (newest first, the last ABACUS_DIGESTS_LOG_SIZE kept).
 *
 * @param array<string, mixed> $state State.
 * @param array<string, mixed> $entry {time, period, status, message}.
 * @return array<string, mixed>
 */
function abacus_digests_log( $state, $entry ) {
	array_unshift( $state['log'], $entry );
	$state['log'] = array_slice( $state['log'], 0, ABACUS_DIGESTS_LOG_SIZE );
	return $state;
}

/**
 * A 400 error for one field.
 *
 * @param string $field   Field name.
 * @param string $message What is wrong.
 * @return WP_Error
 */
function abacus_digests_invalid( $field, $message ) {
	return new WP_Error( 'rest_invalid_param', $message, array( 'status' => 400, 'params' => array( $field => $message ) ) );
}

/**
 * Checks the fields sent for a digest; returns the clean values of the fields sent only, or an
 * error naming the first wrong one.
 *
 * @param mixed $body Submitted JSON object.
 * @param bool  $all  Whether every field must be there (a new digest).
 * @return array<string, mixed>|WP_Error
 */
function abacus_digests_validate( $body, $all ) {
	$fields = array( 'name', 'schedule', 'recipients', 'figures', 'comparison', 'leaderboards', 'enabled' );
	if ( ! is_array( $body ) || ( $body && array_keys( $body ) === range( 0, count( $body ) - 1 ) ) ) {
		return new WP_Error( 'rest_invalid_param', __( 'Send a JSON object with the digest\'s fields.', 'abacus' ), array( 'status' => 400 ) );
	}
	$unknown = array_diff( array_map( 'strval', array_keys( $body ) ), array_merge( $fields, array( 'revision' ) ) );
	if ( $unknown ) {
		/* translators: 1: field names sent, 2: the fields a digest has. */
		return new WP_Error( 'rest_invalid_param', sprintf( __( 'Unknown fields: %1$s. A digest has only %2$s.', 'abacus' ), implode( ', ', array_slice( $unknown, 0, 10 ) ), implode( ', ', $fields ) ), array( 'status' => 400 ) );
	}
	if ( $all ) {
		foreach ( array( 'name', 'schedule', 'recipients', 'figures' ) as $field ) {
			if ( ! array_key_exists( $field, $body ) ) {
				/* translators: %s: field name. */
				return abacus_digests_invalid( $field, sprintf( __( 'A new digest needs %s.', 'abacus' ), $field ) );
			}
		}
	}
	$clean = array();
	if ( array_key_exists( 'name', $body ) ) {
		$name = is_string( $body['name'] ) ? trim( $body['name'] ) : null;
		if ( null === $name || '' === $name || mb_strlen( $name ) > ABACUS_DIGESTS_MAX_NAME ) {
			/* translators: %d: longest name. */
			return abacus_digests_invalid( 'name', sprintf( __( 'Give the digest a name of 1 to %d characters.', 'abacus' ), ABACUS_DIGESTS_MAX_NAME ) );
		}
		$clean['name'] = sanitize_text_field( $name );
	}
	if ( array_key_exists( 'enabled', $body ) ) {
		if ( ! is_bool( $body['enabled'] ) ) {
			return abacus_digests_invalid( 'enabled', __( 'enabled must be true or false.', 'abacus' ) );
		}
		$clean['enabled'] = $body['enabled'];
	}
	if ( array_key_exists( 'schedule', $body ) ) {
		$schedule = $body['schedule'];
		if ( ! is_array( $schedule ) || ! isset( $schedule['frequency'] ) || ! in_array( $schedule['frequency'], array( 'daily', 'weekly', 'monthly' ), true ) ) {
			return abacus_digests_invalid( 'schedule', __( 'The schedule\'s frequency must be daily, weekly or monthly.', 'abacus' ) );
		}
		if ( ! isset( $schedule['hour'] ) || ! is_int( $schedule['hour'] ) || $schedule['hour'] < 0 || $schedule['hour'] > 23 ) {
			return abacus_digests_invalid( 'schedule', __( 'The schedule\'s hour must be a whole number from 0 to 23 (the store\'s time).', 'abacus' ) );
		}
		$clean['schedule'] = array(
			'frequency' => $schedule['frequency'],
			'hour'      => $schedule['hour'],
		);
	}
	if ( array_key_exists( 'recipients', $body ) ) {
		$recipients = abacus_digests_validate_recipients( $body['recipients'] );
		if ( is_wp_error( $recipients ) ) {
			return $recipients;
		}
		$clean['recipients'] = $recipients;
	}
	if ( array_key_exists( 'figures', $body ) ) {
		$figures = $body['figures'];
		if ( ! is_array( $figures ) || ! $figures || count( $figures ) > ABACUS_DIGESTS_MAX_FIGURES ) {
			/* translators: %d: most figures. */
			return abacus_digests_invalid( 'figures', sprintf( __( 'Choose 1 to %d figures.', 'abacus' ), ABACUS_DIGESTS_MAX_FIGURES ) );
		}
		$allowed = wp_list_pluck( abacus_digests_allowed_figures(), 'stat' );
		foreach ( $figures as $stat ) {
			if ( ! is_string( $stat ) || ! in_array( $stat, $allowed, true ) ) {
				/* translators: 1: the figure sent, 2: the figures this store allows. */
				return abacus_digests_invalid( 'figures', sprintf( __( '"%1$s" is not one of this store\'s figures (%2$s).', 'abacus' ), is_string( $stat ) ? mb_substr( $stat, 0, 60 ) : gettype( $stat ), implode( ', ', $allowed ) ) );
			}
		}
		$clean['figures'] = array_values( array_unique( $figures ) );
	}
	if ( array_key_exists( 'comparison', $body ) ) {
		if ( ! in_array( $body['comparison'], array( 'previous_period', 'previous_year' ), true ) ) {
			return abacus_digests_invalid( 'comparison', __( 'comparison must be previous_period or previous_year.', 'abacus' ) );
		}
		$clean['comparison'] = $body['comparison'];
	}
	if ( array_key_exists( 'leaderboards', $body ) ) {
		$boards = $body['leaderboards'];
		$known  = array_keys( abacus_digests_leaderboards() );
		if ( ! is_array( $boards ) || count( $boards ) > count( $known ) || array_diff( array_map( 'strval', array_filter( $boards, 'is_string' ) ), $known ) || count( array_filter( $boards, 'is_string' ) ) !== count( $boards ) ) {
			/* translators: %s: the leaderboards. */
			return abacus_digests_invalid( 'leaderboards', sprintf( __( 'leaderboards must be a list of %s.', 'abacus' ), implode( ', ', $known ) ) );
		}
		$clean['leaderboards'] = array_values( array_intersect( $known, $boards ) );
	}
	return $clean;
}

/**
 * Checks recipients: {users: user ids of users who may view reports, emails: addresses}, at least
 * one, at most ABACUS_DIGESTS_MAX_RECIPIENTS.
 *
 * @param mixed $value Submitted recipients.
 * @return array{users: int[], emails: string[]}|WP_Error
 */
function abacus_digests_validate_recipients( $value ) {
	if ( ! is_array( $value ) || ! isset( $value['users'], $value['emails'] ) || ! is_array( $value['users'] ) || ! is_array( $value['emails'] ) || array_diff( array_keys( $value ), array( 'users', 'emails' ) ) ) {
		return abacus_digests_invalid( 'recipients', __( 'recipients must be {"users": [user ids], "emails": [addresses]}.', 'abacus' ) );
	}
	$total = count( $value['users'] ) + count( $value['emails'] );
	if ( 0 === $total ) {
		return abacus_digests_invalid( 'recipients', __( 'Add at least one recipient: a user or an e-mail address.', 'abacus' ) );
	}
	if ( $total > ABACUS_DIGESTS_MAX_RECIPIENTS ) {
		/* translators: %d: most recipients. */
		return abacus_digests_invalid( 'recipients', sprintf( __( 'A digest has at most %d recipients.', 'abacus' ), ABACUS_DIGESTS_MAX_RECIPIENTS ) );
	}
	$users = array();
	foreach ( $value['users'] as $user_id ) {
		$user = is_int( $user_id ) && $user_id > 0 ? get_userdata( $user_id ) : false;
		if ( ! $user ) {
			/* translators: %s: the user id sent. */
			return abacus_digests_invalid( 'recipients', sprintf( __( 'There is no user %s.', 'abacus' ), is_scalar( $user_id ) ? mb_substr( (string) $user_id, 0, 20 ) : gettype( $user_id ) ) );
		}
		if ( ! user_can( $user, 'view_woocommerce_reports' ) ) {
			/* translators: %s: user's name. */
			return abacus_digests_invalid( 'recipients', sprintf( __( '%s may not view the store\'s reports: add their e-mail address instead if they should get the digest.', 'abacus' ), $user->display_name ) );
		}
		$users[] = $user_id;
	}
	$emails = array();
	foreach ( $value['emails'] as $email ) {
		$text = is_string( $email ) ? trim( $email ) : '';
		if ( '' === $text || strlen( $text ) > 254 || ! is_email( $text ) ) {
			/* translators: %s: the address typed. */
			return abacus_digests_invalid( 'recipients', sprintf( __( '"%s" is not an e-mail address (name@example.com).', 'abacus' ), is_string( $email ) ? mb_substr( $email, 0, 100 ) : gettype( $email ) ) );
		}
		$emails[] = strtolower( $text );
	}
	return array(
		'users'  => array_values( array_unique( $users ) ),
		'emails' => array_values( array_unique( $emails ) ),
	);
}

/**
 * A digest as the card reads it: its settings, its revision and its sending state.
 *
 * @param array<string, mixed> $digest Saved digest.
 * @return array<string, mixed>
 */
function abacus_digests_public( $digest ) {
	$state = abacus_digests_state( $digest['id'] );
	$due   = abacus_digests_due_period( $digest );
	// Due and not sent: the next hourly run sends it; else the first period after now.
	$pending = $state['lastPeriod'] < $due['key'] && $due['sendAt'] >= (int) $digest['created'];
	$next    = $pending ? wp_next_scheduled( ABACUS_DIGESTS_CRON_HOOK ) : abacus_digests_period( $digest['schedule'], time(), true )['sendAt'];
	return array(
		'id'           => $digest['id'],
		'revision'     => (int) $digest['revision'],
		'name'         => $digest['name'],
		'enabled'      => ! isset( $digest['enabled'] ) || false !== $digest['enabled'],
		'schedule'     => $digest['schedule'],
		'recipients'   => $digest['recipients'],
		'figures'      => $digest['figures'],
		'comparison'   => $digest['comparison'],
		'leaderboards' => $digest['leaderboards'],
		'state'        => array(
			'lastPeriod'   => $state['lastPeriod'],
			'lastSent'     => $state['lastSent'] ? gmdate( 'c', $state['lastSent'] ) : null,
			'late'         => $state['late'],
			'failure'      => $state['failure'],
			'unsubscribed' => $state['unsubscribed'],
			'log'          => array_slice( $state['log'], 0, 5 ),
			'nextSend'     => $next ? gmdate( 'c', (int) $next ) : null,
			// The same in the store's time zone and date and time formats, for the card to show.
			'display'      => array(
				'lastSent'      => $state['lastSent'] ? abacus_digests_when( (int) $state['lastSent'] ) : '',
				'nextSend'      => $next ? abacus_digests_when( (int) $next ) : '',
				'lastPeriod'    => abacus_digests_period_text( $digest['schedule'], $state['lastPeriod'] ),
				'failurePeriod' => $state['failure'] ? abacus_digests_period_text( $digest['schedule'], (string) $state['failure']['period'] ) : '',
			),
		),
	);
}

/**
 * A time in the store's time zone and date and time formats ("November 30, 2026 7:00 am").
 *
 * @param int $timestamp Timestamp.
 * @return string
 */
function abacus_digests_when( $timestamp ) {
	return (string) wp_date( get_option( 'date_format', 'F j, Y' ) . ' ' . get_option( 'time_format', 'g:i a' ), $timestamp );
}

/**
 * A period of a schedule by its key, in the store's date format ("November 16, 2026 – November
 * 22, 2026"); the key itself when the schedule has no period there, '' for none.
 *
 * @param array{frequency: string, hour: int} $schedule Schedule.
 * @param string                              $key      First day (Y-m-d).
 * @return string
 */
function abacus_digests_period_text( $schedule, $key ) {
	if ( '' === $key ) {
		return '';
	}
	$period = abacus_digests_period_of_key( $schedule, $key );
	return $period ? abacus_digest_date_range( $period['start'], $period['end'] ) : $key;
}

/**
 * The users who may receive digests as users (they may view reports), for the card's picker.
 *
 * @return array<int, array{id: int, name: string, email: string}>
 */
function abacus_digests_users() {
	$out = array();
	foreach ( get_users( array( 'capability' => 'view_woocommerce_reports', 'number' => 200, 'orderby' => 'display_name' ) ) as $user ) {
		$out[] = array(
			'id'    => (int) $user->ID,
			'name'  => $user->display_name,
			'email' => $user->user_email,
		);
	}
	return $out;
}

/**
 * GET abacus/v1/digests: the digests, the users and figures the card offers.
 *
 * @return WP_REST_Response
 */
function abacus_rest_get_digests() {
	return rest_ensure_response(
		array(
			'digests'      => array_map( 'abacus_digests_public', abacus_digests_all() ),
			'users'        => abacus_digests_users(),
			'figures'      => abacus_digests_allowed_figures(),
			'leaderboards' => array_map(
				function ( $id, $label ) {
					return array(
						'id'    => $id,
						'label' => $label,
					);
				},
				array_keys( abacus_digests_leaderboards() ),
				array_values( abacus_digests_leaderboards() )
			),
			'startOfWeek'  => (int) get_option( 'start_of_week', 1 ),
			'timeZone'     => wp_timezone_string(),
			'max'          => ABACUS_DIGESTS_MAX,
		)
	);
}

/**
 * POST abacus/v1/digests: a new digest (every field checked; the current user owns it: the figures
 * are read as them).
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_create_digest( $request ) {
	$clean = abacus_digests_validate( $request->get_json_params(), true );
	if ( is_wp_error( $clean ) ) {
		return $clean;
	}
	$digests = abacus_digests_all();
	if ( count( $digests ) >= ABACUS_DIGESTS_MAX ) {
		/* translators: %d: most digests. */
		return new WP_Error( 'abacus_digests_too_many', sprintf( __( 'A store keeps at most %d digests: delete one first.', 'abacus' ), ABACUS_DIGESTS_MAX ), array( 'status' => 400 ) );
	}
	$digest    = array_merge(
		array(
			'id'           => 'd' . strtolower( wp_generate_password( 12, false, false ) ),
			'revision'     => 1,
			'enabled'      => true,
			'comparison'   => 'previous_period',
			'leaderboards' => array(),
			'owner'        => get_current_user_id(),
			'created'      => time(),
		),
		$clean
	);
	$digests[] = $digest;
	update_option( ABACUS_DIGESTS_OPTION, $digests, true );
	abacus_digests_schedule_cron();
	$response = rest_ensure_response( abacus_digests_public( $digest ) );
	$response->set_status( 201 );
	return $response;
}

/**
 * POST abacus/v1/digests/<id>: saves the fields sent, and only those, when the digest has not
 * changed since the card loaded it (`revision`).
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_update_digest( $request ) {
	$body = $request->get_json_params();
	if ( ! is_array( $body ) || ! isset( $body['revision'] ) || ! is_int( $body['revision'] ) ) {
		return abacus_digests_invalid( 'revision', __( 'Send the digest\'s revision as loaded (revision) with the fields changed.', 'abacus' ) );
	}
	$clean = abacus_digests_validate( $body, false );
	if ( is_wp_error( $clean ) ) {
		return $clean;
	}
	$digests = abacus_digests_all();
	foreach ( $digests as $index => $digest ) {
		if ( $digest['id'] !== $request['id'] ) {
			continue;
		}
		if ( (int) $digest['revision'] !== $body['revision'] ) {
			return new WP_Error( 'abacus_digest_changed', __( 'This digest was changed elsewhere since the page loaded it: reload the page and make your change again.', 'abacus' ), array( 'status' => 409 ) );
		}
		$digests[ $index ]             = array_merge( $digest, $clean );
		$digests[ $index ]['revision'] = (int) $digest['revision'] + 1;
		update_option( ABACUS_DIGESTS_OPTION, $digests, true );
		return rest_ensure_response( abacus_digests_public( $digests[ $index ] ) );
	}
	return abacus_digests_not_found();
}

/**
 * The error for an unknown digest id.
 *
 * @return WP_Error
 */
function abacus_digests_not_found() {
	return new WP_Error( 'abacus_digest_not_found', __( 'There is no such digest: it may have been deleted. Reload the page.', 'abacus' ), array( 'status' => 404 ) );
}

/**
 * DELETE abacus/v1/digests/<id>.
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_delete_digest( $request ) {
	$digests = abacus_digests_all();
	$kept    = array_values(
		array_filter(
			$digests,
			function ( $digest ) use ( $request ) {
				return $digest['id'] !== $request['id'];
			}
		)
	);
	if ( count( $kept ) === count( $digests ) ) {
		return abacus_digests_not_found();
	}
	update_option( ABACUS_DIGESTS_OPTION, $kept, true );
	$states = abacus_digests_states();
	unset( $states[ $request['id'] ] );
	update_option( ABACUS_DIGESTS_STATE_OPTION, $states, false );
	return rest_ensure_response( array( 'deleted' => true ) );
}

/**
 * POST abacus/v1/digests/preview {digest fields}: the e-mail of the last complete period as it
 * would be sent (the fields sent, the saved digest's or defaults otherwise), images inline as data
 * addresses.
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_preview_digest( $request ) {
	$body  = $request->get_json_params();
	$body  = is_array( $body ) ? $body : array();
	$id    = isset( $body['id'] ) && is_string( $body['id'] ) ? $body['id'] : '';
	$saved = '' !== $id ? abacus_digests_find( $id ) : null;
	if ( '' !== $id && null === $saved ) {
		return abacus_digests_not_found();
	}
	unset( $body['id'] );
	$clean = abacus_digests_validate( $body, null === $saved );
	if ( is_wp_error( $clean ) ) {
		return $clean;
	}
	$digest = array_merge(
		array(
			'id'           => 'preview',
			'comparison'   => 'previous_period',
			'leaderboards' => array(),
			'owner'        => get_current_user_id(),
			'created'      => 0,
		),
		null === $saved ? array() : $saved,
		$clean
	);
	$period = abacus_digests_due_period( $digest );
	$user   = wp_get_current_user();
	$mail   = abacus_digest_build( $digest, $period, $user->user_email, false );
	if ( is_wp_error( $mail ) ) {
		return $mail;
	}
	$html = $mail['html'];
	foreach ( $mail['images'] as $cid => $png ) {
		$html = str_replace( 'cid:' . $cid, 'data:image/png;base64,' . base64_encode( $png ), $html ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- an image's data address.
	}
	return rest_ensure_response(
		array(
			'subject' => $mail['subject'],
			'html'    => $html,
			'text'    => $mail['text'],
			'period'  => $period['key'],
		)
	);
}

/**
 * POST abacus/v1/digests/<id>/test: sends the digest of the last complete period to the current
 * user now (marked as a test; the schedule is not changed).
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_test_digest( $request ) {
	$digest = abacus_digests_find( (string) $request['id'] );
	if ( null === $digest ) {
		return abacus_digests_not_found();
	}
	$digest['owner'] = get_current_user_id();
	$user            = wp_get_current_user();
	$period          = abacus_digests_due_period( $digest );
	$result          = abacus_digest_send( $digest, $period, array( $user->user_email ), array( 'test' => true ) );
	if ( is_wp_error( $result ) ) {
		return $result;
	}
	if ( $result['failed'] ) {
		return new WP_Error( 'abacus_digest_not_sent', $result['message'], array( 'status' => 502 ) );
	}
	return rest_ensure_response(
		array(
			'sent' => true,
			'to'   => $user->user_email,
			/* translators: %s: e-mail address. */
			'message' => sprintf( __( 'A test digest was sent to %s.', 'abacus' ), $user->user_email ),
		)
	);
}

/**
 * POST abacus/v1/digests/<id>/retry: sends a failed period again to the recipients it failed for.
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_retry_digest( $request ) {
	$digest = abacus_digests_find( (string) $request['id'] );
	if ( null === $digest ) {
		return abacus_digests_not_found();
	}
	$state = abacus_digests_state( $digest['id'] );
	if ( null === $state['failure'] ) {
		return new WP_Error( 'abacus_digest_nothing_to_retry', __( 'This digest has no failed sending to retry.', 'abacus' ), array( 'status' => 409 ) );
	}
	$period = abacus_digests_period_of_key( $digest['schedule'], (string) $state['failure']['period'] );
	if ( null === $period ) {
		return new WP_Error( 'abacus_digest_nothing_to_retry', __( 'The failed period can no longer be sent: the schedule changed since.', 'abacus' ), array( 'status' => 409 ) );
	}
	abacus_digests_run( $digest, $period, isset( $state['failure']['recipients'] ) ? (array) $state['failure']['recipients'] : null );
	return rest_ensure_response( abacus_digests_public( $digest ) );
}

/**
 * Who may manage digests: the store's managers (`manage_woocommerce`), with the REST nonce.
 *
 * @return true|WP_Error
 */
function abacus_digests_permission() {
	return abacus_rest_options_permission();
}

/**
 * Registers the routes.
 */
function abacus_register_digest_routes() {
	$id = '(?P<id>d[a-z0-9]{12})';
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/digests',
		array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => 'abacus_rest_get_digests',
				'permission_callback' => 'abacus_digests_permission',
			),
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => 'abacus_rest_create_digest',
				'permission_callback' => 'abacus_digests_permission',
			),
		)
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/digests/preview',
		array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => 'abacus_rest_preview_digest',
			'permission_callback' => 'abacus_digests_permission',
		)
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/digests/' . $id,
		array(
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => 'abacus_rest_update_digest',
				'permission_callback' => 'abacus_digests_permission',
			),
			array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => 'abacus_rest_delete_digest',
				'permission_callback' => 'abacus_digests_permission',
			),
		)
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/digests/' . $id . '/test',
		array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => 'abacus_rest_test_digest',
			'permission_callback' => 'abacus_digests_permission',
		)
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/digests/' . $id . '/retry',
		array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => 'abacus_rest_retry_digest',
			'permission_callback' => 'abacus_digests_permission',
		)
	);
}
add_action( 'rest_api_init', 'abacus_register_digest_routes' );

/* ---------------------------------------------------------------- periods */

/**
 * The period a schedule sends at or before `$at` (its latest complete period whose sending time is
 * not after `$at`), or, with `$after`, the first whose sending time is after `$at`. Times in the
 * store's time zone; the period runs from its first day 00:00:00 to its last day 23:59:59.
 *
 * @param array{frequency: string, hour: int} $schedule Schedule.
 * @param int                                 $at       Timestamp.
 * @param bool                                $after    The first period sent after `$at` instead.
 * @return array{key: string, start: DateTimeImmutable, end: DateTimeImmutable, sendAt: int}
 */
function abacus_digests_period( $schedule, $at, $after = false ) {
	$zone  = wp_timezone();
	$now   = ( new DateTimeImmutable( '@' . $at ) )->setTimezone( $zone );
	$hour  = (int) $schedule['hour'];
	$today = $now->setTime( 0, 0, 0 );
	if ( 'monthly' === $schedule['frequency'] ) {
		$boundary = $today->modify( 'first day of this month' );
		$step     = '+1 month';
		$back     = '-1 month';
	} elseif ( 'weekly' === $schedule['frequency'] ) {
		$start    = (int) get_option( 'start_of_week', 1 );
		$boundary = $today->modify( '-' . ( ( (int) $today->format( 'w' ) - $start + 7 ) % 7 ) . ' days' );
		$step     = '+7 days';
		$back     = '-7 days';
	} else {
		$boundary = $today;
		$step     = '+1 day';
		$back     = '-1 day';
	}
	// $boundary: the start of the current period; it is sent, for the period before it, at the hour.
	$send = $boundary->setTime( $hour, 0, 0 );
	if ( $after ) {
		while ( $send->getTimestamp() <= $at ) {
			$boundary = $boundary->modify( $step );
			$send     = $boundary->setTime( $hour, 0, 0 );
		}
	} elseif ( $send->getTimestamp() > $at ) {
		$boundary = $boundary->modify( $back );
		$send     = $boundary->setTime( $hour, 0, 0 );
	}
	$start = $boundary->modify( $back );
	$end   = $boundary->modify( '-1 second' );
	return array(
		'key'    => $start->format( 'Y-m-d' ),
		'start'  => $start,
		'end'    => $end,
		'sendAt' => $send->getTimestamp(),
	);
}

/**
 * The period a digest is due to have sent now.
 *
 * @param array<string, mixed> $digest Digest.
 * @param int|null             $now    Now (a timestamp).
 * @return array{key: string, start: DateTimeImmutable, end: DateTimeImmutable, sendAt: int}
 */
function abacus_digests_due_period( $digest, $now = null ) {
	return abacus_digests_period( $digest['schedule'], null === $now ? time() : $now, false );
}

/**
 * The period of a schedule starting on `$key` (Y-m-d), or null when the schedule has none there.
 *
 * @param array{frequency: string, hour: int} $schedule Schedule.
 * @param string                              $key      First day.
 * @return array<string, mixed>|null
 */
function abacus_digests_period_of_key( $schedule, $key ) {
	$start = DateTimeImmutable::createFromFormat( '!Y-m-d', $key, wp_timezone() );
	if ( ! $start ) {
		return null;
	}
	$units  = array(
		'daily'   => '+1 day',
		'weekly'  => '+7 days',
		'monthly' => '+1 month',
	);
	$period = abacus_digests_period( $schedule, $start->modify( $units[ $schedule['frequency'] ] )->setTime( (int) $schedule['hour'], 0, 0 )->getTimestamp(), false );
	return $period['key'] === $key ? $period : null;
}

/* ---------------------------------------------------------------- sending */

/**
 * The addresses a digest goes to: its users' (while they may view reports) and its addresses,
 * without those that unsubscribed.
 *
 * @param array<string, mixed> $digest Digest.
 * @return string[]
 */
function abacus_digests_recipient_emails( $digest ) {
	$emails = array();
	foreach ( (array) $digest['recipients']['users'] as $user_id ) {
		$user = get_userdata( (int) $user_id );
		if ( $user && user_can( $user, 'view_woocommerce_reports' ) && is_email( $user->user_email ) ) {
			$emails[] = strtolower( $user->user_email );
		}
	}
	foreach ( (array) $digest['recipients']['emails'] as $email ) {
		$emails[] = strtolower( (string) $email );
	}
	$unsubscribed = abacus_digests_state( $digest['id'] )['unsubscribed'];
	return array_values( array_diff( array_unique( $emails ), $unsubscribed ) );
}

/**
 * Sends a digest's period under its lock and records the outcome: the period is marked sent (late
 * when it went out more than ABACUS_DIGESTS_LATE_AFTER after its time), or the failure is kept
 * with the addresses it failed for.
 *
 * @param array<string, mixed> $digest Digest.
 * @param array<string, mixed> $period Period.
 * @param string[]|null        $only   Only these addresses (a retry), else every recipient.
 * @param int|null             $now    Now (a timestamp; the tests pass one).
 * @return bool Whether it ran (false when another run holds the lock).
 */
function abacus_digests_run( $digest, $period, $only = null, $now = null ) {
	$now  = null === $now ? time() : (int) $now;
	$lock = 'abacus_digest_lock_' . $digest['id'];
	if ( ! add_option( $lock, time() + 15 * MINUTE_IN_SECONDS, '', false ) ) {
		wp_cache_delete( $lock, 'options' );
		$until = (int) get_option( $lock, 0 );
		if ( $until > time() ) {
			return false;
		}
		// A run that died: take its lock over.
		delete_option( $lock );
		if ( ! add_option( $lock, time() + 15 * MINUTE_IN_SECONDS, '', false ) ) {
			return false;
		}
	}
	try {
		$state = abacus_digests_state( $digest['id'] );
		if ( null === $only && $state['lastPeriod'] >= $period['key'] ) {
			return false;
		}
		$late       = null === $only && $now - $period['sendAt'] > ABACUS_DIGESTS_LATE_AFTER;
		$recipients = null === $only ? abacus_digests_recipient_emails( $digest ) : array_values( array_intersect( $only, abacus_digests_recipient_emails( $digest ) ) );
		$result     = $recipients ? abacus_digest_send( $digest, $period, $recipients, array( 'late' => $late ) ) : array(
			'failed'  => array(),
			'sent'    => array(),
			'message' => __( 'No recipient left: every one unsubscribed or may no longer view reports.', 'abacus' ),
		);
		if ( is_wp_error( $result ) ) {
			$result = array(
				'failed'  => $recipients,
				'sent'    => array(),
				'message' => $result->get_error_message(),
			);
		}
		abacus_digests_update_state(
			$digest['id'],
			function ( $state ) use ( $period, $late, $result ) {
				if ( $period['key'] > $state['lastPeriod'] ) {
					$state['lastPeriod'] = $period['key'];
					$state['late']       = $late;
				}
				if ( $result['sent'] ) {
					$state['lastSent'] = time();
				}
				$state['failure'] = $result['failed'] ? array(
					'period'     => $period['key'],
					'recipients' => $result['failed'],
					'message'    => $result['message'],
					'time'       => gmdate( 'c' ),
				) : null;
				return abacus_digests_log(
					$state,
					array(
						'time'    => gmdate( 'c' ),
						'period'  => $period['key'],
						'status'  => $result['failed'] ? 'failed' : ( $late ? 'late' : 'sent' ),
						'sent'    => count( $result['sent'] ),
						'message' => $result['failed'] || ! $result['sent'] ? $result['message'] : '',
					)
				);
			}
		);
		if ( $result['failed'] ) {
			// Logged where the site's errors go too (never the addresses' content, only counts).
			error_log( sprintf( 'Abacus digest %s, period %s: %d of %d e-mails failed: %s', $digest['id'], $period['key'], count( $result['failed'] ), count( $result['failed'] ) + count( $result['sent'] ), $result['message'] ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a failed digest is logged.
		}
		return true;
	} finally {
		delete_option( $lock );
	}
}

/**
 * WP-Cron's hourly run: every enabled digest whose period is due and not yet sent goes out (only
 * the latest due period: after a long sleep the missed ones are not all sent).
 *
 * @param int|null $now Now (a timestamp; the tests pass one).
 */
function abacus_digests_tick( $now = null ) {
	$now = null === $now ? time() : (int) $now;
	foreach ( abacus_digests_all() as $digest ) {
		if ( isset( $digest['enabled'] ) && false === $digest['enabled'] ) {
			continue;
		}
		$period = abacus_digests_due_period( $digest, $now );
		// A digest starts with the first period due after it was made.
		if ( $period['sendAt'] < (int) $digest['created'] ) {
			continue;
		}
		if ( abacus_digests_state( $digest['id'] )['lastPeriod'] >= $period['key'] ) {
			continue;
		}
		abacus_digests_run( $digest, $period, null, $now );
	}
}
add_action(
	ABACUS_DIGESTS_CRON_HOOK,
	function () {
		abacus_digests_tick();
	}
);

/**
 * Schedules the hourly run (at the next full hour) when digests exist and it is not scheduled.
 */
function abacus_digests_schedule_cron() {
	if ( abacus_digests_all() && ! wp_next_scheduled( ABACUS_DIGESTS_CRON_HOOK ) ) {
		wp_schedule_event( (int) ( ceil( time() / HOUR_IN_SECONDS ) * HOUR_IN_SECONDS ), 'hourly', ABACUS_DIGESTS_CRON_HOOK );
	}
}
add_action( 'init', 'abacus_digests_schedule_cron' );

/**
 * Removes the hourly run when the plugin is deactivated.
 */
function abacus_digests_unschedule_cron() {
	wp_clear_scheduled_hook( ABACUS_DIGESTS_CRON_HOOK );
}
register_deactivation_hook( ABACUS_PLUGIN_FILE, 'abacus_digests_unschedule_cron' );

/* ---------------------------------------------------------------- unsubscribing */

/**
 * The signature of an unsubscribe link: HMAC-SHA256 of the digest and address with the site's
 * secret key.
 *
 * @param string $id    Digest id.
 * @param string $email Address.
 * @return string
 */
function abacus_digests_signature( $id, $email ) {
	return hash_hmac( 'sha256', 'abacus-digest-unsubscribe|' . $id . '|' . strtolower( $email ), wp_salt( 'auth' ) );
}

/**
 * A recipient's unsubscribe link (works without logging in).
 *
 * @param string $id    Digest id.
 * @param string $email Address.
 * @return string
 */
function abacus_digests_unsubscribe_url( $id, $email ) {
	return add_query_arg(
		array(
			'action' => 'abacus_digest_unsubscribe',
			'digest' => $id,
			'to'     => rawurlencode( strtolower( $email ) ),
			'sig'    => abacus_digests_signature( $id, $email ),
		),
		admin_url( 'admin-post.php' )
	);
}

/**
 * The unsubscribe page: GET asks to confirm (mail scanners that open links do not unsubscribe),
 * POST (the button, or a mail client's one-click List-Unsubscribe-Post) unsubscribes. The link's
 * signature is checked before anything; a wrong one changes nothing.
 */
function abacus_digests_unsubscribe_page() {
	// phpcs:disable WordPress.Security.NonceVerification -- the link is signed for the digest and address.
	$id    = isset( $_REQUEST['digest'] ) ? sanitize_key( wp_unslash( $_REQUEST['digest'] ) ) : '';
	$email = isset( $_REQUEST['to'] ) ? strtolower( sanitize_email( wp_unslash( $_REQUEST['to'] ) ) ) : '';
	$sig   = isset( $_REQUEST['sig'] ) ? sanitize_key( wp_unslash( $_REQUEST['sig'] ) ) : '';
	// phpcs:enable
	$title  = __( 'Store digest', 'abacus' );
	$digest = abacus_digests_find( $id );
	if ( '' === $email || '' === $sig || ! hash_equals( abacus_digests_signature( $id, $email ), $sig ) ) {
		wp_die( esc_html__( 'This unsubscribe link is not valid: it may have been cut or changed. Use the link of the latest digest you received.', 'abacus' ), esc_html( $title ), array( 'response' => 400 ) );
	}
	if ( null === $digest ) {
		wp_die( esc_html__( 'This digest no longer exists: you will not receive it.', 'abacus' ), esc_html( $title ), array( 'response' => 200 ) );
	}
	$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
	if ( 'POST' !== $method ) {
		$action = abacus_digests_unsubscribe_url( $id, $email );
		/* translators: 1: digest name, 2: e-mail address. */
		$question = sprintf( __( 'Stop sending "%1$s" to %2$s?', 'abacus' ), $digest['name'], $email );
		$form     = '<p>' . esc_html( $question ) . '</p><form method="post" action="' . esc_url( $action ) . '"><p><button type="submit" class="button button-primary">' . esc_html__( 'Unsubscribe', 'abacus' ) . '</button></p></form>';
		wp_die( $form, esc_html( $title ), array( 'response' => 200 ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
	}
	abacus_digests_update_state(
		$id,
		function ( $state ) use ( $email ) {
			$state['unsubscribed'] = array_values( array_unique( array_merge( $state['unsubscribed'], array( $email ) ) ) );
			return $state;
		}
	);
	/* translators: 1: e-mail address, 2: digest name. */
	wp_die( esc_html( sprintf( __( '%1$s will no longer receive "%2$s".', 'abacus' ), $email, $digest['name'] ) ), esc_html( $title ), array( 'response' => 200 ) );
}
add_action( 'admin_post_nopriv_abacus_digest_unsubscribe', 'abacus_digests_unsubscribe_page' );
add_action( 'admin_post_abacus_digest_unsubscribe', 'abacus_digests_unsubscribe_page' );
