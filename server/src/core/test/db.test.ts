/**
 * What `Db.all` answers: plain values for DuckDB's (numbers for integers that fit, text for
 * larger ones, decimals, dates and timestamps written as DuckDB's values write themselves).
 */
import { availableParallelism } from 'node:os';

import { DuckDBDateValue, DuckDBTimestampValue } from '@duckdb/node-api';

import { Db, duckdbThreads, inlineSafeValues, MANY_VALUES } from '../db.js';

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

	it('after a write, reads rows the write added beyond the earlier ones', async () => {
		// A read whose only value is written into its text: its plan is kept between reads.
		await db.run(
			"CREATE TABLE grouped AS SELECT CAST(range % 10 AS INTEGER) AS k, DATE '2026-11-01' AS day FROM range(100)",
		);
		const read = (): Promise<unknown[]> =>
			db.all(
				'SELECT k, COUNT(*) AS n FROM grouped WHERE day >= CAST(? AS DATE) GROUP BY k ORDER BY k DESC LIMIT 2',
				['2026-01-01'],
			);
		await Promise.all([read(), read(), read()]);
		expect(await read()).toEqual([
			{ k: 9, n: 10 },
			{ k: 8, n: 10 },
		]);
		await db.run(
			"INSERT INTO grouped SELECT CAST(range AS INTEGER), DATE '2026-11-02' FROM range(5000, 9000)",
		);
		expect(await Promise.all([read(), read(), read()])).toEqual(
			Array.from({ length: 3 }, () => [
				{ k: 8999, n: 1 },
				{ k: 8998, n: 1 },
			]),
		);
		await db.run('DROP TABLE grouped');
	});

	it('binds each read by its own values, and runs a script of several statements', async () => {
		expect(await db.all('SELECT ? + 1 AS y', [1])).toEqual([{ y: 2 }]);
		expect(await db.all('SELECT ? + 1 AS y', [2.5])).toEqual([{ y: 3.5 }]);
		await expect(db.all('SELECT ? + 1 AS y', ['a'])).rejects.toThrow(/Binder Error/);
		expect(await db.all('SELECT ? + 1 AS y', [4])).toEqual([{ y: 5 }]);
		expect(await db.all('SELECT 1 AS a; SELECT 2 AS b')).toEqual([{ b: 2 }]);
	});
});

describe('values written into the statement (dates, timestamps, status slugs)', () => {
	it('writes dates, timestamps and status slugs in quotes and binds every other value', () => {
		expect(
			inlineSafeValues(
				'SELECT * FROM t WHERE d BETWEEN CAST(? AS DATE) AND CAST(? AS DATE) AND s NOT IN (?, ?) AND id = ? AND name = ? AND t >= ?',
				[
					'2026-11-01',
					'2026-11-30',
					'wc-pending',
					'wc-failed',
					7,
					'Ann',
					'2026-11-01 06:30:00.25',
				],
			),
		).toEqual([
			"SELECT * FROM t WHERE d BETWEEN CAST('2026-11-01' AS DATE) AND CAST('2026-11-30' AS DATE) AND s NOT IN ('wc-pending', 'wc-failed') AND id = ? AND name = ? AND t >= '2026-11-01 06:30:00.25'",
			[7, 'Ann'],
		]);
	});

	it('binds a value of almost a safe shape, so that nothing in it is read as SQL', () => {
		const tricky = [
			"2026-11-01' OR 1=1 --",
			'2026-11-01 00:00:00; DROP TABLE t',
			'wc-pending)',
			"wc-it's",
			'WC-PENDING',
			'2026-11-01\n',
			'2026-1-01',
		];
		for (const value of tricky)
			expect(inlineSafeValues('SELECT ? AS v', [value])).toEqual(['SELECT ? AS v', [value]]);
	});

	it('leaves question marks inside quoted text, quoted names and comments alone', () => {
		expect(
			inlineSafeValues(
				`SELECT 'it''s ?' AS "a?b", ? AS d -- a comment with ?
				/* and ? here */ FROM t WHERE x = ?`,
				['2026-11-01', 'wc-on-hold'],
			),
		).toEqual([
			`SELECT 'it''s ?' AS "a?b", '2026-11-01' AS d -- a comment with ?
				/* and ? here */ FROM t WHERE x = 'wc-on-hold'`,
			[],
		]);
	});

	it('returns a statement unchanged when its quotes do not close or its values are not one per placeholder', () => {
		expect(inlineSafeValues("SELECT 'open ? AS v", ['2026-11-01'])).toEqual([
			"SELECT 'open ? AS v",
			['2026-11-01'],
		]);
		expect(inlineSafeValues('SELECT ? AS a, ? AS b', ['2026-11-01'])).toEqual([
			'SELECT ? AS a, ? AS b',
			['2026-11-01'],
		]);
		expect(inlineSafeValues('SELECT ? AS a', ['2026-11-01', 'wc-x'])).toEqual([
			'SELECT ? AS a',
			['2026-11-01', 'wc-x'],
		]);
	});

	it('answers a read with such values as with them bound', async () => {
		await db.run(
			"CREATE TABLE dated AS SELECT DATE '2026-11-01' + CAST(range AS INTEGER) AS day, CASE WHEN range % 2 = 0 THEN 'wc-completed' ELSE 'wc-pending' END AS status FROM range(30)",
		);
		const rows = await db.all(
			'SELECT day, status, ? AS label, CAST(? AS TIMESTAMP) AS at FROM dated WHERE day BETWEEN CAST(? AS DATE) AND CAST(? AS DATE) AND status NOT IN (?) ORDER BY day',
			['2026-11-05', '2026-11-05 10:00:00', '2026-11-03', '2026-11-08', 'wc-pending'],
		);
		expect(rows).toEqual([
			{
				day: '2026-11-03',
				status: 'wc-completed',
				label: '2026-11-05',
				at: '2026-11-05 10:00:00',
			},
			{
				day: '2026-11-05',
				status: 'wc-completed',
				label: '2026-11-05',
				at: '2026-11-05 10:00:00',
			},
			{
				day: '2026-11-07',
				status: 'wc-completed',
				label: '2026-11-05',
				at: '2026-11-05 10:00:00',
			},
		]);
		await expect(db.all('SELECT ? AS v', ["2026-11-01' OR 1=1 --"])).resolves.toEqual([
			{ v: "2026-11-01' OR 1=1 --" },
		]);
		await db.run('DROP TABLE dated');
	});
});

