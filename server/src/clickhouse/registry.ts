/**
 * The store registry (`stores`, `stores_all`): which store id a store URL has and the settings its
 * reports need, a row per registration (the highest version wins). Creating it (with the push
 * states' tables, `push-states.ts`), registering a store, finding one by URL and allocating a new
 * store's id.
 */
import crypto from 'node:crypto';

import { isDateBasis } from '../db/date-basis.js';
import type { StoreSettings } from '../db/store-settings.js';
import { ClickHouseClient, waitForMutations } from './client.js';
import { recordedShards } from './routing.js';
import { addMissingColumns, createMissingTables, onEveryShard, presentColumns } from './schema.js';

/** Columns of the store registry (`stores`, `stores_all`): which store id a store URL has, and its settings. */
const STORES_COLUMNS: Array<[name: string, type: string]> = [
	['store_id', 'UInt32'],
	['url', 'String'],
	['time_zone', 'String'],
	['start_of_week', 'UInt8'],
	['excluded_statuses', 'Array(String)'],
	['actionable_statuses', 'Array(String)'],
	['currency', 'String'],
	['low_stock_amount', 'Int64'],
	['no_stock_amount', 'Int64'],
	['manage_stock', 'UInt8'],
	['version', 'UInt64'],
	// The store's price decimals (`woocommerce_price_num_decimals`, 0–8), -1 when the
	// registration did not say (made before the column, or by a writer that does not read them).
	['price_decimals', 'Int16 DEFAULT -1'],
	// The store's date type (`woocommerce_date_type` as its DuckDB file or workspace holds it: a
	// synced store that never saved one holds WooCommerce's default, the paid date), '' when the
	// registration did not say (made before the column): the creation date then.
	['date_basis', "String DEFAULT ''"],
	// The store's price format (`woocommerce_currency_pos`, `woocommerce_price_thousand_sep`,
	// `woocommerce_price_decimal_sep`), '' for each when the registration did not say (made before
	// the columns): the page of a store chosen on the engine writes its money with them.
	['currency_pos', "String DEFAULT ''"],
	['thousand_sep', "String DEFAULT ''"],
	['decimal_sep', "String DEFAULT ''"],
];

/** Creates the store registry on every shard (a row per registration; the highest version wins). */
export async function createStoreRegistry(
	shardUrls: string[],
	cluster: string,
	database: string,
): Promise<void> {
	await onEveryShard(shardUrls, cluster, database, async (client) => {
		// The tables present asked for once (with their columns): those made are made no more.
		const present = await presentColumns(client, database, [
			'stores',
			'stores_all',
			'store_pushes',
			'store_pushes_all',
		]);
		const before = new Set(present.map((c) => c.table));
		const existing = new Set(before);
		const columns = STORES_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
		await createMissingTables(
			client,
			[
				`CREATE TABLE IF NOT EXISTS ${database}.stores (${columns}) ENGINE = MergeTree() ORDER BY (store_id, version)`,
				`CREATE TABLE IF NOT EXISTS ${database}.stores_all AS ${database}.stores ENGINE = Distributed(${cluster}, ${database}, stores, store_id)`,
			],
			existing,
		);
		await addMissingColumns(
			client,
			database,
			['stores', 'stores_all'].filter((name) => before.has(name)),
			STORES_COLUMNS,
			present,
		);
		await createMissingTables(
			client,
			[
				`CREATE TABLE IF NOT EXISTS ${database}.store_pushes (${PUSHES_COLUMNS}) ENGINE = MergeTree() ORDER BY (store_id, version)`,
				`CREATE TABLE IF NOT EXISTS ${database}.store_pushes_all AS ${database}.store_pushes ENGINE = Distributed(${cluster}, ${database}, store_pushes, store_id)`,
			],
			existing,
		);
	});
}

/**
 * Columns of the push states (`store_pushes`, `store_pushes_all`): a row each time the engine that
 * syncs a store starts replacing its rows (`pending` 1) and once they are all on the cluster (0);
 * the highest version tells every engine whether the store's rows are being replaced.
 */
const PUSHES_COLUMNS = 'store_id UInt32, url String, pending UInt8, version UInt64';

export interface RegisteredStore {
	storeId: number;
	url: string;
	/** The settings reports need (time zone, week start, statuses, currency, stock thresholds). */
	settings: StoreSettings;
	/**
	 * The store's price decimals (`woocommerce_price_num_decimals`, 0–8: a cost saved on the
	 * engine is checked and rounded to them); undefined when no registration said.
	 */
	priceDecimals?: number;
	/** The store's price format; undefined when no registration said. */
	priceFormat?: PriceFormat;
}

