<?php
/**
 * Notes on charts (annotations), `abacus/v1/annotations`: a note on a day or a range of days with
 * a short text and an optional http(s) link, shared by the store's report users and shown on every
 * Abacus time chart. The same routes and JSON as the Abacus server's
 * (server/src/admin/routes/annotations.ts):
 *
 * - GET    abacus/v1/annotations[?after=YYYY-MM-DD&before=YYYY-MM-DD]  the notes meeting the days
 * - GET    abacus/v1/annotations/<id>
 * - POST   abacus/v1/annotations  {date_from, date_to?, text, url?}  (201)
 * - POST|PUT|PATCH abacus/v1/annotations/<id>  any of the fields
 * - DELETE abacus/v1/annotations/<id>  {deleted: true, previous}
 *
 * A note: {id, date_from, date_to, text, url, author: {id, name}, created, updated, can_edit}.
 * Reading needs the capability to view the reports; WordPress checks the REST nonce of every
 * cookie-authenticated request (without it the user is anonymous and refused), so every mutation
 * carries it. A note is changed or deleted by its author or by a user who may manage WooCommerce.
 * Kept in the table {prefix}abacus_annotations (prepared statements only); the text is kept as
 * typed and answered as JSON text, which the pages draw as text, never as HTML.
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

/** Longest note text (characters). */
define( 'ABACUS_ANNOTATION_MAX_TEXT', 280 );
/** Longest link (characters). */
define( 'ABACUS_ANNOTATION_MAX_URL', 500 );
/** Longest range a note covers (days, both ends included). */
define( 'ABACUS_ANNOTATION_MAX_SPAN', 366 );
/** Most notes a store keeps. */
define( 'ABACUS_ANNOTATION_MAX_COUNT', 2000 );
/** Version of the table's schema (option abacus_annotations_db). */
define( 'ABACUS_ANNOTATION_DB_VERSION', '1' );

/**
 * The notes' table name.
 *
 * @return string
 */
function abacus_annotations_table() {
	global $wpdb;
	return $wpdb->prefix . 'abacus_annotations';
}

/**
 * Creates (or upgrades) the notes' table when its schema version is not the current one.
 */
function abacus_annotations_install() {
	if ( get_option( 'abacus_annotations_db' ) === ABACUS_ANNOTATION_DB_VERSION ) {
		return;
	}
	global $wpdb;
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	$table   = abacus_annotations_table();
	$charset = $wpdb->get_charset_collate();
	dbDelta(
		"CREATE TABLE {$table} (
			id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
			date_from date NOT NULL,
			date_to date NOT NULL,
			text varchar(1200) NOT NULL,
			url varchar(500) NOT NULL DEFAULT '',
			author_id bigint(20) unsigned NOT NULL DEFAULT 0,
			created datetime NOT NULL,
			updated datetime NOT NULL,
			PRIMARY KEY  (id),
			KEY date_from (date_from)
		) {$charset};"
	);
	update_option( 'abacus_annotations_db', ABACUS_ANNOTATION_DB_VERSION, false );
}

/**
 * Whether a value is a real day YYYY-MM-DD between 1970 and 2100.
 *
 * @param mixed $value Value.
 * @return bool
 */
function abacus_annotation_is_day( $value ) {
	if ( ! is_string( $value ) || ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $value, $m ) ) {
		return false;
	}
	$year = (int) $m[1];
	return checkdate( (int) $m[2], (int) $m[3], $year ) && $year >= 1970 && $year <= 2100;
}

/**
 * Whether a text holds a control character (line breaks included) or is not valid UTF-8.
 *
 * @param string $text Text.
 * @return bool
 */
function abacus_annotation_has_control( $text ) {
	return 1 !== preg_match( '//u', $text ) || 1 === preg_match( '/[\x{0000}-\x{001F}\x{007F}-\x{009F}\x{2028}\x{2029}]/u', $text );
}

/**
 * The problem with a link, or null when it is empty or an http(s) address.
 *
 * @param string $url Link.
 * @return string|null
 */