describe('the row counts of LIMIT and OFFSET', () => {
	it('writes a whole number after LIMIT or OFFSET in and binds the rest', () => {
		expect(
			inlineSafeValues(
				'SELECT * FROM t WHERE id > ? ORDER BY id LIMIT ? OFFSET ?',
				[3, 25, 50],
			),
		).toEqual(['SELECT * FROM t WHERE id > ? ORDER BY id LIMIT 25 OFFSET 50', [3]]);
		expect(inlineSafeValues('SELECT * FROM t limit\n\t? offset ?', [5, 10n])).toEqual([
			'SELECT * FROM t limit\n\t5 offset 10',
			[],
		]);
	});

	it('binds anything after LIMIT that is not a whole number of rows, and a name ending in limit', () => {
		for (const value of [-1, 2.5, '5', '5; DROP TABLE t', null, Number.MAX_SAFE_INTEGER + 2])
			expect(inlineSafeValues('SELECT * FROM t LIMIT ?', [value])).toEqual([
				'SELECT * FROM t LIMIT ?',
				[value],
			]);
		expect(inlineSafeValues('SELECT * FROM t WHERE xlimit = ? LIMIT ?', [4, 4])).toEqual([
			'SELECT * FROM t WHERE xlimit = ? LIMIT 4',
			[4],
		]);
		expect(inlineSafeValues("SELECT 'LIMIT ?' AS a, ? AS b", [7])).toEqual([
			"SELECT 'LIMIT ?' AS a, ? AS b",
			[7],
		]);
	});

	it('answers a page as with its row counts bound', async () => {
		const sql =
			'SELECT CAST(range AS INTEGER) AS n FROM range(100) WHERE range % ? = 0 ORDER BY n DESC LIMIT ? OFFSET ?';
		expect(await db.all(sql, [7, 3, 2])).toEqual([{ n: 84 }, { n: 77 }, { n: 70 }]);
		// The next page, then the first again: each its own rows.
		expect(await db.all(sql, [7, 3, 5])).toEqual([{ n: 63 }, { n: 56 }, { n: 49 }]);
		expect(await db.all(sql, [7, 2, 0])).toEqual([{ n: 98 }, { n: 91 }]);
	});
});

