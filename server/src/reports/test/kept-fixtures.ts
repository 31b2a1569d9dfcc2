/**
 * What the report tests over a generated store share: the store's settings (UTC, WooCommerce's
 * defaults), whole-day ranges around the store's history, and a store whose statements are
 * recorded beside a plain reader of the same database (which runs every answer's statements: a
 * value kept in memory is only for a `Db`).
 */
import { Db, type Row, type SqlValue } from '../../core/db.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { generateStore } from '../../demo/generate.js';
import type { SqlReader } from '../../metrics/dialect.js';

/** A store's settings: UTC, weeks from Monday, WooCommerce's excluded statuses, `changes` over. */
export function testSettings(changes: Partial<StoreSettings> = {}): StoreSettings {
	return {
		timeZone: 'UTC',
		startOfWeek: 1,
		excludedStatuses: ['pending', 'failed', 'cancelled', 'trash'],
		actionableStatuses: ['processing', 'on-hold'],
		currency: 'USD',
		lowStockAmount: 2,
		noStockAmount: 0,
		manageStock: true,
		...changes,
	};
}

/**
 * Whole-day ranges of a store generated up to 2025-03-01: one day, a week, a month, a quarter, a
 * year, past both ends of its history, and after it.
 */
export const WHOLE_DAYS: Array<[string, string]> = [
	['2025-02-14', '2025-02-14'],
	['2025-02-03', '2025-02-09'],
	['2025-01-01', '2025-01-31'],
	['2024-10-01', '2024-12-31'],
	['2024-03-01', '2025-02-28'],
	['2019-01-01', '2031-12-31'],
	['2030-01-01', '2030-01-31'],
];

export interface RecordedStore {
	/** The store (its `all` records each statement in `ran`). */
	db: Db;
	ran: string[];
	/** The same database through a plain reader (not recorded). */
	statements: SqlReader;
}

/**
 * A generated store of `orders` orders up to 2025-03-01 in memory, its statements recorded;
 * `after(sql)`, when it gives a promise, holds the statement's answer back until it resolves.
 */
export async function recordedStore(
	orders: number,
	seed: number,
	after: (sql: string) => Promise<void> | null = () => null,
): Promise<RecordedStore> {
	const db = await Db.open(':memory:');
	await generateStore(db, { orders, seed, now: new Date('2025-03-01T12:00:00Z') });
	const ran: string[] = [];
	const original = db.all;
	const all = <T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]> =>
		original.call(db, sql, params) as Promise<T[]>;
	db.all = (async (sql: string, params?: SqlValue[]) => {
		ran.push(sql);
		const result = await all(sql, params);
		await after(sql);
		return result;
	}) as Db['all'];
	return {
		db,
		ran,
		statements: {
			all: (sql, params) => all(sql, params),
			one: async <T extends Row = Row>(sql: string, params?: SqlValue[]) =>
				(await all<T>(sql, params))[0],
		},
	};
}
