/**
 * The demo store's orders follow a shop's day and week in the store's time zone: few at night,
 * a lunch and a higher evening peak, Sunday and Monday evenings busier than Saturday's, and the
 * same store for the same seed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../core/db.js';
import { generateStore } from '../generate.js';
import { hourWeight } from '../hours.js';
import { cachedStoreFile } from './store-cache.js';

jest.setTimeout(120_000);

const NOW = new Date('2025-03-01T12:00:00Z');

interface Cell {
	weekday: number;
	hour: number;
	orders: number;
}

const STORE = { orders: 6000, now: NOW, days: 400 };

/**
 * Orders per local weekday (0 = Sunday) and hour of a store generated for the time zone and seed;
 * `cached`: a copy of the one generated for them before (store-cache.ts; `now` is fixed, so it is
 * the same store), else generated here.
 */
async function orderCells(timeZone: string, seed: number, cached = false): Promise<Cell[]> {
	let dir: string | undefined;
	let db: Db;
	if (cached) {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-hours-'));
		const file = path.join(dir, 'store.duckdb');
		await cachedStoreFile(
			{ store: 'hours', ...STORE, now: NOW.toISOString(), seed, timeZone },
			file,
			async (target) => {
				const made = await Db.open(target);
				try {
					await generateStore(made, { ...STORE, seed, timeZone });
				} finally {
					made.close();
				}
			},
		);
		db = await Db.open(file);
	} else {
		db = await Db.open(':memory:');
		await generateStore(db, { ...STORE, seed, timeZone });
	}
	try {
		const rows = await db.all<{ weekday: number; hour: number; orders: number }>(
			`SELECT CAST(dayofweek(date_created) AS INTEGER) AS weekday,
				CAST(hour(date_created) AS INTEGER) AS hour, CAST(count(*) AS INTEGER) AS orders
			FROM orders WHERE type = 'shop_order' GROUP BY 1, 2 ORDER BY 1, 2`,
		);
		return rows.map((r) => ({ weekday: r.weekday, hour: r.hour, orders: r.orders }));
	} finally {
		db.close();
		if (dir) fs.rmSync(dir, { recursive: true, force: true });
	}
}

const sum = (cells: Cell[], keep: (c: Cell) => boolean): number =>
	cells.filter(keep).reduce((s, c) => s + c.orders, 0);

describe('demo order hours', () => {
	it.each(['UTC', 'America/New_York', 'Asia/Kolkata'])(
		'follow a day and a week in store time (%s)',
		async (timeZone) => {
			const cells = await orderCells(timeZone, 4, true);
			const total = sum(cells, () => true);
			expect(total).toBe(6000);
			const hourShare = (from: number, to: number): number =>
				sum(cells, (c) => c.hour >= from && c.hour < to) / total;
			// Night (00:00–06:00) is quiet; a flat spread would give it a quarter.
			expect(hourShare(0, 6)).toBeLessThan(0.06);
			// Lunch and evening peaks: each of their hours well above an early-morning hour.
			expect(hourShare(12, 13)).toBeGreaterThan(4 * hourShare(3, 4));
			expect(hourShare(12, 13)).toBeGreaterThan(hourShare(15, 16));
			expect(hourShare(20, 21)).toBeGreaterThan(hourShare(12, 13));
			const byHour = Array.from({ length: 24 }, (_, h) => hourShare(h, h + 1));
			const busiest = byHour.indexOf(Math.max(...byHour));
			expect(busiest).toBeGreaterThanOrEqual(18);
			expect(busiest).toBeLessThanOrEqual(21);
			// The week: Saturday the quietest day; Sunday and Monday evenings busier than Saturday's.
			const byDay = Array.from({ length: 7 }, (_, d) => sum(cells, (c) => c.weekday === d));
			expect(Math.min(...byDay)).toBe(byDay[6]);
			const evening = (d: number): number =>
				sum(cells, (c) => c.weekday === d && c.hour >= 18 && c.hour < 23);
			expect(evening(0)).toBeGreaterThan(1.3 * evening(6));
			expect(evening(1)).toBeGreaterThan(1.3 * evening(6));
		},
	);

	// Generated here, not copied: two generations compared.
	it('is the same store for the same seed, another for another seed', async () => {
		const first = await orderCells('Europe/Paris', 9);
		expect(await orderCells('Europe/Paris', 9)).toEqual(first);
		expect(await orderCells('Europe/Paris', 10)).not.toEqual(first);
	});

	it('weighs every hour of the week above zero, nights least', () => {
		for (let weekday = 0; weekday < 7; weekday++) {
			const weights = Array.from({ length: 24 }, (_, hour) => hourWeight(weekday, hour));
			expect(Math.min(...weights)).toBeGreaterThan(0);
			expect(Math.max(...weights.slice(0, 6))).toBeLessThan(
				Math.min(...weights.slice(9, 22)),
			);
		}
	});
});
