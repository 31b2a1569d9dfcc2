<?php
/**
 * An e-mail digest's content: the figures of a period (WooCommerce's performance indicators, the
 * Overview's, for the same `after` and `before` as the report pages; from the Abacus engine when it
 * is chosen), each with its value, its change against the comparison period, a small PNG chart of
 * the period by day (PHP GD, attached inline) and a link into its report over the same range; the
 * notes on charts that meet the period (php/annotations.php: marked on each chart and listed under
 * the figures); the chosen leaderboards; in the store's locale, currency and date format. HTML with
 * inline styles and tables (no script, no style sheet) and a plain-text part. Sent through wp_mail,
 * one e-mail per recipient with its own signed unsubscribe link.
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

/** The chart's size in the e-mail (CSS pixels; the PNG has twice as many). */
define( 'ABACUS_DIGEST_CHART_WIDTH', 240 );
define( 'ABACUS_DIGEST_CHART_HEIGHT', 56 );
/** The colour of the notes' markers, the app's (the charts' `abacus-chart__annotation-*`). */
define( 'ABACUS_DIGEST_NOTE_COLOR', '#8a4bb5' );

/**
 * Runs `$callback` as the user `$user_id` (the digest's owner: the figures are read with their
 * rights, and an engine token is signed for them), then restores the current user.
 *
 * @param int      $user_id  User.
 * @param callable $callback What to run.
 * @return mixed What it returned.
 */
function abacus_digest_as_user( $user_id, $callback ) {
	$previous = get_current_user_id();
	wp_set_current_user( $user_id );
	try {
		return call_user_func( $callback );
	} finally {
		wp_set_current_user( $previous );
	}
}

/**
 * A GET of an analytics route as the report pages make it: to the Abacus engine with a token
 * when it is chosen, else to WooCommerce's REST API inside this request (rest_do_request).
 *
 * @param string               $route Route, e.g. /wc-analytics/reports/performance-indicators.
 * @param array<string, mixed> $query Query.
 * @return array<mixed>|WP_Error
 */
