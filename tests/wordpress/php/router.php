<?php
/**
 * Router for PHP's built-in web server, copied into the WordPress folder: files and folders are
 * served as they are (PHP files run), every other address (pretty permalinks, /wp-json/) goes
 * through WordPress's index.php, as a web server's rewrite rules would send it.
 *
 * @package Abacus
 */

$abacus_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( file_exists( __DIR__ . $abacus_path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
require __DIR__ . '/index.php';