/** How a store writes its prices (its WooCommerce currency options). */
export interface PriceFormat {
	/** `left`, `right`, `left_space` or `right_space` (`woocommerce_currency_pos`). */
	position: string;
	thousandSeparator: string;
	decimalSeparator: string;
}

let lastVersion = 0;

/**
 * Increasing registration versions, also the push states' (`push-states.ts`): microseconds since
 * 1970, at least one more than the last.
 */
export function nextVersion(): number {
	lastVersion = Math.max(Date.now() * 1000, lastVersion + 1);
	return lastVersion;
}

/** Price decimals as registered: a whole number from 0 to 8, or -1 (not known). */
function priceDecimalsOf(value: number | undefined): number {
	if (value === undefined || !Number.isFinite(value)) return -1;
	return Math.max(0, Math.min(8, Math.floor(value)));
}

/**
 * Records (or updates) a store: its id, URL (the engine token's `store`), report settings and,
 * when given, price decimals and price format (a registration without them keeps the last one
 * that had them).
 */
export async function registerStore(
	client: ClickHouseClient,
	store: RegisteredStore,
): Promise<void> {
	const s = store.settings;
	await client.insert(`${client.target.database}.stores_all`, [
		{
			store_id: store.storeId,
			url: store.url,
			time_zone: s.timeZone,
			start_of_week: s.startOfWeek,
			excluded_statuses: s.excludedStatuses,
			actionable_statuses: s.actionableStatuses,
			currency: s.currency,
			low_stock_amount: s.lowStockAmount,
			no_stock_amount: s.noStockAmount,
			manage_stock: s.manageStock ? 1 : 0,
			version: nextVersion(),
			// JSONEachRow on 18.16 fills an omitted column with 0, not its DEFAULT: always sent.
			price_decimals: priceDecimalsOf(store.priceDecimals),
			date_basis: s.dateBasis ?? '',
			currency_pos: store.priceFormat?.position ?? '',
			thousand_sep: store.priceFormat?.thousandSeparator ?? '',
			decimal_sep: store.priceFormat?.decimalSeparator ?? '',
		},
	]);
}

/**
 * The store registered under `url` (its latest registration), or null: no such tenant. An id
 * belongs to the URL of its earliest registration, so a claim that lost a race for an id
 * (`allocateStoreId`) never names that id's store, even before it is removed. One pass over the
 * registry: each store id's rows grouped once, the owner checked on all of them and the settings
 * read from the URL's own rows (a `GLOBAL IN` of the owned ids took a second pass over the shards:
 * 15-17 against 13-15 CPU ms of ClickHouse a lookup, the same answers).
 */
export async function storeByUrl(
	client: ClickHouseClient,
	url: string,
): Promise<RegisteredStore | null> {
	// An alias never a column's name: 18.16 reads the alias, an aggregate, in the other
	// aggregates' conditions (`currency_pos != ''`), and refuses the statement.
	/** The latest of the URL's own registrations that sets `column`. */
	const latest = (column: string, set = ''): string =>
		`argMaxIf(${column}, version, url = wanted${set})`;
	const row = await client.one<{
		store_id: number;
		time_zone: string;
		start_of_week: number;
		excluded_statuses: string;
		actionable_statuses: string;
		currency: string;
		low_stock_amount: string;
		no_stock_amount: string;
		manage_stock: number;
		decimals_known: string;
		decimals: number;
		date_basis: string;
		format_known: string;
		format_position: string;
		format_thousand: string;
		format_decimal: string;
	}>(
		`WITH ? AS wanted SELECT store_id, ${latest('date_basis', " AND date_basis != ''")} AS date_basis, countIf(url = wanted AND price_decimals >= 0) AS decimals_known, ${latest('price_decimals', ' AND price_decimals >= 0')} AS decimals, countIf(url = wanted AND currency_pos != '') AS format_known, ${latest('currency_pos', " AND currency_pos != ''")} AS format_position, ${latest('thousand_sep', " AND currency_pos != ''")} AS format_thousand, ${latest('decimal_sep', " AND currency_pos != ''")} AS format_decimal, ${latest('time_zone')} AS time_zone, ${latest('start_of_week')} AS start_of_week, arrayStringConcat(${latest('excluded_statuses')}, ',') AS excluded_statuses, arrayStringConcat(${latest('actionable_statuses')}, ',') AS actionable_statuses, ${latest('currency')} AS currency, ${latest('low_stock_amount')} AS low_stock_amount, ${latest('no_stock_amount')} AS no_stock_amount, ${latest('manage_stock')} AS manage_stock FROM ${client.target.database}.stores_all GROUP BY store_id HAVING argMin(url, version) = wanted ORDER BY store_id LIMIT 1`,
		[url],
	);
	if (!row) return null;
	return {
		storeId: Number(row.store_id),
		url,
		settings: {
			timeZone: row.time_zone,
			startOfWeek: Number(row.start_of_week),
			// Status slugs (`on-hold`) hold no commas.
			excludedStatuses: row.excluded_statuses.split(',').filter(Boolean),
			actionableStatuses: row.actionable_statuses.split(',').filter(Boolean),
			currency: row.currency,
			lowStockAmount: Number(row.low_stock_amount),
			noStockAmount: Number(row.no_stock_amount),
			manageStock: Number(row.manage_stock) === 1,
			// No registration said (all made before the column): the creation date, by which
			// such a store's rows were counted.
			dateBasis: isDateBasis(row.date_basis) ? row.date_basis : 'date_created',
		},
		...(Number(row.decimals_known) > 0 ? { priceDecimals: Number(row.decimals) } : {}),
		...(Number(row.format_known) > 0
			? {
					priceFormat: {
						position: row.format_position,
						thousandSeparator: row.format_thousand,
						decimalSeparator: row.format_decimal,
					},
				}
			: {}),
	};
}

