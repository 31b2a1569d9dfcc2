/**
 * What `Db.all` answers: plain values for DuckDB's (numbers for integers that fit, text for
 * larger ones, decimals, dates and timestamps written as DuckDB's values write themselves).
 */
import { DuckDBDateValue, DuckDBTimestampValue } from '@duckdb/node-api';

import { Db } from '../db.js';

let db: Db;

beforeAll(async () => {
	db = await Db.open(':memory:');
});

afterAll(() => db.close());

it('answers integers as numbers, larger ones and decimals as text, and keeps column order', async () => {
	const rows = await db.all(
		`SELECT 1::BIGINT AS a, 9007199254740993::BIGINT AS big, -9007199254740993::BIGINT AS small,
			12.50::DECIMAL(10, 2) AS price, 'x' AS name, NULL AS nothing, true AS yes, 1.5::DOUBLE AS d`,
	);
	expect(rows).toEqual([
		{
			a: 1,
			big: '9007199254740993',
			small: '-9007199254740993',
			price: '12.50',
			name: 'x',
			nothing: null,
			yes: true,
			d: 1.5,
		},
	]);
	expect(Object.keys(rows[0])).toEqual([
		'a',
		'big',
		'small',
		'price',
		'name',
		'nothing',
		'yes',
		'd',
	]);
});

it('answers no rows for an empty result and names a repeated column as DuckDB does', async () => {
	expect(await db.all('SELECT 1 AS a WHERE false')).toEqual([]);
	expect(await db.all('SELECT 1 AS a, 2 AS a, 3 AS "A"')).toEqual([{ a: 1, 'a:1': 2, A: 3 }]);
});

it('writes timestamps and dates as DuckDB does', async () => {
	const rows = await db.all(
		`SELECT TIMESTAMP '2026-11-30 07:03:39' AS t, TIMESTAMP '2024-02-29 23:59:59.5' AS half,
			TIMESTAMP '1969-12-31 23:59:59.000001' AS before_epoch, TIMESTAMP '0001-01-01 00:00:00' AS first,
			TIMESTAMP '9999-12-31 23:59:59.999999' AS last, 'infinity'::TIMESTAMP AS inf,
			'-infinity'::TIMESTAMP AS neg_inf, DATE '2026-03-01' AS day, DATE '1900-02-28' AS old_day,
			TIMESTAMP '1000-01-01 00:00:00' AS t1000, NULL::TIMESTAMP AS none`,
	);
	expect(rows).toEqual([
		{
			t: '2026-11-30 07:03:39',
			half: '2024-02-29 23:59:59.5',
			before_epoch: '1969-12-31 23:59:59.000001',
			first: '0001-01-01 00:00:00',
			last: '9999-12-31 23:59:59.999999',
			inf: 'infinity',
			neg_inf: '-infinity',
			day: '2026-03-01',
			old_day: '1900-02-28',
			t1000: '1000-01-01 00:00:00',
			none: null,
		},
	]);
});

it('gives every timestamp and date the text of its DuckDB value', async () => {
	// Microseconds spread over 1600-2400 (whole seconds, milliseconds and microseconds), and days
	// spread over years 1-9999, each compared with the value's own toString().
	const micros: bigint[] = [];
	let seed = 12345;
	const random = (): number => {
		seed = (seed * 1103515245 + 12345) % 2147483648;
		return seed / 2147483648;
	};
	const span = 800 * 365.25 * 86_400_000_000;
	for (let i = 0; i < 3000; i++) {
		const n = Math.floor(-370 * 365.25 * 86_400_000_000 + random() * span);
		const unit = [1, 1000, 1_000_000][i % 3];
		micros.push(BigInt(Math.floor(n / unit) * unit));
	}
	const days = Array.from({ length: 3000 }, () => Math.floor(-719_162 + random() * 3_652_058));
	const rows = await db.all<{ t: string; d: string }>(
		`SELECT make_timestamp(m::BIGINT) AS t, (DATE '1970-01-01' + d::INTEGER) AS d
			FROM (SELECT unnest(?::BIGINT[]) AS m, unnest(?::INTEGER[]) AS d)`,
		[`[${micros.join(',')}]`, `[${days.join(',')}]`],
	);
	expect(rows.map((r) => r.t)).toEqual(micros.map((m) => String(new DuckDBTimestampValue(m))));
	expect(rows.map((r) => r.d)).toEqual(days.map((d) => String(new DuckDBDateValue(d))));
});

describe('reading the same statement again (kept prepared per reader)', () => {
	it('sees a table replaced, dropped and created again since the last read', async () => {
		const read = (): Promise<unknown[]> =>
			db.all('SELECT * FROM kept WHERE a >= ? ORDER BY a', [1]);
		await db.run('CREATE TABLE kept (a INTEGER, b VARCHAR)');
		await db.run("INSERT INTO kept VALUES (1, 'x'), (2, 'y')");
		// Every reader has read it once (reads go to the least busy reader).
		await Promise.all([read(), read(), read()]);
		expect(await read()).toEqual([
			{ a: 1, b: 'x' },
			{ a: 2, b: 'y' },
		]);
		await db.run('DROP TABLE kept');
		await db.run('CREATE TABLE kept (b VARCHAR, a BIGINT, c DOUBLE)');
		await db.run("INSERT INTO kept VALUES ('z', 5, 1.5)");
		expect(await Promise.all([read(), read(), read()])).toEqual([
			[{ b: 'z', a: 5, c: 1.5 }],
			[{ b: 'z', a: 5, c: 1.5 }],
			[{ b: 'z', a: 5, c: 1.5 }],
		]);
		await db.run('DROP TABLE kept');
		await expect(read()).rejects.toThrow(/kept/);
		await db.run('CREATE TABLE kept AS SELECT 7 AS a');
		expect(await read()).toEqual([{ a: 7 }]);
		await db.run('DROP TABLE kept');
	});

	it('binds each read by its own values, and runs a script of several statements', async () => {
		expect(await db.all('SELECT ? + 1 AS y', [1])).toEqual([{ y: 2 }]);
		expect(await db.all('SELECT ? + 1 AS y', [2.5])).toEqual([{ y: 3.5 }]);
		await expect(db.all('SELECT ? + 1 AS y', ['a'])).rejects.toThrow(/Binder Error/);
		expect(await db.all('SELECT ? + 1 AS y', [4])).toEqual([{ y: 5 }]);
		expect(await db.all('SELECT 1 AS a; SELECT 2 AS b')).toEqual([{ b: 2 }]);
	});
});
