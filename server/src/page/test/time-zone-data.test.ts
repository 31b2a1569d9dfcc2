import moment from 'moment-timezone/moment-timezone.js';

import { timeZoneData } from '../time-zone-data.js';

describe('timeZoneData', () => {
	it('gives the packed zone of an IANA name, enough for moment-timezone without its database', () => {
		const data = timeZoneData('Europe/Paris');
		expect(data?.zones).toHaveLength(1);
		expect(data?.zones[0].startsWith('Europe/Paris|')).toBe(true);
		expect(data?.links).toEqual([]);
		moment.tz.load({ version: data!.version, zones: data!.zones, links: data!.links });
		// Summer time (UTC+2) and winter time (UTC+1) in Paris.
		expect(moment.tz('2026-07-01 12:00', 'Europe/Paris').utcOffset()).toBe(120);
		expect(moment.tz('2026-01-15 12:00', 'Europe/Paris').utcOffset()).toBe(60);
	});

	it('gives the target zone and the link for an alias', () => {
		const data = timeZoneData('US/Eastern');
		expect(data?.zones[0].startsWith('America/New_York|')).toBe(true);
		expect(data?.links).toEqual(['America/New_York|US/Eastern']);
	});

	it("knows 'UTC', the default store zone", () => {
		expect(timeZoneData('UTC')).toMatchObject({
			zones: ['Etc/UTC|UTC|0|0||'],
			links: ['Etc/UTC|UTC'],
		});
	});

	it('gives nothing for offsets, an empty name or an unknown zone', () => {
		expect(timeZoneData('+02:00')).toBeNull();
		expect(timeZoneData('-05:30')).toBeNull();
		expect(timeZoneData('')).toBeNull();
		expect(timeZoneData('Mars/Olympus_Mons')).toBeNull();
	});
});