describe('a statement of many values (an IN list of a page of ids)', () => {
	const ids = (count: number, from = 1): number[] =>
		Array.from({ length: count }, (_, i) => from + i);
	const list = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

	it('writes its integers in, negatives in brackets, and binds every other value', () => {
		const values = [...ids(MANY_VALUES - 1), -5, 12345678901234567890n, 2.5, 'Ann', null];
		const [sql, kept] = inlineSafeValues(
			`SELECT * FROM t WHERE id IN (${list(values.length - 2)}) AND x-? > 0 AND y = ?`,
			values,
		);
		expect(sql).toBe(
			`SELECT * FROM t WHERE id IN (${ids(MANY_VALUES - 1).join(', ')}, (-5), 12345678901234567890, ?) AND x-? > 0 AND y = ?`,
		);
		expect(kept).toEqual([2.5, 'Ann', null]);
		// A subtraction of a negative stays a subtraction.
		const [minus] = inlineSafeValues(`SELECT x-? FROM t WHERE id IN (${list(MANY_VALUES)})`, [
			-3,
			...ids(MANY_VALUES),
		]);
		expect(minus.startsWith('SELECT x-(-3) FROM t WHERE id IN (1, 2, ')).toBe(true);
	});

	it('binds the integers of a statement of up to that many values', () => {
		const values = ids(MANY_VALUES);
		expect(
			inlineSafeValues(`SELECT * FROM t WHERE id IN (${list(MANY_VALUES)})`, values),
		).toEqual([`SELECT * FROM t WHERE id IN (${list(MANY_VALUES)})`, values]);
	});

	it('answers as with its values bound, read after read', async () => {
		await db.run(
			'CREATE TABLE many AS SELECT CAST(range AS INTEGER) AS id, CAST(range AS INTEGER) - 50 AS delta FROM range(1000)',
		);
		const wanted = ids(250, 100).filter((id) => id % 3 !== 0);
		const sql = `SELECT id, delta - ? AS shifted FROM many WHERE id IN (${list(wanted.length)}) ORDER BY id`;
		const expected = wanted.map((id) => ({ id, shifted: id - 50 + 7 }));
		for (let round = 0; round < 3; round++)
			expect(await db.all(sql, [-7, ...wanted])).toEqual(expected);
		// Another page of ids through the same text of placeholders.
		const other = ids(wanted.length, 500);
		expect(await db.all(sql, [0, ...other])).toEqual(
			other.map((id) => ({ id, shifted: id - 50 })),
		);
		await db.run('DROP TABLE many');
	});
});

describe('threads per database (ABACUS_DUCKDB_THREADS)', () => {
	it('takes one per core but one when unset, and a whole number from 1 to 256', () => {
		expect(duckdbThreads({}, 2)).toBe('1');
		expect(duckdbThreads({}, 1)).toBe('1');
		expect(duckdbThreads({ ABACUS_DUCKDB_THREADS: '' }, 8)).toBe('7');
		expect(duckdbThreads({ ABACUS_DUCKDB_THREADS: '1' })).toBe('1');
		expect(duckdbThreads({ ABACUS_DUCKDB_THREADS: ' 04 ' })).toBe('4');
		expect(duckdbThreads({ ABACUS_DUCKDB_THREADS: '256' })).toBe('256');
	});

	it('refuses anything else, saying what was wrong', () => {
		for (const value of ['0', '257', 'two', '1.5', '-1', '1; SET x=1', '1e2'])
			expect(() => duckdbThreads({ ABACUS_DUCKDB_THREADS: value })).toThrow(
				`ABACUS_DUCKDB_THREADS is "${value}": it must be a whole number of threads from 1 to 256`,
			);
	});

	it('opens a database with that many threads', async () => {
		const before = process.env.ABACUS_DUCKDB_THREADS;
		const threadsOf = async (): Promise<unknown> => {
			const opened = await Db.open(':memory:');
			try {
				return (await opened.one("SELECT current_setting('threads') AS n"))?.n;
			} finally {
				opened.close();
			}
		};
		try {
			process.env.ABACUS_DUCKDB_THREADS = '1';
			expect(await threadsOf()).toBe(1);
			process.env.ABACUS_DUCKDB_THREADS = '3';
			expect(await threadsOf()).toBe(3);
			delete process.env.ABACUS_DUCKDB_THREADS;
			expect(await threadsOf()).toBe(Math.max(1, availableParallelism() - 1));
			process.env.ABACUS_DUCKDB_THREADS = 'many';
			await expect(Db.open(':memory:')).rejects.toThrow('ABACUS_DUCKDB_THREADS is "many"');
		} finally {
			if (before === undefined) delete process.env.ABACUS_DUCKDB_THREADS;
			else process.env.ABACUS_DUCKDB_THREADS = before;
		}
	});
});