function abacus_digest_get( $route, $query ) {
	if ( abacus_engine_is_active() ) {
		$url     = abacus_engine_settings()['url'];
		$refused = abacus_engine_refused_address( $url );
		if ( '' !== $refused ) {
			return new WP_Error( 'abacus_engine_address_refused', $refused );
		}
		$token    = abacus_engine_token();
		$response = wp_safe_remote_get(
			$url . '/wp-json' . $route . '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ),
			array(
				'timeout'             => 30,
				'redirection'         => 0,
				'limit_response_size' => 4 * MB_IN_BYTES,
				'headers'             => array(
					'Authorization' => 'Bearer ' . $token['token'],
					'Accept'        => 'application/json',
				),
			)
		);
		if ( is_wp_error( $response ) ) {
			/* translators: 1: engine address, 2: network error. */
			return new WP_Error( 'abacus_engine_unreachable', sprintf( __( 'The engine at %1$s could not be reached: %2$s', 'abacus' ), $url, $response->get_error_message() ) );
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$body   = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( 200 !== $status || ! is_array( $body ) ) {
			$code = is_array( $body ) && isset( $body['code'] ) && is_string( $body['code'] ) ? $body['code'] : '';
			return new WP_Error( 'abacus_engine_refused', abacus_engine_refusal_message( $code, $status, $url ) );
		}
		return $body;
	}
	$request = new WP_REST_Request( 'GET', $route );
	$request->set_query_params( $query );
	$response = rest_do_request( $request );
	if ( $response->is_error() ) {
		$error = $response->as_error();
		/* translators: 1: route, 2: its error. */
		return new WP_Error( 'abacus_digest_figures', sprintf( __( 'WooCommerce\'s analytics (%1$s) answered: %2$s', 'abacus' ), $route, $error->get_error_message() ) );
	}
	// As JSON would carry it: objects inside (an interval's subtotals) become arrays.
	$data = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
	return is_array( $data ) ? $data : array();
}

/**
 * The comparison period of a period, as the report pages compute it for a custom range: the same
 * number of days just before, or the same dates a year earlier.
 *
 * @param array<string, mixed> $period     Period.
 * @param string               $comparison previous_period or previous_year.
 * @return array{start: DateTimeImmutable, end: DateTimeImmutable}
 */
function abacus_digest_comparison_range( $period, $comparison ) {
	if ( 'previous_year' === $comparison ) {
		return array(
			'start' => $period['start']->modify( '-1 year' ),
			'end'   => $period['end']->modify( '-1 year' ),
		);
	}
	$days = (int) $period['start']->diff( $period['end']->setTime( 0, 0, 0 ) )->days;
	$end  = $period['start']->modify( '-1 day' )->setTime( 23, 59, 59 );
	return array(
		'start' => $end->setTime( 0, 0, 0 )->modify( '-' . $days . ' days' ),
		'end'   => $end,
	);
}

/**
 * `after` and `before` of a range as the analytics routes read them (local times).
 *
 * @param DateTimeImmutable $start First second.
 * @param DateTimeImmutable $end   Last second.
 * @return array{after: string, before: string}
 */
function abacus_digest_range_query( $start, $end ) {
	return array(
		'after'  => $start->format( 'Y-m-d\TH:i:s' ),
		'before' => $end->format( 'Y-m-d\TH:i:s' ),
	);
}

/**
 * The path of a report (`/analytics/revenue`) from an indicator's report link, or the Overview's.
 *
 * @param mixed $item Indicator.
 * @return string
 */
function abacus_digest_report_path( $item ) {
	$href = is_array( $item ) && isset( $item['_links']['report'][0]['href'] ) ? (string) $item['_links']['report'][0]['href'] : '';
	if ( preg_match( '#(/analytics/[a-z-]+)/?$#', $href, $match ) ) {
		return $match[1];
	}
	return '/analytics/overview';
}

/**
 * The stats route of an indicator (`/wc-analytics/reports/revenue/stats`), or ''.
 *
 * @param mixed $item Indicator.
 * @return string
 */
function abacus_digest_api_route( $item ) {
	$href = is_array( $item ) && isset( $item['_links']['api'][0]['href'] ) ? (string) $item['_links']['api'][0]['href'] : '';
	if ( preg_match( '#(/wc-analytics/reports/[a-z-]+/stats)#', $href, $match ) ) {
		return $match[1];
	}
	return '';
}

/**
 * The address of a report in wp-admin over a period (the same range and comparison).
 *
 * @param string               $path       Report path.
 * @param array<string, mixed> $period     Period.
 * @param string               $comparison Comparison.
 * @param array<string, mixed> $extra      More query arguments (chart, filter).
 * @return string
 */
function abacus_digest_report_url( $path, $period, $comparison, $extra = array() ) {
	return add_query_arg(
		array_map(
			'rawurlencode',
			array_merge(
				array(
					'page'    => ABACUS_PAGE,
					'path'    => $path,
					'period'  => 'custom',
					'compare' => $comparison,
					'after'   => $period['start']->format( 'Y-m-d' ),
					'before'  => $period['end']->format( 'Y-m-d' ),
				),
				$extra
			)
		),
		admin_url( 'admin.php' )
	);
}

/**
 * Reads a digest's figures for a period: every chosen indicator's value and its comparison value,
 * its series by day over both periods, and the chosen leaderboards. Runs as the digest's owner.
 *
 * @param array<string, mixed> $digest Digest.
 * @param array<string, mixed> $period Period.
 * @return array<string, mixed>|WP_Error
 */
function abacus_digest_data( $digest, $period ) {
	$owner = get_userdata( (int) $digest['owner'] );
	if ( ! $owner || ! user_can( $owner, 'view_woocommerce_reports' ) ) {
		return new WP_Error( 'abacus_digest_owner', __( 'The user who set this digest up may no longer view the store\'s reports: open the digest in Analytics › Settings and save it again as a user who may.', 'abacus' ) );
	}
	return abacus_digest_as_user(
		$owner->ID,
		function () use ( $digest, $period ) {
			$compare  = abacus_digest_comparison_range( $period, $digest['comparison'] );
			$now      = abacus_digest_range_query( $period['start'], $period['end'] );
			$before   = abacus_digest_range_query( $compare['start'], $compare['end'] );
			$stats    = implode( ',', $digest['figures'] );
			$current  = abacus_digest_get( '/wc-analytics/reports/performance-indicators', array_merge( $now, array( 'stats' => $stats ) ) );
			if ( is_wp_error( $current ) ) {
				return $current;
			}
			$by_stat = function ( $list ) {
				$out = array();
				foreach ( $list as $item ) {
					if ( is_array( $item ) && isset( $item['stat'] ) ) {
						$out[ (string) $item['stat'] ] = $item;
					}
				}
				return $out;
			};
			$current = $by_stat( $current );
			// The totals and series by day: one request per stats route and period (the report
			// pages' own requests; WooCommerce answers the indicators of a second range in the same
			// PHP request from the first one's, so the comparison values come from here).
			$series = array();
			$totals = array();
			foreach ( array( 'current' => $now, 'previous' => $before ) as $which => $range ) {
				foreach ( array_unique( array_filter( array_map( 'abacus_digest_api_route', $current ) ) ) as $route ) {
					$answer = abacus_digest_get( $route, array_merge( $range, array( 'interval' => 'day', 'per_page' => 100, 'order' => 'asc', 'orderby' => 'date' ) ) );
					if ( is_wp_error( $answer ) ) {
						return $answer;
					}
					$series[ $which ][ $route ] = isset( $answer['intervals'] ) && is_array( $answer['intervals'] ) ? $answer['intervals'] : array();
					$totals[ $which ][ $route ] = isset( $answer['totals'] ) && is_array( $answer['totals'] ) ? $answer['totals'] : array();
				}
			}
			$figures = array();
			foreach ( $digest['figures'] as $stat ) {
				if ( ! isset( $current[ $stat ] ) ) {
					continue;
				}
				$item  = $current[ $stat ];
				$route = abacus_digest_api_route( $item );
				$key   = isset( $item['chart'] ) ? (string) $item['chart'] : '';
				$line  = function ( $intervals ) use ( $key ) {
					usort(
						$intervals,
						function ( $a, $b ) {
							return strcmp( (string) ( $a['date_start'] ?? '' ), (string) ( $b['date_start'] ?? '' ) );
						}
					);
					return array_map(
						function ( $interval ) use ( $key ) {
							return isset( $interval['subtotals'][ $key ] ) && is_numeric( $interval['subtotals'][ $key ] ) ? (float) $interval['subtotals'][ $key ] : 0.0;
						},
						$intervals
					);
				};
				$figures[] = array(
					'stat'     => $stat,
					'label'    => abacus_decode_label( $item['label'] ?? $stat ),
					'format'   => isset( $item['format'] ) && 'currency' === $item['format'] ? 'currency' : 'number',
					'value'    => abacus_digest_number( $totals['current'][ $route ][ $key ] ?? ( $item['value'] ?? null ) ),
					'previous' => abacus_digest_number( $totals['previous'][ $route ][ $key ] ?? null ),
					'report'   => abacus_digest_report_path( $item ),
					'chart'    => $key,
					'series'   => '' === $route ? array() : $line( $series['current'][ $route ] ?? array() ),
					'before'   => '' === $route ? array() : $line( $series['previous'][ $route ] ?? array() ),
				);
			}
			$boards = array();
			if ( $digest['leaderboards'] ) {
				$answer = abacus_digest_get( '/wc-analytics/leaderboards', array_merge( $now, array( 'per_page' => 5, 'persisted_query' => '{}' ) ) );
				if ( is_wp_error( $answer ) ) {
					return $answer;
				}
				foreach ( $digest['leaderboards'] as $id ) {
					foreach ( $answer as $board ) {
						if ( is_array( $board ) && isset( $board['id'] ) && $board['id'] === $id ) {
							$boards[] = abacus_digest_board( $board );
						}
					}
				}
			}
			return array(
				'figures' => $figures,
				'boards'  => $boards,
				'compare' => $compare,
				'notes'   => abacus_digest_notes( $period ),
			);
		}
	);
}

/**
 * The notes on charts that meet a period's days (a note's last day on or after the period's first,
 * its first day on or before the period's last; days in the store's time zone, as the period's):
 * the rows the route `abacus/v1/annotations` answers for the same `after` and `before`, from the
 * plugin's own table (the notes are WordPress's whatever engine the figures come from), at most as
 * many as the store keeps, by first day.
 *
 * @param array<string, mixed> $period Period.
 * @return array<int, array{from: string, to: string, text: string, url: string}>
 */
function abacus_digest_notes( $period ) {
	if ( ! function_exists( 'abacus_annotations_table' ) ) {
		return array();
	}
	abacus_annotations_install();
	global $wpdb;
	$table = abacus_annotations_table();
	$rows  = $wpdb->get_results(
		$wpdb->prepare(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is ours.
			"SELECT date_from, date_to, text, url FROM {$table} WHERE date_to >= %s AND date_from <= %s ORDER BY date_from, id LIMIT %d",
			$period['start']->format( 'Y-m-d' ),
			$period['end']->format( 'Y-m-d' ),
			ABACUS_ANNOTATION_MAX_COUNT
		)
	);
	$notes = array();
	foreach ( (array) $rows as $row ) {
		if ( ! abacus_annotation_is_day( (string) $row->date_from ) || ! abacus_annotation_is_day( (string) $row->date_to ) ) {
			continue;
		}
		$notes[] = array(
			'from' => (string) $row->date_from,
			'to'   => (string) $row->date_to,
			'text' => (string) $row->text,
			'url'  => (string) $row->url,
		);
	}
	return $notes;
}

/**
 * A note's days in the store's date format ("November 3, 2026", or "November 12, 2026 –
 * November 14, 2026" for a range).
 *
 * @param array{from: string, to: string} $note Note.
 * @return string
 */
function abacus_digest_note_days( $note ) {
	$zone = wp_timezone();
	$from = DateTimeImmutable::createFromFormat( '!Y-m-d', $note['from'], $zone );
	$to   = DateTimeImmutable::createFromFormat( '!Y-m-d', $note['to'], $zone );
	if ( ! $from || ! $to ) {
		return $note['from'];
	}
	return abacus_digest_date_range( $from, $to );
}

/**
 * Where the notes fall on a period's charts: the first and last day (indexes from the period's
 * first day, as the series' values are) each note covers, cut to the period.
 *
 * @param array<int, array{from: string, to: string}> $notes  Notes.
 * @param array<string, mixed>                        $period Period.
 * @return array<int, array{first: int, last: int}>
 */
function abacus_digest_note_marks( $notes, $period ) {
	$utc    = new DateTimeZone( 'UTC' );
	$origin = DateTimeImmutable::createFromFormat( '!Y-m-d', $period['start']->format( 'Y-m-d' ), $utc );
	$end    = DateTimeImmutable::createFromFormat( '!Y-m-d', $period['end']->format( 'Y-m-d' ), $utc );
	if ( ! $origin || ! $end ) {
		return array();
	}
	$index = function ( $day ) use ( $origin, $utc ) {
		$date = DateTimeImmutable::createFromFormat( '!Y-m-d', $day, $utc );
		return $date ? (int) $origin->diff( $date )->format( '%r%a' ) : 0;
	};
	$last  = $index( $end->format( 'Y-m-d' ) );
	$marks = array();
	foreach ( $notes as $note ) {
		$first = max( 0, $index( $note['from'] ) );
		$until = min( $last, $index( $note['to'] ) );
		if ( $first <= $until ) {
			$marks[] = array(
				'first' => $first,
				'last'  => $until,
			);
		}
	}
	return $marks;
}

/**
 * A number from an answer, or null.
 *
 * @param mixed $value Value.
 * @return float|null
 */
function abacus_digest_number( $value ) {
	return is_numeric( $value ) ? (float) $value : null;
}

/**
 * A leaderboard as text: its headers and up to five rows of cells, and the id of each row's item
 * when its first cell links to one (to link it in Abacus).
 *
 * @param array<string, mixed> $board Leaderboard answer.
 * @return array{id: string, headers: string[], rows: array<int, array{cells: string[], item: int}>}
 */
function abacus_digest_board( $board ) {
	$text    = function ( $html ) {
		return trim( html_entity_decode( wp_strip_all_tags( (string) $html ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
	};
	$headers = array();
	foreach ( isset( $board['headers'] ) && is_array( $board['headers'] ) ? $board['headers'] : array() as $header ) {
		$headers[] = $text( is_array( $header ) && isset( $header['label'] ) ? $header['label'] : '' );
	}
	$rows = array();
	foreach ( array_slice( isset( $board['rows'] ) && is_array( $board['rows'] ) ? $board['rows'] : array(), 0, 5 ) as $row ) {
		$cells = array();
		$item  = 0;
		foreach ( (array) $row as $index => $cell ) {
			$display = is_array( $cell ) && isset( $cell['display'] ) ? (string) $cell['display'] : '';
			if ( 0 === $index && preg_match( '/[?&](?:amp;)?(?:products|categories|coupons)=(\d+)/', $display, $match ) ) {
				$item = (int) $match[1];
			}
			$cells[] = 0 === $index && '' === $text( $display ) ? '—' : $text( $display );
		}
		$rows[] = array(
			'cells' => $cells,
			'item'  => $item,
		);
	}
	return array(
		'id'      => (string) $board['id'],
		'headers' => $headers,
		'rows'    => $rows,
	);
}

/**
 * A figure's value in the store's format: its currency (WooCommerce's), or a number in the
 * store's locale.
 *
 * @param float|null $value  Value.
 * @param string     $format currency or number.
 * @return string
 */
function abacus_digest_format( $value, $format ) {
	if ( null === $value ) {
		return '—';
	}
	if ( 'currency' === $format && function_exists( 'wc_price' ) ) {
		$decimals = function_exists( 'wc_get_price_decimals' ) ? (int) wc_get_price_decimals() : 2;
		return trim( html_entity_decode( wp_strip_all_tags( wc_price( abacus_round_as_pages( $value, $decimals ) ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
	}
	$whole = floor( $value ) === $value;
	return number_format_i18n( abacus_round_as_pages( $value, $whole ? 0 : 2 ), $whole ? 0 : 2 );
}

/**
 * A value rounded to `$decimals` as the report pages round it (the packages' numberFormat): a half
 * goes up, toward +∞ (1.005 → 1.01, -301.955 → -301.95), where PHP's round() and number_format()
 * take it away from zero (-301.96); a value that rounds to zero has no sign.
 *
 * @param float $value    Value.
 * @param int   $decimals Decimals kept.
 * @return float
 */
function abacus_round_as_pages( $value, $decimals ) {
	$value   = (float) $value;
	$rounded = $value < 0 ? -round( -$value, $decimals, PHP_ROUND_HALF_DOWN ) : round( $value, $decimals, PHP_ROUND_HALF_UP );
	return 0.0 === $rounded ? 0.0 : $rounded;
}

/**
 * A figure's change against its comparison value: "+12%", "−4%", "0%"; "new" when the previous
 * value was 0 (a change from nothing is not a percentage).
 *
 * @param float|null $value    Value.
 * @param float|null $previous Previous value.
 * @return array{text: string, direction: string}
 */
function abacus_digest_change( $value, $previous ) {
	if ( null === $value || null === $previous ) {
		return array(
			'text'      => '—',
			'direction' => 'none',
		);
	}
	if ( 0.0 === (float) $previous ) {
		return 0.0 === (float) $value ? array(
			'text'      => '0%',
			'direction' => 'none',
		) : array(
			'text'      => __( 'new', 'abacus' ),
			'direction' => $value > 0 ? 'up' : 'down',
		);
	}
	// Rounded as the report pages' tiles round a change (calculateDelta): -12.5 % is -12 %.
	$percent = (int) abacus_round_as_pages( ( $value - $previous ) / abs( $previous ) * 100, 0 );
	return array(
		'text'      => ( $percent > 0 ? '+' : ( $percent < 0 ? '−' : '' ) ) . number_format_i18n( abs( $percent ) ) . '%',
		'direction' => $percent > 0 ? 'up' : ( $percent < 0 ? 'down' : 'none' ),
	);
}

/**
 * A small PNG chart of a figure by day: the period's line over the comparison period's (grey), at
 * twice the size it is shown, or '' when PHP has no GD. The notes are marked under the lines, in
 * the app's note colour: a light band over a range's days, a thin line on a single day (a period
 * of one day: a band over the whole chart).
 *
 * @param float[]                                  $series Values by day.
 * @param float[]                                  $before Comparison values by day.
 * @param array<int, array{first: int, last: int}> $marks  abacus_digest_note_marks().
 * @return string PNG bytes.
 */
function abacus_digest_chart_png( $series, $before, $marks = array() ) {
	if ( ! function_exists( 'imagecreatetruecolor' ) || ! $series ) {
		return '';
	}
	$scale  = 2;
	$width  = ABACUS_DIGEST_CHART_WIDTH * $scale;
	$height = ABACUS_DIGEST_CHART_HEIGHT * $scale;
	$image  = imagecreatetruecolor( $width, $height );
	$white  = imagecolorallocate( $image, 255, 255, 255 );
	$grey   = imagecolorallocate( $image, 190, 193, 196 );
	$axis   = imagecolorallocate( $image, 220, 220, 222 );
	$blue   = imagecolorallocate( $image, 34, 113, 177 );
	imagefilledrectangle( $image, 0, 0, $width - 1, $height - 1, $white );
	$values = array_merge( $series, $before, array( 0.0 ) );
	$max    = max( $values );
	$min    = min( $values );
	$range  = $max - $min > 0 ? $max - $min : 1.0;
	$pad    = 4 * $scale;
	$count  = max( count( $series ), count( $before ), 2 );
	$x      = function ( $i ) use ( $count, $width, $pad ) {
		return (int) round( $pad + $i * ( $width - 2 * $pad ) / ( $count - 1 ) );
	};
	$y      = function ( $v ) use ( $min, $range, $height, $pad ) {
		return (int) round( $height - $pad - ( $v - $min ) / $range * ( $height - 2 * $pad ) );
	};
	$rgb  = sscanf( ABACUS_DIGEST_NOTE_COLOR, '#%02x%02x%02x' );
	$band = imagecolorallocatealpha( $image, $rgb[0], $rgb[1], $rgb[2], 96 );
	$mark = imagecolorallocatealpha( $image, $rgb[0], $rgb[1], $rgb[2], 32 );
	foreach ( $marks as $note ) {
		if ( count( $series ) < 2 ) {
			imagefilledrectangle( $image, $pad, 0, $width - $pad, $height - 1, $band );
		} elseif ( $note['first'] === $note['last'] ) {
			$at = $x( $note['first'] );
			imagefilledrectangle( $image, $at - $scale, 0, $at + $scale - 1, $height - 1, $mark );
		} else {
			imagefilledrectangle( $image, $x( $note['first'] ), 0, $x( $note['last'] ), $height - 1, $band );
			imagefilledrectangle( $image, $x( $note['first'] ), 0, $x( $note['last'] ), 2 * $scale - 1, $mark );
		}
	}
	imagesetthickness( $image, $scale );
	imageline( $image, $pad, $y( 0.0 ), $width - $pad, $y( 0.0 ), $axis );
	foreach ( array( array( $before, $grey ), array( $series, $blue ) ) as $line ) {
		list( $points, $color ) = $line;
		imagesetthickness( $image, 2 * $scale );
		if ( 1 === count( $points ) ) {
			imagefilledellipse( $image, $x( 0 ), $y( $points[0] ), 4 * $scale, 4 * $scale, $color );
		}
		for ( $i = 1; $i < count( $points ); $i++ ) {
			imageline( $image, $x( $i - 1 ), $y( $points[ $i - 1 ] ), $x( $i ), $y( $points[ $i ] ), $color );
		}
	}
	ob_start();
	imagepng( $image );
	$png = (string) ob_get_clean();
	imagedestroy( $image );
	return $png;
}

/**
 * A date range in the store's date format ("November 16, 2026 – November 22, 2026"; one date for
 * one day).
 *
 * @param DateTimeImmutable $start First day.
 * @param DateTimeImmutable $end   Last day.
 * @return string
 */
function abacus_digest_date_range( $start, $end ) {
	$format = (string) get_option( 'date_format', 'F j, Y' );
	$first  = wp_date( $format, $start->getTimestamp() );
	$last   = wp_date( $format, $end->getTimestamp() );
	return $first === $last ? $first : $first . ' – ' . $last;
}

/**
 * Builds a digest's e-mail for one recipient: subject, HTML, plain text and the inline images
 * (cid => PNG), in the store's locale.
 *
 * @param array<string, mixed> $digest Digest.
 * @param array<string, mixed> $period Period.
 * @param array<string, mixed> $data   abacus_digest_data().
 * @param string               $email  Recipient.
 * @param array<string, bool>  $flags  test, late.
 * @return array{subject: string, html: string, text: string, images: array<string, string>}
 */
function abacus_digest_render( $digest, $period, $data, $email, $flags = array() ) {
	$switched = switch_to_locale( get_locale() );
	try {
		return abacus_digest_render_in_locale( $digest, $period, $data, $email, $flags );
	} finally {
		if ( $switched ) {
			restore_previous_locale();
		}
	}
}

/**
 * The body of abacus_digest_render(), in the store's locale.
 *
 * @param array<string, mixed> $digest Digest.
 * @param array<string, mixed> $period Period.
 * @param array<string, mixed> $data   Figures.
 * @param string               $email  Recipient.
 * @param array<string, bool>  $flags  test, late.
 * @return array{subject: string, html: string, text: string, images: array<string, string>}
 */
function abacus_digest_render_in_locale( $digest, $period, $data, $email, $flags ) {
	$site       = abacus_decode_label( get_bloginfo( 'name' ) );
	$range      = abacus_digest_date_range( $period['start'], $period['end'] );
	$compare    = abacus_digest_date_range( $data['compare']['start'], $data['compare']['end'] );
	$comparison = $digest['comparison'];
	$subject    = sprintf(
		/* translators: 1: digest name, 2: period. */
		__( '%1$s: %2$s', 'abacus' ),
		$digest['name'],
		$range
	);
	if ( ! empty( $flags['late'] ) ) {
		/* translators: %s: the subject. */
		$subject = sprintf( __( '(Late) %s', 'abacus' ), $subject );
	}
	if ( ! empty( $flags['test'] ) ) {
		/* translators: %s: the subject. */
		$subject = sprintf( __( '[Test] %s', 'abacus' ), $subject );
	}
	$esc      = function ( $text ) {
		return esc_html( $text );
	};
	$font     = 'font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;';
	$images   = array();
	$html     = array();
	$text     = array();
	$html[]   = '<!DOCTYPE html><html lang="' . esc_attr( str_replace( '_', '-', get_locale() ) ) . '"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>' . $esc( $subject ) . '</title></head>';
	$html[]   = '<body style="margin:0;padding:0;background:#f0f0f1;' . $font . 'color:#1e1e1e;">';
	$html[]   = '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f0f0f1;"><tr><td align="center" style="padding:24px 12px;">';
	$html[]   = '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid #dcdcde;border-radius:4px;">';
	$html[]   = '<tr><td style="padding:24px 24px 8px 24px;' . $font . '">';
	$html[]   = '<p style="margin:0 0 4px 0;font-size:13px;color:#50575e;">' . $esc( $site ) . '</p>';
	$html[]   = '<h1 style="margin:0 0 4px 0;font-size:22px;line-height:1.3;font-weight:600;color:#1e1e1e;">' . $esc( $digest['name'] ) . '</h1>';
	/* translators: 1: period, 2: comparison period. */
	$subtitle = sprintf( __( '%1$s, compared with %2$s', 'abacus' ), $range, $compare );
	$html[]   = '<p style="margin:0;font-size:14px;color:#50575e;">' . $esc( $subtitle ) . '</p>';
	$text[]   = $site;
	$text[]   = $digest['name'];
	$text[]   = $subtitle;
	$notes    = array();
	if ( ! empty( $flags['late'] ) ) {
		/* translators: %s: when it was due. */
		$notes[] = sprintf( __( 'This digest is late: it was due on %s, when the site was not running its scheduled tasks.', 'abacus' ), wp_date( get_option( 'date_format', 'F j, Y' ) . ' ' . get_option( 'time_format', 'g:i a' ), $period['sendAt'] ) );
	}
	if ( ! empty( $flags['test'] ) ) {
		$notes[] = __( 'This is a test of the digest, sent from Analytics › Settings.', 'abacus' );
	}
	foreach ( $notes as $note ) {
		$html[] = '<p style="margin:12px 0 0 0;padding:8px 12px;background:#fcf9e8;border-left:4px solid #dba617;font-size:14px;">' . $esc( $note ) . '</p>';
		$text[] = '';
		$text[] = $note;
	}
	$html[] = '</td></tr>';
	$text[] = '';

	// The notes on charts that meet the period: their days, marked on each chart and said in its
	// alternative text.
	$annotations = isset( $data['notes'] ) && is_array( $data['notes'] ) ? $data['notes'] : array();
	$marks       = abacus_digest_note_marks( $annotations, $period );
	$note_days   = array_values( array_unique( array_map( 'abacus_digest_note_days', $annotations ) ) );
	if ( count( $note_days ) > 8 ) {
		$more      = count( $note_days ) - 7;
		$note_days = array_slice( $note_days, 0, 7 );
		/* translators: %s: how many more dates or ranges have notes. */
		$note_days[] = sprintf( _n( '%s more', '%s more', $more, 'abacus' ), number_format_i18n( $more ) );
	}

	// The figures: one row each (label and value linked to the report, change, previous, chart).
	$html[] = '<tr><td style="padding:8px 24px;">';
	$html[] = '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">';
	foreach ( $data['figures'] as $index => $figure ) {
		$link   = abacus_digest_report_url( $figure['report'], $period, $comparison, '' !== $figure['chart'] ? array( 'chart' => $figure['chart'] ) : array() );
		$value  = abacus_digest_format( $figure['value'], $figure['format'] );
		$before = abacus_digest_format( $figure['previous'], $figure['format'] );
		$change = abacus_digest_change( $figure['value'], $figure['previous'] );
		$color  = 'up' === $change['direction'] ? '#00a32a' : ( 'down' === $change['direction'] ? '#d63638' : '#50575e' );
		$png    = abacus_digest_chart_png( $figure['series'], $figure['before'], $marks );
		$cid    = 'abacus-chart-' . ( $index + 1 ) . '@' . wp_parse_url( home_url(), PHP_URL_HOST );
		/* translators: %s: the comparison value. */
		$previous_text = sprintf( __( 'previously %s', 'abacus' ), $before );
		$html[]        = '<tr><td style="padding:12px 0;border-top:1px solid #f0f0f1;' . $font . '" valign="top">';
		$html[]        = '<a href="' . esc_url( $link ) . '" style="color:#1e1e1e;text-decoration:none;"><span style="display:block;font-size:13px;color:#50575e;">' . $esc( $figure['label'] ) . '</span><span style="display:block;font-size:22px;font-weight:600;color:#2271b1;">' . $esc( $value ) . '</span></a>';
		$html[]        = '<span style="font-size:13px;font-weight:600;color:' . $color . ';">' . $esc( $change['text'] ) . '</span> <span style="font-size:13px;color:#50575e;">' . $esc( $previous_text ) . '</span>';
		$html[]        = '</td><td style="padding:12px 0;border-top:1px solid #f0f0f1;" align="right" valign="middle" width="' . ABACUS_DIGEST_CHART_WIDTH . '">';
		if ( '' !== $png ) {
			$images[ $cid ] = $png;
			/* translators: %s: figure label. */
			$alt = sprintf( __( '%s by day, this period (blue) and the comparison period (grey)', 'abacus' ), $figure['label'] );
			if ( $marks ) {
				$alt = sprintf(
					/* translators: 1: figure label, 2: the dates with notes, e.g. "November 3, 2026 and November 12, 2026 – November 14, 2026". */
					__( '%1$s by day, this period (blue) and the comparison period (grey), with notes (purple) on %2$s', 'abacus' ),
					$figure['label'],
					wp_sprintf( '%l', $note_days )
				);
			}
			$html[] = '<a href="' . esc_url( $link ) . '"><img src="cid:' . esc_attr( $cid ) . '" width="' . ABACUS_DIGEST_CHART_WIDTH . '" height="' . ABACUS_DIGEST_CHART_HEIGHT . '" alt="' . esc_attr( $alt ) . '" style="display:block;border:0;width:' . ABACUS_DIGEST_CHART_WIDTH . 'px;max-width:100%;height:auto;"></a>';
		}
		$html[] = '</td></tr>';
		$text[] = $figure['label'] . ': ' . $value . ' (' . $change['text'] . ', ' . $previous_text . ')';
		$text[] = '  ' . $link;
	}
	$html[] = '</table></td></tr>';

	// The notes: each one's days, its text (as text) and its link (http or https only).
	if ( $annotations ) {
		$heading = __( 'Notes', 'abacus' );
		$html[]  = '<tr><td style="padding:16px 24px 8px 24px;' . $font . '">';
		$html[]  = '<h2 style="margin:0 0 8px 0;font-size:16px;font-weight:600;color:#1e1e1e;">' . $esc( $heading ) . '</h2>';
		$text[]  = '';
		$text[]  = $heading;
		foreach ( $annotations as $note ) {
			$days    = abacus_digest_note_days( $note );
			$url     = '' === $note['url'] ? '' : esc_url_raw( $note['url'], array( 'http', 'https' ) );
			$host    = '' === $url ? '' : (string) wp_parse_url( $url, PHP_URL_HOST );
			$content = $esc( $note['text'] );
			if ( '' !== $host ) {
				$content .= ' <a href="' . esc_url( $url, array( 'http', 'https' ) ) . '" style="color:#2271b1;">' . $esc( $host ) . '</a>';
			}
			$html[] = '<p style="margin:0 0 10px 0;padding:0 0 0 10px;border-left:3px solid ' . ABACUS_DIGEST_NOTE_COLOR . ';font-size:14px;line-height:1.45;overflow-wrap:anywhere;word-wrap:break-word;' . $font . '"><span style="display:block;font-size:12px;color:#50575e;">' . $esc( $days ) . '</span>' . $content . '</p>';
			$text[] = '  ' . $days . ': ' . trim( (string) preg_replace( '/[\x00-\x1F\x7F]+/', ' ', $note['text'] ) ) . ( '' !== $host ? ' — ' . $url : '' );
		}
		$html[] = '</td></tr>';
	}

	// The leaderboards.
	$boards = abacus_digests_leaderboards();
	$paths  = array(
		'products'   => array( '/analytics/products', 'single_product', 'products' ),
		'categories' => array( '/analytics/categories', 'single_category', 'categories' ),
		'coupons'    => array( '/analytics/coupons', 'single_coupon', 'coupons' ),
		'customers'  => array( '/customers', '', '' ),
	);
	foreach ( $data['boards'] as $board ) {
		$title  = $boards[ $board['id'] ] ?? $board['id'];
		$route  = $paths[ $board['id'] ] ?? array( '/analytics/overview', '', '' );
		$link   = abacus_digest_report_url( $route[0], $period, $comparison );
		$text[] = '';
		$text[] = $title . ' — ' . $link;
		$html[] = '<tr><td style="padding:16px 24px 8px 24px;' . $font . '">';
		$html[] = '<h2 style="margin:0 0 8px 0;font-size:16px;font-weight:600;"><a href="' . esc_url( $link ) . '" style="color:#1e1e1e;text-decoration:none;">' . $esc( $title ) . '</a></h2>';
		if ( ! $board['rows'] ) {
			$none   = __( 'Nothing in this period.', 'abacus' );
			$html[] = '<p style="margin:0;font-size:14px;color:#50575e;">' . $esc( $none ) . '</p></td></tr>';
			$text[] = $none;
			continue;
		}
		$html[] = '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="font-size:14px;"><tr>';
		foreach ( $board['headers'] as $i => $header ) {
			$html[] = '<th align="' . ( 0 === $i ? 'left' : 'right' ) . '" style="padding:6px 4px;border-bottom:1px solid #dcdcde;font-size:12px;font-weight:600;color:#50575e;' . $font . '">' . $esc( $header ) . '</th>';
		}
		$html[] = '</tr>';
		foreach ( $board['rows'] as $row ) {
			$html[] = '<tr>';
			foreach ( $row['cells'] as $i => $cell ) {
				$content = $esc( $cell );
				if ( 0 === $i && $row['item'] > 0 && '' !== $route[1] ) {
					$content = '<a href="' . esc_url( abacus_digest_report_url( $route[0], $period, $comparison, array( 'filter' => $route[1], $route[2] => (string) $row['item'] ) ) ) . '" style="color:#2271b1;">' . $content . '</a>';
				}
				$html[] = '<td align="' . ( 0 === $i ? 'left' : 'right' ) . '" style="padding:6px 4px;border-bottom:1px solid #f0f0f1;' . $font . '">' . $content . '</td>';
			}
			$html[] = '</tr>';
			$text[] = '  ' . implode( ' | ', $row['cells'] );
		}
		$html[] = '</table></td></tr>';
	}

	// The footer: Manage digests (for the store's managers), unsubscribe.
	$user        = get_user_by( 'email', $email );
	$manage      = $user && user_can( $user, 'manage_woocommerce' ) ? admin_url( 'admin.php?page=' . ABACUS_PAGE . '&path=' . rawurlencode( '/analytics/settings' ) . '#abacus-digests' ) : '';
	$unsubscribe = 'preview' === $digest['id'] ? '#' : abacus_digests_unsubscribe_url( $digest['id'], $email );
	/* translators: 1: site name, 2: the recipient's address. */
	$why    = sprintf( __( 'Sent by %1$s to %2$s.', 'abacus' ), $site, $email );
	$html[] = '<tr><td style="padding:16px 24px 24px 24px;border-top:1px solid #dcdcde;font-size:12px;color:#50575e;' . $font . '">';
	$html[] = '<p style="margin:0 0 8px 0;">' . $esc( $why ) . '</p><p style="margin:0;">';
	if ( '' !== $manage ) {
		$html[] = '<a href="' . esc_url( $manage ) . '" style="color:#2271b1;">' . $esc( __( 'Manage digests', 'abacus' ) ) . '</a> · ';
	}
	$html[] = '<a href="' . esc_url( $unsubscribe ) . '" style="color:#2271b1;">' . $esc( __( 'Unsubscribe', 'abacus' ) ) . '</a></p>';
	$html[] = '</td></tr></table></td></tr></table></body></html>';
	$text[] = '';
	$text[] = '--';
	$text[] = $why;
	if ( '' !== $manage ) {
		$text[] = __( 'Manage digests', 'abacus' ) . ': ' . $manage;
	}
	$text[] = __( 'Unsubscribe', 'abacus' ) . ': ' . $unsubscribe;
	return array(
		'subject'     => $subject,
		'html'        => implode( "\n", $html ),
		'text'        => implode( "\n", $text ),
		'images'      => $images,
		'unsubscribe' => $unsubscribe,
	);
}

/**
 * Builds a digest's e-mail for one recipient (figures read now).
 *
 * @param array<string, mixed> $digest Digest.
 * @param array<string, mixed> $period Period.
 * @param string               $email  Recipient.
 * @param bool                 $test   Whether it is a test.
 * @return array<string, mixed>|WP_Error
 */
function abacus_digest_build( $digest, $period, $email, $test ) {
	$data = abacus_digest_data( $digest, $period );
	if ( is_wp_error( $data ) ) {
		return $data;
	}
	return abacus_digest_render( $digest, $period, $data, $email, array( 'test' => $test ) );
}

/**
 * Sends a digest's period to each address through wp_mail (HTML, plain-text part, charts inline).
 *
 * @param array<string, mixed> $digest Digest.
 * @param array<string, mixed> $period Period.
 * @param string[]             $emails Addresses.
 * @param array<string, bool>  $flags  test, late.
 * @return array{sent: string[], failed: string[], message: string}|WP_Error
 */
function abacus_digest_send( $digest, $period, $emails, $flags = array() ) {
	$data = abacus_digest_data( $digest, $period );
	if ( is_wp_error( $data ) ) {
		return $data;
	}
	$sent    = array();
	$failed  = array();
	$message = '';
	foreach ( $emails as $email ) {
		$mail   = abacus_digest_render( $digest, $period, $data, $email, $flags );
		$attach = function ( $phpmailer ) use ( $mail ) {
			$phpmailer->AltBody = $mail['text']; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's.
			foreach ( $mail['images'] as $cid => $png ) {
				$phpmailer->addStringEmbeddedImage( $png, $cid, preg_replace( '/@.*$/', '', $cid ) . '.png', 'base64', 'image/png' );
			}
		};
		$error  = function ( $wp_error ) use ( &$message ) {
			$message = $wp_error instanceof WP_Error ? $wp_error->get_error_message() : '';
		};
		add_action( 'phpmailer_init', $attach );
		add_action( 'wp_mail_failed', $error );
		$headers = array( 'Content-Type: text/html; charset=UTF-8', 'X-Abacus-Digest: ' . $digest['id'] );
		if ( '#' !== $mail['unsubscribe'] ) {
			$headers[] = 'List-Unsubscribe: <' . $mail['unsubscribe'] . '>';
			$headers[] = 'List-Unsubscribe-Post: List-Unsubscribe=One-Click';
		}
		try {
			$ok = wp_mail( $email, $mail['subject'], $mail['html'], $headers );
		} finally {
			remove_action( 'phpmailer_init', $attach );
			remove_action( 'wp_mail_failed', $error );
		}
		if ( $ok ) {
			$sent[] = $email;
		} else {
			$failed[] = $email;
			if ( '' === $message ) {
				$message = __( 'WordPress could not send the e-mail (wp_mail failed): check the site\'s mail set-up.', 'abacus' );
			}
		}
	}
	return array(
		'sent'    => $sent,
		'failed'  => $failed,
		'message' => $message,
	);
}
