/**
 * The `abacus-wp-date` script inside WordPress (global `abacus.wpDate`, built into
 * build/wp-packages/wp-date.js by scripts/webpack.packages.config.js): @wordpress/date of the
 * version Abacus is written against, with moment-timezone without its zone database plus the
 * store's zone (moment-timezone.ts, from `abacusSettings.timeZoneData`). The app and the abacus-*
 * packages read @wordpress/date and moment-timezone from it, so an Abacus page does not load
 * WordPress's `wp-date` script, which carries every zone of the database (783 kB: 220 ms of a cold
 * load of a page with nothing else in Chromium on the 2-core machine, tests/bench/README.md).
 * php/register-packages.php gives it WordPress's date settings (`setSettings`) as it loads.
 */
// window.abacusSettings (the store's zone) is printed before the abacus-settings script.
import '@abacus/settings';

export * from '@wordpress/date';
/** WordPress's moment with this copy of moment-timezone: what `moment-timezone` is in the packages. */
export { default as moment } from './moment-timezone.js';
