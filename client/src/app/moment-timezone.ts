/**
 * What the client bundles for `moment-timezone` (webpack alias): the library without its time
 * zone database (about 36 KB gzipped), plus only the store's zone, which the page embeds as
 * `abacusSettings.timeZoneData` (the server and the plugin cut it from the same database).
 */
import moment from 'moment-timezone/moment-timezone.js';

const data = typeof window === 'undefined' ? undefined : window.abacusSettings?.timeZoneData;
if (data && data.zones.length > 0) {
	moment.tz.load({ version: data.version, zones: data.zones, links: data.links });
}

export default moment;
