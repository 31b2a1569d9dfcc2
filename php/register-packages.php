<?php
/**
 * Registers the @abacus packages as WordPress scripts, so that another admin extension uses the
 * same stores and components as Abacus instead of bundling its own copies:
 * abacus-settings, abacus-metrics, abacus-number, abacus-currency, abacus-date, abacus-navigation,
 * abacus-csv-export, abacus-data and abacus-components (globals abacus.settings, abacus.metrics, abacus.number,
 * abacus.currency, abacus.date, abacus.navigation, abacus.csvExport, abacus.data,
 * abacus.components), with their translations (text domain abacus) and, for components, the
 * abacus-components style (with its RTL copy); abacus-wp-components, the @wordpress/components
 * exports they and the app use (abacus_register_wp_components()); and abacus-wp-date, their
 * @wordpress/date and moment-timezone (abacus_register_wp_date()). The files are
 * build/wp-packages/<name>.js and <name>.asset.php
 * (`npx webpack -c scripts/webpack.packages.config.js`).
 *
 * An extension depends on the handles (an @wordpress/scripts build with
 * @abacus/dependency-extraction-webpack-plugin lists them in its .asset.php) and is enqueued on
 * admin_enqueue_scripts like any script.
 *
 * plugin.php requires this file; it expects ABACUS_PLUGIN_FILE and abacus_settings().
 *
 * @package Abacus
 */

defined( 'ABSPATH' ) || exit;

/**
 * The packages in dependency order: npm name => global property under `abacus`.
 *
 * @return array<string, string>
 */
function abacus_package_scripts() {
	return array(
		'settings'   => 'settings',
		'metrics'    => 'metrics',
		'number'     => 'number',
		'currency'   => 'currency',
		'date'       => 'date',
		'navigation' => 'navigation',
		'csv-export' => 'csvExport',
		'data'       => 'data',
		'components' => 'components',
	);
}

/**
 * Registers every abacus-* script (and the abacus-components style) whose build exists. A package
 * whose dependencies this WordPress does not register (e.g. react-jsx-runtime before 6.6) is left
 * out, and so is anything depending on it.
 *
 * @return string[] The handles registered.
 */
function abacus_register_package_scripts() {
	$dir        = plugin_dir_path( ABACUS_PLUGIN_FILE );
	$registered = array();
	if ( abacus_register_wp_components( $dir ) ) {
		$registered[] = 'abacus-wp-components';
	}
	foreach ( abacus_package_scripts() as $name => $global ) {
		// After abacus-settings, which it depends on; abacus-date and the others depend on it.
		if ( 'date' === $name && abacus_register_wp_date( $dir ) ) {
			$registered[] = 'abacus-wp-date';
		}
		$handle     = 'abacus-' . $name;
		$asset_file = $dir . 'build/wp-packages/' . $name . '.asset.php';
		if ( wp_script_is( $handle, 'registered' ) || ! is_readable( $asset_file ) ) {
			continue;
		}
		$asset = require $asset_file;
		if ( ! is_array( $asset ) || ! isset( $asset['dependencies'], $asset['version'] ) ) {
			continue;
		}
		$missing = array_filter(
			(array) $asset['dependencies'],
			function ( $dependency ) {
				return ! wp_script_is( $dependency, 'registered' );
			}
		);
		if ( array() !== $missing ) {
			continue;
		}
		wp_register_script(
			$handle,
			plugins_url( 'build/wp-packages/' . $name . '.js', ABACUS_PLUGIN_FILE ),
			$asset['dependencies'],
			$asset['version'],
			true
		);
		wp_set_script_translations( $handle, 'abacus', $dir . 'languages' );
		$registered[] = $handle;
		if ( 'components' === $name && is_readable( $dir . 'build/wp-packages/components.css' ) ) {
			wp_register_style(
				$handle,
				plugins_url( 'build/wp-packages/components.css', ABACUS_PLUGIN_FILE ),
				wp_style_is( 'abacus-wp-components', 'registered' ) ? array( 'abacus-wp-components' ) : array( 'wp-components' ),
				$asset['version']
			);
			wp_style_add_data( $handle, 'rtl', 'replace' );
		}
	}
	return $registered;
}

/**
 * Registers abacus-wp-components (the global abacus.wpComponents): the @wordpress/components
 * exports Abacus's code uses, one copy for the app and the abacus-* packages, built from the
 * version Abacus is written against (build/wp-packages/wp-components.js), with that version's
 * style sheet as the abacus-wp-components style. An Abacus page then does not load WordPress's
 * whole components script (on a cold load it cost about three quarters of a bare admin page's
 * time). The components' own strings (WordPress's text domain) are translated from WordPress's
 * translations of its components script (abacus_wp_components_translations()).
 *
 * @param string $dir The plugin's folder, with its trailing slash.
 * @return bool Whether the script is registered.
 */
