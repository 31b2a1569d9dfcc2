/**
 * The bundled moment-timezone knows the store's zone from the page and nothing else.
 */
describe('moment-timezone as the client bundles it', () => {
	it('loads only the zone the page embeds', async () => {
		const database = jest.requireActual<{ version: string; zones: string[] }>(
			'moment-timezone/data/packed/latest.json',
		);
		const kolkata = database.zones.find((zone) => zone.startsWith('Asia/Kolkata|'));
		expect(kolkata).toBeDefined();
		window.abacusSettings = {
			timeZone: 'Asia/Kolkata',
			timeZoneData: { version: database.version, zones: [kolkata ?? ''], links: [] },
		};
		const { default: moment } = await import('../moment-timezone.js');
		expect(moment.tz.zone('Asia/Kolkata')).not.toBeNull();
		expect(moment.tz('2026-03-01 12:00', 'Asia/Kolkata').utcOffset()).toBe(330);
		// The rest of the database is not bundled.
		expect(moment.tz.zone('Europe/Paris')).toBeNull();
	});
});