/** Ids tried for one new store before giving up (each taken by another store). */
const ID_TRIES = 16;

/**
 * The candidate ids of a store URL, in order: stable 31-bit ids from SHA-256 of the URL (then of
 * the URL and the try's number), so two engines registering the same store pick the same id and
 * two stores almost never the same one (an id from 1 to 2,147,483,647).
 */
export function storeIdCandidates(url: string): number[] {
	const ids: number[] = [];
	for (let i = 0; ids.length < ID_TRIES; i++) {
		const digest = crypto
			.createHash('sha256')
			.update(i === 0 ? url : `${url}#${i}`)
			.digest();
		const id = digest.readUInt32BE(0) & 0x7fffffff;
		if (id !== 0 && !ids.includes(id)) ids.push(id);
	}
	return ids;
}

export interface AllocateOptions {
	/** One client per shard (a lost claim's row is removed from each); default the recorded shards. */
	shards?: ClickHouseClient[];
	/** The ids to try in order (default `storeIdCandidates(url)`; tests force a collision). */
	candidates?: number[];
	/**
	 * Milliseconds between a claim and its read-back (default 500), so that a claim another process
	 * sent at the same moment is on the cluster when the owner is decided.
	 */
	settleMs?: number;
}

/**
 * The cluster id of the store at `url`, registering it (with `settings`) when it has none. Safe
 * across engine processes: an id is never derived from the highest one. Each candidate id
 * (`storeIdCandidates`) already owned by another URL is skipped; a free one is claimed by
 * registering the store under it, then read back after `settleMs`: the id belongs to its earliest
 * registration (lowest version), so of two processes claiming one id at once exactly one keeps it,
 * and the other removes its claim and tries its next candidate. (A claim still on its way after
 * `settleMs`, with an earlier version, could go unseen: that needs a network delay of that length
 * and two new stores whose URLs share a candidate id, one chance in about two billion.)
 */
export async function allocateStoreId(
	client: ClickHouseClient,
	url: string,
	settings: StoreSettings,
	options: AllocateOptions = {},
): Promise<number> {
	const existing = await storeByUrl(client, url);
	if (existing) return existing.storeId;
	const database = client.target.database;
	const owner = async (id: number): Promise<string> => {
		const row = await client.one<{ url: string; n: string }>(
			`SELECT argMin(url, version) AS url, count() AS n FROM ${database}.stores_all WHERE store_id = ?`,
			[id],
		);
		return Number(row?.n ?? 0) > 0 ? String(row?.url) : '';
	};
	for (const id of options.candidates ?? storeIdCandidates(url)) {
		if (!Number.isInteger(id) || id < 1 || id > 0xffffffff) continue;
		const before = await owner(id);
		if (before && before !== url) continue;
		await registerStore(client, { storeId: id, url, settings });
		await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 500));
		if ((await owner(id)) === url) return id;
		// Lost the id to a store registered earlier: this claim goes, the next candidate is tried.
		const shards = options.shards?.length
			? options.shards
			: (await recordedShards(client.target)).map(
					(shardUrl) => new ClickHouseClient({ url: shardUrl, database }),
				);
		for (const shard of shards.length ? shards : [client]) {
			const held = await shard.one<{ n: string }>(
				`SELECT count() AS n FROM ${database}.stores WHERE store_id = ? AND url = ?`,
				[id, url],
			);
			if (!Number(held?.n)) continue;
			await shard.run(
				`ALTER TABLE ${database}.stores DELETE WHERE store_id = ? AND url = ?`,
				[id, url],
			);
			await waitForMutations(shard, 'stores', `the lost claim of ${url} on store id ${id}`);
		}
	}
	throw new Error(
		`No free store id for ${url} after ${ID_TRIES} tries: the registry is nearly full or unreadable.`,
	);
}
