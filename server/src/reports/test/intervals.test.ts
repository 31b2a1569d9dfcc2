import { Db } from '../../core/db.js';
import { formatSql } from '../../db/store-time.js';
import {
	bucketKeyOf,
	buckets,
	bucketStartSql,
	intervalKey,
	intervalKeySql,
	type Interval,
} from '../shared/intervals.js';

// DuckDB work on a shared, loaded 2-core machine: far above the 5 s default.
jest.setTimeout(120_000);

const INTERVALS: Interval[] = ['hour', 'day', 'week', 'month', 'quarter', 'year'];

describe('interval keys', () => {
	let db: Db;
	beforeAll(async () => {
		db = await Db.open(':memory:');
	});
	afterAll(() => db.close());

	it('agree between TypeScript and SQL for every interval and week start', async () => {
		// Days around year boundaries, where ISO and simple weeks differ most.
		const days: number[] = [];
		for (const year of [2015, 2020, 2021, 2026, 2027]) {
			for (let d = -8; d <= 8; d++) days.push(Date.UTC(year, 0, 1 + d, 13, 30));
		}
		for (const sow of [0, 1, 3, 6]) {
			for (const interval of INTERVALS) {
				const values = days
					.map((ms) => `(CAST('${formatSql(ms)}' AS TIMESTAMP))`)
					.join(', ');
				const rows = await db.all<{ k: string }>(
					`SELECT ${intervalKeySql('t', interval, sow)} AS k FROM (VALUES ${values}) v(t)`,
				);
				expect(rows.map((r) => r.k)).toEqual(
					days.map((ms) => intervalKey(ms, interval, sow)),
				);
				const starts = await db.all<{ k: string }>(
					`SELECT CAST(${bucketStartSql('t', interval, sow)} AS VARCHAR) AS k FROM (VALUES ${values}) v(t)`,
				);
				expect(starts.map((r) => bucketKeyOf(r.k, interval, sow))).toEqual(
					days.map((ms) => intervalKey(ms, interval, sow)),
				);
			}
		}
	});

	it('uses ISO week-years with Monday weeks', () => {
		expect(intervalKey(Date.UTC(2021, 0, 3), 'week', 1)).toBe('2020-53');
		expect(intervalKey(Date.UTC(2021, 0, 4), 'week', 1)).toBe('2021-01');
		expect(intervalKey(Date.UTC(2024, 11, 30), 'week', 1)).toBe('2025-01');
	});

	it('splits simple weeks at 1 January', () => {
		const list = buckets(Date.UTC(2021, 11, 30), Date.UTC(2022, 0, 3, 23, 59, 59), 'week', 0);
		expect(list.map((b) => [b.key, formatSql(b.start), formatSql(b.end)])).toEqual([
			['2021-53', '2021-12-30 00:00:00', '2021-12-31 23:59:59'],
			['2022-01', '2022-01-01 00:00:00', '2022-01-01 23:59:59'],
			['2022-02', '2022-01-02 00:00:00', '2022-01-03 23:59:59'],
		]);
	});

	it('counts hour buckets touched by the range', () => {
		expect(
			buckets(Date.UTC(2021, 0, 1, 10, 30), Date.UTC(2021, 0, 1, 12, 10), 'hour', 1).map(
				(b) => b.key,
			),
		).toEqual(['2021-01-01 10', '2021-01-01 11', '2021-01-01 12']);
	});
});