function abacus_register_wp_components( $dir ) {
	$version = abacus_register_own_wp_script( 'wp-components', $dir );
	if ( null === $version ) {
		return false;
	}
	if ( is_readable( $dir . 'build/wp-packages/wp-components.css' ) ) {
		wp_register_style(
			'abacus-wp-components',
			plugins_url( 'build/wp-packages/wp-components.css', ABACUS_PLUGIN_FILE ),
			array(),
			$version
		);
		wp_style_add_data( 'abacus-wp-components', 'rtl', 'replace' );
	}
	return true;
}

/**
 * Registers abacus-<name> from build/wp-packages/<name>.js and its .asset.php, when that build is
 * there, the handle is not registered yet and every script it depends on is.
 *
 * @param string $name The build's name (wp-components, wp-date).
 * @param string $dir  The plugin's folder, with its trailing slash.
 * @return string|null The script's version, or null when it is not registered.
 */
function abacus_register_own_wp_script( $name, $dir ) {
	$handle     = 'abacus-' . $name;
	$asset_file = $dir . 'build/wp-packages/' . $name . '.asset.php';
	if ( wp_script_is( $handle, 'registered' ) || ! is_readable( $asset_file ) ) {
		return null;
	}
	$asset = require $asset_file;
	if ( ! is_array( $asset ) || ! isset( $asset['dependencies'], $asset['version'] ) ) {
		return null;
	}
	foreach ( (array) $asset['dependencies'] as $dependency ) {
		if ( ! wp_script_is( $dependency, 'registered' ) ) {
			return null;
		}
	}
	wp_register_script(
		$handle,
		plugins_url( 'build/wp-packages/' . $name . '.js', ABACUS_PLUGIN_FILE ),
		$asset['dependencies'],
		$asset['version'],
		true
	);
	return (string) $asset['version'];
}

/**
 * Registers abacus-wp-date (the global abacus.wpDate): @wordpress/date of the version Abacus is
 * written against, with moment-timezone without its zone database plus the store's zone (from
 * window.abacusSettings, hence its dependency on abacus-settings), built as
 * build/wp-packages/wp-date.js. The app and the abacus-* packages read @wordpress/date and
 * moment-timezone from it: an Abacus page does not load WordPress's wp-date script, which carries
 * every zone of the database (783 kB). It gets WordPress's date settings as it loads (abacus_wp_date_settings_inline()).
 *
 * @param string $dir The plugin's folder, with its trailing slash.
 * @return bool Whether the script is registered.
 */
function abacus_register_wp_date( $dir ) {
	return null !== abacus_register_own_wp_script( 'wp-date', $dir );
}

/**
 * The settings @wordpress/date's setSettings() takes, as WordPress gives its own wp-date script:
 * the user's locale with its month and weekday names, meridiems and relative times (WordPress's
 * own translations), the first day of the week, the site's date and time formats, and its time
 * zone (offset in hours, zone name and abbreviation).
 *
 * @return array<string, mixed>
 */