function abacus_annotation_url_problem( $url ) {
	if ( '' === $url ) {
		return null;
	}
	if ( strlen( $url ) > ABACUS_ANNOTATION_MAX_URL ) {
		/* translators: %d: longest link */
		return sprintf( __( 'The link must be at most %d characters.', 'abacus' ), ABACUS_ANNOTATION_MAX_URL );
	}
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) || ! in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true ) ) {
		return __( 'The link must be a web address starting with http:// or https://.', 'abacus' );
	}
	if ( isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
		return __( 'The link must not carry a user name or password.', 'abacus' );
	}
	if ( preg_match( '/\s/u', $url ) || abacus_annotation_has_control( $url ) ) {
		return __( 'The link must not contain spaces.', 'abacus' );
	}
	if ( esc_url_raw( $url, array( 'http', 'https' ) ) !== $url ) {
		return __( 'The link holds characters a web address cannot have.', 'abacus' );
	}
	return null;
}

/**
 * The error of a note that was not saved, naming each bad field.
 *
 * @param array<string, string> $problems Field => what was wrong.
 * @return WP_Error
 */
function abacus_annotation_invalid( $problems ) {
	return new WP_Error(
		'abacus_invalid_annotation',
		/* translators: %s: what was wrong with each field */
		sprintf( __( 'The note was not saved: %s', 'abacus' ), implode( ' ', $problems ) ),
		array(
			'status' => 400,
			'params' => $problems,
		)
	);
}

/**
 * Checks a request body against a note's fields: on create every required field, on update the
 * fields sent over `$current`.
 *
 * @param mixed                     $body    Decoded JSON body.
 * @param array<string, mixed>|null $current The note's fields before the change.
 * @return array<string, string>|WP_Error The fields date_from, date_to, text, url.
 */
function abacus_annotation_validate( $body, $current = null ) {
	if ( ! is_array( $body ) || ( $body && array_keys( $body ) === range( 0, count( $body ) - 1 ) ) ) {
		return abacus_annotation_invalid( array( 'body' => __( 'Send a JSON object with date_from, text and optionally date_to and url.', 'abacus' ) ) );
	}
	$problems = array();
	$fields   = array( 'date_from', 'date_to', 'text', 'url' );
	foreach ( array_keys( $body ) as $key ) {
		if ( ! in_array( (string) $key, $fields, true ) ) {
			$name              = substr( (string) $key, 0, 60 );
			$problems[ $name ] = sprintf(
				/* translators: %s: a field name that was sent */
				__( '%s is not a field of a note (date_from, date_to, text, url).', 'abacus' ),
				$name
			);
		}
	}
	if ( null === $current && ! $body ) {
		$problems['body'] = __( 'Send date_from and text.', 'abacus' );
	}
	$has  = function ( $key ) use ( $body ) {
		return array_key_exists( $key, $body );
	};
	$from = $has( 'date_from' ) ? $body['date_from'] : ( $current ? $current['date_from'] : null );
	if ( ! abacus_annotation_is_day( $from ) ) {
		$problems['date_from'] = __( 'date_from must be a day like 2026-01-31.', 'abacus' );
	}
	if ( $has( 'date_to' ) ) {
		$to = ( null === $body['date_to'] || '' === $body['date_to'] ) ? $from : $body['date_to'];
	} elseif ( $current && $current['date_to'] !== $current['date_from'] ) {
		$to = $current['date_to'];
	} else {
		$to = $from;
	}
	if ( ! abacus_annotation_is_day( $to ) ) {
		$problems['date_to'] = __( 'date_to must be a day like 2026-01-31, or left out.', 'abacus' );
	} elseif ( abacus_annotation_is_day( $from ) ) {
		if ( $to < $from ) {
			$problems['date_to'] = __( 'date_to must be on or after date_from.', 'abacus' );
		} elseif ( ( strtotime( $to . ' 00:00:00 UTC' ) - strtotime( $from . ' 00:00:00 UTC' ) ) / DAY_IN_SECONDS + 1 > ABACUS_ANNOTATION_MAX_SPAN ) {
			/* translators: %d: most days a note covers */
			$problems['date_to'] = sprintf( __( 'A note may cover at most %d days.', 'abacus' ), ABACUS_ANNOTATION_MAX_SPAN );
		}
	}
	$text = $current ? $current['text'] : '';
	if ( $has( 'text' ) || null === $current ) {
		if ( ! isset( $body['text'] ) || ! is_string( $body['text'] ) ) {
			$problems['text'] = __( 'text must be the note, as text.', 'abacus' );
		} else {
			$text = trim( $body['text'] );
			if ( '' === $text ) {
				$problems['text'] = __( 'The note must have a text.', 'abacus' );
			} elseif ( abacus_annotation_has_control( $text ) ) {
				$problems['text'] = __( 'The note must be one line of text, without control characters.', 'abacus' );
			} elseif ( mb_strlen( $text, 'UTF-8' ) > ABACUS_ANNOTATION_MAX_TEXT ) {
				/* translators: %d: longest note */
				$problems['text'] = sprintf( __( 'The note must be at most %d characters.', 'abacus' ), ABACUS_ANNOTATION_MAX_TEXT );
			}
		}
	}
	$url = $current ? $current['url'] : '';
	if ( $has( 'url' ) ) {
		if ( null === $body['url'] ) {
			$url = '';
		} elseif ( ! is_string( $body['url'] ) ) {
			$problems['url'] = __( 'url must be a web address, or empty.', 'abacus' );
		} else {
			$url     = trim( $body['url'] );
			$problem = abacus_annotation_url_problem( $url );
			if ( null !== $problem ) {
				$problems['url'] = $problem;
			}
		}
	}
	if ( $problems ) {
		return abacus_annotation_invalid( $problems );
	}
	return array(
		'date_from' => $from,
		'date_to'   => $to,
		'text'      => $text,
		'url'       => $url,
	);
}

