/**
 * The dependency extraction options of Abacus's builds for WordPress (the app and the abacus-*
 * packages): the WordPress packages the plugin ships its own build of are read from its handles.
 * - @wordpress/components from `abacus-wp-components` (the exports Abacus uses,
 *   scripts/wp-components-subset.js);
 * - @wordpress/date from `abacus-wp-date` (client/src/app/wp-date.ts), and moment-timezone too
 *   (`abacus.wpDate.moment`): that script's copy, the library without its zone database plus the
 *   store's zone, which sets `moment.tz` on WordPress's moment.
 * Both are built by scripts/webpack.packages.config.js and registered by php/register-packages.php.
 */
import { wpComponentsExternal } from './wp-components-subset.js';

export const WP_DATE = '@wordpress/date';
const MOMENT_TIMEZONE = 'moment-timezone';

export const ownHandlesExternal = {
	requestToExternal: (request) => {
		if (request === WP_DATE) return ['abacus', 'wpDate'];
		if (request === MOMENT_TIMEZONE) return ['abacus', 'wpDate', 'moment'];
		return wpComponentsExternal.requestToExternal(request);
	},
	requestToHandle: (request) =>
		request === WP_DATE || request === MOMENT_TIMEZONE
			? 'abacus-wp-date'
			: wpComponentsExternal.requestToHandle(request),
};
