/**
 * Deterministic demo-store generator. The same seed (and the same `now`) gives the same store:
 * catalogue (simple, variable and downloadable products, nested categories, colour/size
 * attributes), coupons, registered and guest customers, and orders over more than two years with
 * growth, seasonality, a mix of statuses, full and partial refunds, multi-rate taxes, shipping and
 * download logs. Raw rows are written as tab-separated files and bulk-loaded with COPY; the
 * analytics lookup tables are then derived from the raw rows by the database layer's pipeline
 * (`db/pipeline.ts`), the same code the historical import and a store sync use.
 */
import type { Db } from '../core/db.js';
import { createAdminSchema } from '../db/admin-schema.js';
import { seedOptions } from '../db/options.js';
import { deriveLookups } from '../db/pipeline.js';
import { seedDemoCosts } from './costs.js';
import {
	STORE_MARKER_TABLE,
	createStoreIndexes,
	createStoreSchema,
	markStoreComplete,
} from '../db/schema.js';
import { formatSql, utcToLocal } from '../db/store-time.js';
import { seedAdminData } from './admin-data.js';
import {
	writeAttributes,
	writeCategories,
	writeCoupons,
	writeProducts,
	writeTaxRates,
} from './catalogue.js';
import { DAY, type DemoContext } from './context.js';
import { createCustomers, createIdleUsers, writeCustomers } from './customers.js';
import { writeOrderHistory } from './orders.js';
import { mulberry32 } from './random.js';
import { TsvTables } from './tsv.js';

export interface GenerateOptions {
	/** Number of orders (refunds come on top). Default 1,000. */
	orders?: number;
	seed?: number;
	/** IANA store time zone. Default UTC. */
	timeZone?: string;
	/** "Today" for the generated history (UTC instant). Default: the current time. */
	now?: Date;
	/** Days of history. Default 800 (more than two years). */
	days?: number;
	/**
	 * Only the store's rows (orders, customers, catalogue and their lookups): no indexes, costs or
	 * admin data, and no completion marker, until `finishStore` with the same options and `now`.
	 * For a caller that reads the rows meanwhile (bulk seeding WooCommerce); a server opening such
	 * a store makes it again.
	 */
	unfinished?: boolean;
}

/** The store tables the generator fills, in loading order. */
const STORE_TABLES = [
	'options',
	'tax_rates',
	'categories',
	'category_lookup',
	'attributes',
	'attribute_terms',
	'products',
	'product_categories',
	'product_attributes',
	'variation_attributes',
	'product_downloads',
	'product_meta_lookup',
	'coupons',
	'users',
	'customer_lookup',
	'orders',
	'order_items',
	'order_item_meta',
	'order_tax_items',
	'order_coupon_items',
	'order_details',
	'order_shipping_lines',
	'order_meta',
	'order_stats',
	'order_product_lookup',
	'order_tax_lookup',
	'order_coupon_lookup',
	'downloadable_product_permissions',
	'download_log',
] as const;

/** `00` to `59`: the hours, minutes and seconds of a time of day. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/**
 * `formatSql` of naive milliseconds, as the generator calls it millions of times over a few
 * hundred days: each day's `YYYY-MM-DD ` is formatted once and kept, the time of day is computed.
 */
function sqlTextOfDays(): (ms: number) => string {
	const dates = new Map<number, string>();
	return (ms) => {
		if (!Number.isSafeInteger(ms)) return formatSql(ms);
		const day = Math.floor(ms / DAY);
		let date = dates.get(day);
		if (date === undefined) {
			// 'YYYY-MM-DD ' of the day's midnight (without its '00:00:00').
			date = formatSql(day * DAY).slice(0, -8);
			dates.set(day, date);
		}
		const seconds = Math.floor((ms - day * DAY) / 1000);
		const hours = Math.floor(seconds / 3600);
		const minutes = Math.floor((seconds - hours * 3600) / 60);
		return `${date}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds - hours * 3600 - minutes * 60]}`;
	};
}

/** Drops the "complete" marker, creates the schema when missing and empties the store tables. */
async function resetStore(db: Db, timeZone: string): Promise<void> {
	// First: the store is incomplete until the marker is written again at the very end.
	await db.run(`DROP TABLE IF EXISTS ${STORE_MARKER_TABLE}`);
	await createStoreSchema(db);
	for (const table of STORE_TABLES) await db.run(`DELETE FROM ${table}`);
	await seedOptions(db, timeZone);
}

/** Writes the raw rows of the whole store (catalogue, customers, orders) as TSV files. */
function writeStoreRows(ctx: DemoContext, orderCount: number): number {
	writeTaxRates(ctx);
	writeCategories(ctx);
	const terms = writeAttributes(ctx);
	const catalogue = writeProducts(ctx, terms);
	writeCoupons(ctx);
	const customers = createCustomers(ctx);
	createIdleUsers(ctx, customers, orderCount);
	const rows = writeOrderHistory(ctx, catalogue, customers, orderCount);
	writeCustomers(ctx, customers.all);
	return rows;
}

/**
 * Creates the schema (when missing), empties the store tables and fills them with a generated
 * store. Returns the number of order rows (orders + refunds) written.
 */
export async function generateStore(db: Db, options: GenerateOptions = {}): Promise<number> {
	const orderCount = Math.max(0, Math.floor(options.orders ?? 1000));
	const seed = options.seed ?? 1;
	const timeZone = options.timeZone ?? 'UTC';
	const nowMs = (options.now ?? new Date()).getTime();
	const days = options.days ?? 800;
	await resetStore(db, timeZone);

	const files = new TsvTables();
	const rand = mulberry32(seed);
	const startMs = nowMs - days * DAY;
	const localText = sqlTextOfDays();
	const gmtText = sqlTextOfDays();
	const ctx: DemoContext = {
		rand,
		pick: (list) => list[Math.floor(rand() * list.length)],
		out: (table) => files.out(table),
		local: (utc) => localText(utcToLocal(utc, timeZone)),
		wall: (utc) => utcToLocal(utc, timeZone),
		gmt: (utc) => gmtText(utc),
		nowMs,
		days,
		startMs,
		catalogueDate: startMs - 30 * DAY,
	};
	let rows: number;
	try {
		rows = writeStoreRows(ctx, orderCount);
		await files.load(db, STORE_TABLES);
		await deriveLookups(db);
	} finally {
		files.dispose();
	}
	if (!options.unfinished) await finishStore(db, { ...options, now: new Date(nowMs) });
	return rows;
}

/**
 * The rest of a generated store once its rows are in (what `generateStore` does last, or what it
 * left with `unfinished`): the indexes, the admin data, the products' costs, then the marker
 * saying the store is complete. The options are the generation's, its `now` included.
 */
export async function finishStore(
	db: Db,
	options: Pick<GenerateOptions, 'seed' | 'days'> & { now: Date },
): Promise<void> {
	const seed = options.seed ?? 1;
	const nowMs = options.now.getTime();
	const startMs = nowMs - (options.days ?? 800) * DAY;
	await createStoreIndexes(db);
	await createAdminSchema(db);
	await seedAdminData(db, seed);
	await seedDemoCosts(db, seed, startMs, nowMs);
	// Last: the marker saying the store is complete (a start finding no marker regenerates it).
	await markStoreComplete(db);
	await db.run('CHECKPOINT');
}