/**
 * Whether the current user may change every note (not only their own).
 *
 * @return bool
 */
function abacus_annotation_is_admin() {
	return current_user_can( 'manage_woocommerce' ) || current_user_can( 'manage_options' );
}

/**
 * A table row as the route's JSON.
 *
 * @param object $row Row.
 * @return array<string, mixed>
 */
function abacus_annotation_json( $row ) {
	$author_id = (int) $row->author_id;
	$author    = $author_id ? get_userdata( $author_id ) : false;
	return array(
		'id'        => (int) $row->id,
		'date_from' => (string) $row->date_from,
		'date_to'   => (string) $row->date_to,
		'text'      => (string) $row->text,
		'url'       => (string) $row->url,
		'author'    => array(
			'id'   => $author_id,
			'name' => $author ? (string) $author->display_name : '',
		),
		'created'   => str_replace( ' ', 'T', (string) $row->created ) . 'Z',
		'updated'   => str_replace( ' ', 'T', (string) $row->updated ) . 'Z',
		'can_edit'  => abacus_annotation_is_admin() || get_current_user_id() === $author_id,
	);
}

/**
 * One note's row, or null.
 *
 * @param int $id Note id.
 * @return object|null
 */
function abacus_annotation_row( $id ) {
	global $wpdb;
	$table = abacus_annotations_table();
	// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is ours.
	return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $id ) );
}

/**
 * The body of a request: its JSON object, else its form fields.
 *
 * @param WP_REST_Request $request Request.
 * @return mixed
 */
function abacus_annotation_body( $request ) {
	$json = $request->get_json_params();
	if ( null !== $json ) {
		return $json;
	}
	return $request->get_body_params();
}

/**
 * The note of the route's id that the current user may change, or an error (404, 403).
 *
 * @param WP_REST_Request $request Request.
 * @return object|WP_Error
 */
