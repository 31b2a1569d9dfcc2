<?php
/**
 * Router for PHP's built-in web server in the tests, put in front of the store's abacus-router.php:
 * the static files of WordPress, its plugins and themes (scripts, styles, fonts, images) are sent
 * with a Cache-Control header, as a real web server sends them, so that a browser loading one
 * wp-admin page after another keeps them (and the code it compiled from the scripts) rather than
 * fetching and compiling every script again: PHP's server sends them with no validator, which no
 * browser caches. Their addresses carry WordPress's `ver` query. Everything else (PHP files,
 * uploads such as exports, every other address) goes to abacus-router.php as before.
 *
 * With ABACUS_REQUEST_LOG set to a file (in the environment of the test that starts the server),
 * every request is appended to it as a line: time, method, address and referrer, tab-separated, so
 * that a test's requests can be counted (e.g. `grep -c revenue/stats`).
 *
 * @package Abacus
 */

$abacus_request_log = getenv( 'ABACUS_REQUEST_LOG' );
if ( $abacus_request_log ) {
	file_put_contents( $abacus_request_log, sprintf( "%.3f\t%s\t%s\t%s\n", microtime( true ), $_SERVER['REQUEST_METHOD'], $_SERVER['REQUEST_URI'], isset( $_SERVER['HTTP_REFERER'] ) ? $_SERVER['HTTP_REFERER'] : '' ), FILE_APPEND | LOCK_EX );
}
$abacus_static_types = array(
	'js'    => 'application/javascript',
	'css'   => 'text/css',
	'woff'  => 'font/woff',
	'woff2' => 'font/woff2',
	'ttf'   => 'font/ttf',
	'eot'   => 'application/vnd.ms-fontobject',
	'svg'   => 'image/svg+xml',
	'png'   => 'image/png',
	'gif'   => 'image/gif',
	'jpg'   => 'image/jpeg',
	'jpeg'  => 'image/jpeg',
	'webp'  => 'image/webp',
	'ico'   => 'image/x-icon',
);
$abacus_static_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
$abacus_static_ext  = strtolower( pathinfo( $abacus_static_path, PATHINFO_EXTENSION ) );
$abacus_static_file = __DIR__ . $abacus_static_path;
if (
	in_array( $_SERVER['REQUEST_METHOD'], array( 'GET', 'HEAD' ), true )
	&& isset( $abacus_static_types[ $abacus_static_ext ] )
	&& preg_match( '#^/(wp-includes|wp-admin|wp-content/plugins|wp-content/themes)/#', $abacus_static_path )
	&& false === strpos( $abacus_static_path, '..' )
	&& is_file( $abacus_static_file )
) {
	header( 'Content-Type: ' . $abacus_static_types[ $abacus_static_ext ] );
	header( 'Content-Length: ' . filesize( $abacus_static_file ) );
	header( 'Cache-Control: public, max-age=86400' );
	if ( 'HEAD' !== $_SERVER['REQUEST_METHOD'] ) {
		readfile( $abacus_static_file );
	}
	return true;
}
return require __DIR__ . '/abacus-router.php';
