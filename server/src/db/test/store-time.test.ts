import { formatSql, gmtText, localToUtc, parseNaive, parseRequestTime } from '../store-time.js';

const local = (text: string): number => parseNaive(text);

describe('store time', () => {
	it('converts store-local wall time to UTC across daylight saving time', () => {
		const utc = (text: string, zone: string): string =>
			formatSql(localToUtc(local(text), zone));
		expect(utc('2021-01-15 12:00:00', 'Europe/London')).toBe('2021-01-15 12:00:00');
		expect(utc('2021-07-15 12:00:00', 'Europe/London')).toBe('2021-07-15 11:00:00');
		expect(utc('2021-03-14 12:00:00', 'America/New_York')).toBe('2021-03-14 16:00:00');
		expect(utc('2021-03-13 12:00:00', 'America/New_York')).toBe('2021-03-13 17:00:00');
		expect(utc('2021-06-01 12:00:00', 'UTC')).toBe('2021-06-01 12:00:00');
		expect(gmtText(local('2021-01-01 00:00:00'), 'Asia/Kathmandu')).toBe('2020-12-31 18:15:00');
	});

	it('reads request dates: no offset stays store-local, an offset is converted', () => {
		const read = (text: string, zone: string, endOfDay = false): string | null => {
			const ms = parseRequestTime(text, zone, endOfDay);
			return ms === null ? null : formatSql(ms);
		};
		expect(read('2021-07-15T12:00:00', 'Europe/London')).toBe('2021-07-15 12:00:00');
		expect(read('2021-07-15T12:00:00Z', 'Europe/London')).toBe('2021-07-15 13:00:00');
		expect(read('2021-07-15T12:00:00+02:00', 'Asia/Kathmandu')).toBe('2021-07-15 15:45:00');
		expect(read('2021-07-15', 'UTC')).toBe('2021-07-15 00:00:00');
		expect(read('2021-07-15', 'UTC', true)).toBe('2021-07-15 23:59:59');
		expect(read('2021-07-15T12:00:00.750', 'UTC')).toBe('2021-07-15 12:00:00');
		expect(read('yesterday', 'UTC')).toBeNull();
		expect(read('2021-02-30', 'UTC')).toBeNull();
	});
});