function abacus_annotation_editable( $request ) {
	$row = abacus_annotation_row( (int) $request['id'] );
	if ( ! $row ) {
		return new WP_Error( 'abacus_annotation_not_found', __( 'There is no note with this id.', 'abacus' ), array( 'status' => 404 ) );
	}
	if ( ! abacus_annotation_is_admin() && (int) $row->author_id !== get_current_user_id() ) {
		return new WP_Error( 'abacus_annotation_forbidden', __( 'Only the author of a note or an administrator may change or delete it.', 'abacus' ), array( 'status' => 403 ) );
	}
	return $row;
}

/**
 * GET: the notes meeting after..before (all without them), by first day then id.
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_get_annotations( $request ) {
	abacus_annotations_install();
	$problems = array();
	foreach ( array_keys( $request->get_query_params() ) as $key ) {
		$key = (string) $key;
		if ( ! in_array( $key, array( 'after', 'before', 'rest_route' ), true ) && '_' !== substr( $key, 0, 1 ) ) {
			$name              = substr( $key, 0, 60 );
			/* translators: %s: a parameter that was sent */
			$problems[ $name ] = sprintf( __( '%s is not a parameter of this route (after, before).', 'abacus' ), $name );
		}
	}
	$after  = $request->get_param( 'after' );
	$before = $request->get_param( 'before' );
	if ( null !== $after && ! abacus_annotation_is_day( substr( (string) $after, 0, 10 ) ) ) {
		$problems['after'] = __( 'after must be a day like 2026-01-31.', 'abacus' );
	}
	if ( null !== $before && ! abacus_annotation_is_day( substr( (string) $before, 0, 10 ) ) ) {
		$problems['before'] = __( 'before must be a day like 2026-01-31.', 'abacus' );
	}
	if ( $problems ) {
		return new WP_Error(
			'rest_invalid_param',
			/* translators: %s: parameter names */
			sprintf( __( 'Invalid parameter(s): %s', 'abacus' ), implode( ', ', array_keys( $problems ) ) ),
			array(
				'status' => 400,
				'params' => $problems,
			)
		);
	}
	global $wpdb;
	$table = abacus_annotations_table();
	$where = array( '1=1' );
	$args  = array();
	if ( null !== $after ) {
		$where[] = 'date_to >= %s';
		$args[]  = substr( (string) $after, 0, 10 );
	}
	if ( null !== $before ) {
		$where[] = 'date_from <= %s';
		$args[]  = substr( (string) $before, 0, 10 );
	}
	$sql = "SELECT * FROM {$table} WHERE " . implode( ' AND ', $where ) . ' ORDER BY date_from, id LIMIT ' . (int) ABACUS_ANNOTATION_MAX_COUNT;
	// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only; the table name is ours.
	$rows = $wpdb->get_results( $args ? $wpdb->prepare( $sql, $args ) : $sql );
	return rest_ensure_response( array_map( 'abacus_annotation_json', (array) $rows ) );
}

/**
 * GET one note.
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_get_annotation( $request ) {
	abacus_annotations_install();
	$row = abacus_annotation_row( (int) $request['id'] );
	if ( ! $row ) {
		return new WP_Error( 'abacus_annotation_not_found', __( 'There is no note with this id.', 'abacus' ), array( 'status' => 404 ) );
	}
	return rest_ensure_response( abacus_annotation_json( $row ) );
}

/**
 * POST: adds a note (201).
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_create_annotation( $request ) {
	abacus_annotations_install();
	$input = abacus_annotation_validate( abacus_annotation_body( $request ) );
	if ( is_wp_error( $input ) ) {
		return $input;
	}
	global $wpdb;
	$table = abacus_annotations_table();
	// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is ours.
	$count = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" );
	if ( $count >= ABACUS_ANNOTATION_MAX_COUNT ) {
		/* translators: %d: most notes a store keeps */
		return new WP_Error( 'abacus_too_many_annotations', sprintf( __( 'The store keeps at most %d notes: delete old ones first.', 'abacus' ), ABACUS_ANNOTATION_MAX_COUNT ), array( 'status' => 400 ) );
	}
	$now = gmdate( 'Y-m-d H:i:s' );
	$ok  = $wpdb->insert(
		$table,
		array(
			'date_from' => $input['date_from'],
			'date_to'   => $input['date_to'],
			'text'      => $input['text'],
			'url'       => $input['url'],
			'author_id' => get_current_user_id(),
			'created'   => $now,
			'updated'   => $now,
		),
		array( '%s', '%s', '%s', '%s', '%d', '%s', '%s' )
	);
	if ( false === $ok ) {
		return new WP_Error( 'abacus_annotation_not_saved', __( 'The note could not be saved in the database.', 'abacus' ), array( 'status' => 500 ) );
	}
	$response = rest_ensure_response( abacus_annotation_json( abacus_annotation_row( (int) $wpdb->insert_id ) ) );
	$response->set_status( 201 );
	return $response;
}