function abacus_wp_date_settings() {
	global $wp_locale;
	$offset = (float) get_option( 'gmt_offset', 0 );
	$zone   = (string) get_option( 'timezone_string', '' );
	$abbr   = '';
	if ( '' !== $zone ) {
		try {
			$abbr = ( new DateTime( 'now', new DateTimeZone( $zone ) ) )->format( 'T' );
		} catch ( Exception $e ) {
			$abbr = '';
		}
	}
	return array(
		'l10n'     => array(
			'locale'        => get_user_locale(),
			'months'        => array_values( $wp_locale->month ),
			'monthsShort'   => array_values( $wp_locale->month_abbrev ),
			'weekdays'      => array_values( $wp_locale->weekday ),
			'weekdaysShort' => array_values( $wp_locale->weekday_abbrev ),
			'meridiem'      => (object) $wp_locale->meridiem,
			'relative'      => array(
				/* translators: %s: Duration. */
				'future' => __( '%s from now', 'default' ),
				/* translators: %s: Duration. */
				'past'   => __( '%s ago', 'default' ),
				's'      => __( 'a second', 'default' ),
				/* translators: %d: Duration in seconds. */
				'ss'     => __( '%d seconds', 'default' ),
				'm'      => __( 'a minute', 'default' ),
				/* translators: %d: Duration in minutes. */
				'mm'     => __( '%d minutes', 'default' ),
				'h'      => __( 'an hour', 'default' ),
				/* translators: %d: Duration in hours. */
				'hh'     => __( '%d hours', 'default' ),
				'd'      => __( 'a day', 'default' ),
				/* translators: %d: Duration in days. */
				'dd'     => __( '%d days', 'default' ),
				'M'      => __( 'a month', 'default' ),
				/* translators: %d: Duration in months. */
				'MM'     => __( '%d months', 'default' ),
				'y'      => __( 'a year', 'default' ),
				/* translators: %d: Duration in years. */
				'yy'     => __( '%d years', 'default' ),
			),
			'startOfWeek'   => (int) get_option( 'start_of_week', 0 ),
		),
		'formats'  => array(
			'time'                => (string) get_option( 'time_format', __( 'g:i a', 'default' ) ),
			'date'                => (string) get_option( 'date_format', __( 'F j, Y', 'default' ) ),
			'datetime'            => __( 'F j, Y g:i a', 'default' ),
			'datetimeAbbreviated' => __( 'M j, Y g:i a', 'default' ),
		),
		'timezone' => array(
			'offset'          => $offset,
			'offsetFormatted' => str_replace( array( '.25', '.5', '.75' ), array( ':15', ':30', ':45' ), (string) $offset ),
			'string'          => $zone,
			'abbr'            => $abbr,
		),
	);
}

/**
 * Gives abacus-wp-date WordPress's date settings as it loads (abacus.wpDate.setSettings), only on
 * pages that print it.
 *
 * @param string[] $to_do Handles about to be printed.
 * @return string[] The same handles.
 */
function abacus_wp_date_settings_inline( $to_do ) {
	static $added = false;
	if ( $added || ! is_array( $to_do ) || ! in_array( 'abacus-wp-date', $to_do, true ) ) {
		return $to_do;
	}
	$added = true;
	wp_add_inline_script(
		'abacus-wp-date',
		'abacus.wpDate.setSettings( ' . wp_json_encode( abacus_wp_date_settings(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ' );',
		'after'
	);
	return $to_do;
}

/**
 * Adds WordPress's translations of its components script (text domain default) before
 * abacus-wp-components, only on pages that print it: the components' own strings ("Close", ...)
 * then read as in WordPress's. Nothing when the site's language has no such translations.
 *
 * @param string[] $to_do Handles about to be printed.
 * @return string[] The same handles.
 */
function abacus_wp_components_translations( $to_do ) {
	static $added = false;
	if ( $added || ! is_array( $to_do ) || ! in_array( 'abacus-wp-components', $to_do, true ) ) {
		return $to_do;
	}
	$added        = true;
	$translations = wp_script_is( 'wp-components', 'registered' ) ? load_script_textdomain( 'wp-components', 'default' ) : false;
	if ( is_string( $translations ) && '' !== $translations ) {
		// As WordPress prints a script's translations: its JSON's messages into the domain.
		wp_add_inline_script(
			'abacus-wp-components',
			'( function( domain, translations ) { var localeData = translations.locale_data[ domain ] || translations.locale_data.messages; localeData[ "" ].domain = domain; wp.i18n.setLocaleData( localeData, domain ); } )( "default", ' . $translations . ' );',
			'before'
		);
	}
	return $to_do;
}

/**
 * Prints window.abacusSettings (currency, locale, time zone and its data, formats: what every
 * package reads) before abacus-settings, only on pages that print it: the settings are built when
 * WordPress has resolved the scripts to print, not on every admin page.
 *
 * @param string[] $to_do Handles about to be printed.
 * @return string[] The same handles.
 */
function abacus_package_settings_inline( $to_do ) {
	static $added = false;
	if ( ! $added && is_array( $to_do ) && in_array( 'abacus-settings', $to_do, true ) && function_exists( 'abacus_settings' ) ) {
		$added = true;
		wp_add_inline_script(
			'abacus-settings',
			'window.abacusSettings = window.abacusSettings || ' . wp_json_encode( abacus_settings(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';',
			'before'
		);
	}
	return $to_do;
}

add_action( 'admin_enqueue_scripts', 'abacus_register_package_scripts', 5 );
add_filter( 'print_scripts_array', 'abacus_package_settings_inline' );
add_filter( 'print_scripts_array', 'abacus_wp_components_translations' );
add_filter( 'print_scripts_array', 'abacus_wp_date_settings_inline' );