/**
 * POST|PUT|PATCH <id>: changes a note.
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_update_annotation( $request ) {
	abacus_annotations_install();
	$row = abacus_annotation_editable( $request );
	if ( is_wp_error( $row ) ) {
		return $row;
	}
	$input = abacus_annotation_validate(
		abacus_annotation_body( $request ),
		array(
			'date_from' => (string) $row->date_from,
			'date_to'   => (string) $row->date_to,
			'text'      => (string) $row->text,
			'url'       => (string) $row->url,
		)
	);
	if ( is_wp_error( $input ) ) {
		return $input;
	}
	global $wpdb;
	$input['updated'] = gmdate( 'Y-m-d H:i:s' );
	$wpdb->update( abacus_annotations_table(), $input, array( 'id' => (int) $row->id ), array( '%s', '%s', '%s', '%s', '%s' ), array( '%d' ) );
	return rest_ensure_response( abacus_annotation_json( abacus_annotation_row( (int) $row->id ) ) );
}

/**
 * DELETE <id>: deletes a note.
 *
 * @param WP_REST_Request $request Request.
 * @return WP_REST_Response|WP_Error
 */
function abacus_rest_delete_annotation( $request ) {
	abacus_annotations_install();
	$row = abacus_annotation_editable( $request );
	if ( is_wp_error( $row ) ) {
		return $row;
	}
	global $wpdb;
	$previous = abacus_annotation_json( $row );
	$wpdb->delete( abacus_annotations_table(), array( 'id' => (int) $row->id ), array( '%d' ) );
	return rest_ensure_response(
		array(
			'deleted'  => true,
			'previous' => $previous,
		)
	);
}

/**
 * Registers the routes.
 */
function abacus_register_annotation_routes() {
	$id_arg = array(
		'id' => array(
			'description'       => __( 'The note id.', 'abacus' ),
			'type'              => 'integer',
			'minimum'           => 1,
			'required'          => true,
			'sanitize_callback' => 'absint',
		),
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/annotations',
		array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => 'abacus_rest_get_annotations',
				'permission_callback' => 'abacus_rest_permission',
			),
			array(
				'methods'             => 'POST',
				'callback'            => 'abacus_rest_create_annotation',
				'permission_callback' => 'abacus_rest_permission',
			),
		)
	);
	register_rest_route(
		ABACUS_REST_NAMESPACE,
		'/annotations/(?P<id>\d{1,12})',
		array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => 'abacus_rest_get_annotation',
				'permission_callback' => 'abacus_rest_permission',
				'args'                => $id_arg,
			),
			array(
				'methods'             => WP_REST_Server::EDITABLE,
				'callback'            => 'abacus_rest_update_annotation',
				'permission_callback' => 'abacus_rest_permission',
				'args'                => $id_arg,
			),
			array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => 'abacus_rest_delete_annotation',
				'permission_callback' => 'abacus_rest_permission',
				'args'                => $id_arg,
			),
		)
	);
}
add_action( 'rest_api_init', 'abacus_register_annotation_routes' );
