/**
 * Many stores in one ClickHouse cluster. Every analytics table carries `store_id`; each shard holds
 * MergeTree tables sorted by (store_id, date) and a `<table>_all` Distributed table over all shards,
 * sharded by store_id, so a store's rows live on one shard. A store is a tenant: reports read
 * through `ClickHouseStore`, whose every table reference is replaced by that store's rows of the
 * Distributed table (the store filter is added here, never by a report), and a statement naming any
 * other table is refused.
 */
import crypto from 'node:crypto';

import type { Db, Row, SqlValue } from '../core/db.js';
import { ensureCostSchema } from '../db/costs.js';
import { isDateBasis } from '../db/date-basis.js';
import { RestError } from '../core/rest-error.js';
import type { StoreSettings } from '../db/store-settings.js';
import type { Dialect, SqlReader } from '../metrics/dialect.js';
import { ANNOTATION_COLUMNS, annotationTableStatements } from './annotations.js';
import { ClickHouseClient, waitForMutations } from './client.js';
import { CLICKHOUSE, CLICKHOUSE_COMPUTED } from './dialect.js';
import { CLICKHOUSE_ROLLUPS, createRollupTables, refreshRollups, rollupRows } from './rollups.js';
import { recordedShards, recordShards } from './routing.js';

const MONEY = 'Decimal(18, 4)';
const TIME = "DateTime('UTC')";

interface TableSpec {
	/** ClickHouse columns after store_id, in order. */
	columns: Array<[name: string, type: string]>;
	/** DuckDB SELECT list giving the same columns (money rounded to 4 decimals, times as naive local text). */
	select: string;
	order: string;
	/** The MergeTree sort key after store_id, and its monthly partition column (none: not partitioned). */
	key?: string;
	partitionBy?: string | null;
}

const money = (column: string): string => `ROUND(${column}, 4)`;
const time = (column: string): string => `strftime(${column}, '%Y-%m-%d %H:%M:%S')`;

/** The tables a store has on the cluster: the order lookups and the catalogue reports name products by. */
export const CLICKHOUSE_TABLES: Record<string, TableSpec> = {
	order_stats: {
		columns: [
			['order_id', 'Int64'],
			['parent_id', 'Int64'],
			['date_created', TIME],
			['date_created_gmt', TIME],
			['num_items_sold', 'Int64'],
			['total_sales', MONEY],
			['tax_total', MONEY],
			['shipping_total', MONEY],
			['net_total', MONEY],
			['returning_customer', 'Nullable(UInt8)'],
			['status', 'String'],
			['customer_id', 'Nullable(Int64)'],
			// Added after the first clusters (`createClusterSchema` adds them to older tables,
			// whose rows read NULL until the store is loaded or pushed again): the dates revenue
			// and orders stats and the orders list count by under the paid or completed date type
			// (`db/date-basis.ts`; a refund's are its creation date, as the pipeline writes them).
			['date_paid', `Nullable(${TIME})`],
			['date_completed', `Nullable(${TIME})`],
		],
		select: `order_id, parent_id, ${time('date_created')}, ${time('date_created_gmt')}, num_items_sold, ${money('total_sales')}, ${money('tax_total')}, ${money('shipping_total')}, ${money('net_total')}, CAST(returning_customer AS INTEGER), status, customer_id, ${time('date_paid')}, ${time('date_completed')}`,
		order: 'order_id',
	},
	order_product_lookup: {
		columns: [
			['order_item_id', 'Int64'],
			['order_id', 'Int64'],
			['product_id', 'Int64'],
			['variation_id', 'Int64'],
			['customer_id', 'Nullable(Int64)'],
			['date_created', TIME],
			['product_qty', 'Int64'],
			['product_net_revenue', MONEY],
			['product_gross_revenue', MONEY],
			['coupon_amount', MONEY],
			['tax_amount', MONEY],
			['shipping_amount', MONEY],
			['shipping_tax_amount', MONEY],
		],
		select: `order_item_id, order_id, product_id, variation_id, customer_id, ${time('date_created')}, product_qty, ${money('product_net_revenue')}, ${money('product_gross_revenue')}, ${money('coupon_amount')}, ${money('tax_amount')}, ${money('shipping_amount')}, ${money('shipping_tax_amount')}`,
		order: 'order_item_id',
	},
	order_tax_lookup: {
		columns: [
			['order_id', 'Int64'],
			['tax_rate_id', 'Int64'],
			['date_created', TIME],
			['shipping_tax', MONEY],
			['order_tax', MONEY],
			['total_tax', MONEY],
		],
		select: `order_id, tax_rate_id, ${time('date_created')}, ${money('shipping_tax')}, ${money('order_tax')}, ${money('total_tax')}`,
		order: 'order_id, tax_rate_id',
	},
	order_coupon_lookup: {
		columns: [
			['order_id', 'Int64'],
			['coupon_id', 'Int64'],
			['date_created', TIME],
			['discount_amount', MONEY],
		],
		select: `order_id, coupon_id, ${time('date_created')}, ${money('discount_amount')}`,
		order: 'order_id, coupon_id',
	},
	products: {
		columns: [
			['id', 'Int64'],
			['parent_id', 'Int64'],
			['type', 'String'],
			['status', 'String'],
			['name', 'String'],
			['slug', 'String'],
			['sku', 'String'],
			['price', 'Nullable(Float64)'],
			['stock_quantity', 'Nullable(Float64)'],
			['manage_stock', 'UInt8'],
			['low_stock_amount', 'Nullable(Int64)'],
			['stock_status', 'String'],
			['image', 'String'],
			['date_created', TIME],
			// Added after the first clusters (`createClusterSchema` adds them to older tables).
			['date_created_gmt', TIME],
			['regular_price', 'Nullable(Float64)'],
			['sale_price', 'Nullable(Float64)'],
			['virtual', 'UInt8'],
			['downloadable', 'UInt8'],
			['total_sales', 'Int64'],
			['average_rating', 'Float64'],
			['rating_count', 'Int64'],
			['menu_order', 'Int64'],
		],
		select: `id, parent_id, type, status, name, slug, sku, price, stock_quantity, CAST(manage_stock AS INTEGER), low_stock_amount, stock_status, image, ${time('date_created')}, ${time('date_created_gmt')}, regular_price, sale_price, CAST(virtual AS INTEGER), CAST(downloadable AS INTEGER), total_sales, average_rating, rating_count, menu_order`,
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	categories: {
		columns: [
			['id', 'Int64'],
			['name', 'String'],
			['slug', 'String'],
			['parent', 'Int64'],
			['description', 'String'],
			['count', 'Int64'],
		],
		select: 'id, name, slug, parent, description, count',
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	category_lookup: {
		columns: [
			['category_tree_id', 'Int64'],
			['category_id', 'Int64'],
		],
		select: 'category_tree_id, category_id',
		order: 'category_tree_id, category_id',
		key: 'category_tree_id, category_id',
		partitionBy: null,
	},
	coupons: {
		columns: [
			['id', 'Int64'],
			['code', 'String'],
			['discount_type', 'String'],
			['amount', 'Float64'],
			['date_created', TIME],
			['date_created_gmt', TIME],
			['date_expires', `Nullable(${TIME})`],
			['date_expires_gmt', `Nullable(${TIME})`],
		],
		select: `id, code, discount_type, amount, ${time('date_created')}, ${time('date_created_gmt')}, ${time('date_expires')}, ${time('date_expires_gmt')}`,
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	tax_rates: {
		columns: [
			['tax_rate_id', 'Int64'],
			['tax_rate_country', 'String'],
			['tax_rate_state', 'String'],
			['tax_rate', 'String'],
			['tax_rate_name', 'String'],
			['tax_rate_priority', 'Int64'],
			['tax_rate_compound', 'UInt8'],
			['tax_rate_shipping', 'UInt8'],
			['tax_rate_order', 'Int64'],
			['tax_rate_class', 'String'],
		],
		select: 'tax_rate_id, tax_rate_country, tax_rate_state, tax_rate, tax_rate_name, tax_rate_priority, CAST(tax_rate_compound AS INTEGER), CAST(tax_rate_shipping AS INTEGER), tax_rate_order, tax_rate_class',
		order: 'tax_rate_id',
		key: 'tax_rate_id',
		partitionBy: null,
	},
	attributes: {
		columns: [
			['id', 'Int64'],
			['name', 'String'],
			['slug', 'String'],
			['type', 'String'],
			['order_by', 'String'],
			['has_archives', 'UInt8'],
		],
		select: 'id, name, slug, type, order_by, CAST(has_archives AS INTEGER)',
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	attribute_terms: {
		columns: [
			['id', 'Int64'],
			['attribute_id', 'Int64'],
			['name', 'String'],
			['slug', 'String'],
			['menu_order', 'Int64'],
		],
		select: 'id, attribute_id, name, slug, menu_order',
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	/** The attribute terms each product uses (an attribute term's product count). */
	product_attributes: {
		columns: [
			['product_id', 'Int64'],
			['attribute_id', 'Int64'],
			['term_id', 'Int64'],
			['variation', 'UInt8'],
		],
		select: 'product_id, attribute_id, term_id, CAST(variation AS INTEGER)',
		order: 'product_id, attribute_id, term_id, variation',
		key: 'product_id, attribute_id, term_id',
		partitionBy: null,
	},
	variation_attributes: {
		columns: [
			['variation_id', 'Int64'],
			['attribute_id', 'Int64'],
			['term_id', 'Int64'],
		],
		select: 'variation_id, attribute_id, term_id',
		order: 'variation_id, attribute_id',
		key: 'variation_id, attribute_id',
		partitionBy: null,
	},
	/**
	 * One row per order (refunds read their order's row): the breakdowns' dimension values, from
	 * the DuckDB view of the same name (`db/order-dimensions.ts`), '' when the order has none.
	 */
	order_dimensions: {
		columns: [
			['order_id', 'Int64'],
			['customer_id', 'Nullable(Int64)'],
			['payment_method', 'String'],
			['payment_method_title', 'String'],
			['shipping_method', 'String'],
			['shipping_method_title', 'String'],
			['origin_type', 'String'],
			['origin_source', 'String'],
			['origin_medium', 'String'],
			['origin_campaign', 'String'],
			['origin_device', 'String'],
			['origin_referrer', 'String'],
			['billing_country', 'String'],
			['billing_state', 'String'],
			['shipping_country', 'String'],
			['shipping_state', 'String'],
		],
		select: 'order_id, customer_id, payment_method, payment_method_title, shipping_method, shipping_method_title, origin_type, origin_source, origin_medium, origin_campaign, origin_device, origin_referrer, billing_country, billing_state, shipping_country, shipping_state',
		order: 'order_id',
		key: 'order_id',
		partitionBy: null,
	},
	product_categories: {
		columns: [
			['product_id', 'Int64'],
			['category_id', 'Int64'],
		],
		select: 'product_id, category_id',
		order: 'product_id, category_id',
		key: 'product_id, category_id',
		partitionBy: null,
	},
	customer_lookup: {
		columns: [
			['customer_id', 'Int64'],
			['user_id', 'Nullable(Int64)'],
			['username', 'String'],
			['first_name', 'String'],
			['last_name', 'String'],
			['email', 'Nullable(String)'],
			['date_last_active', `Nullable(${TIME})`],
			['date_registered', `Nullable(${TIME})`],
			['country', 'String'],
			['postcode', 'String'],
			['city', 'String'],
			['state', 'String'],
		],
		select: `customer_id, user_id, username, first_name, last_name, email, ${time('date_last_active')}, ${time('date_registered')}, country, postcode, city, state`,
		order: 'customer_id',
		key: 'customer_id',
		partitionBy: null,
	},
	orders: {
		columns: [
			['id', 'Int64'],
			['parent_id', 'Int64'],
			['type', 'String'],
			['number', 'String'],
			['status', 'String'],
			['currency', 'String'],
			['customer_id', 'Nullable(Int64)'],
			['user_id', 'Nullable(Int64)'],
			['billing_first_name', 'String'],
			['billing_last_name', 'String'],
			['billing_email', 'String'],
			['billing_country', 'String'],
			['billing_state', 'String'],
			['billing_city', 'String'],
			['billing_postcode', 'String'],
			['discount_total', 'Float64'],
			['shipping_total', 'Float64'],
			['shipping_tax', 'Float64'],
			['cart_tax', 'Float64'],
			['total', 'Float64'],
			['payment_method', 'String'],
			['date_created', TIME],
			['date_created_gmt', TIME],
			['date_paid', `Nullable(${TIME})`],
			['date_completed', `Nullable(${TIME})`],
		],
		select: `id, parent_id, type, number, status, currency, customer_id, user_id, billing_first_name, billing_last_name, billing_email, billing_country, billing_state, billing_city, billing_postcode, discount_total, shipping_total, shipping_tax, cart_tax, total, payment_method, ${time('date_created')}, ${time('date_created_gmt')}, ${time('date_paid')}, ${time('date_completed')}`,
		order: 'id',
		key: 'date_created, id',
	},
	order_items: {
		columns: [
			['order_item_id', 'Int64'],
			['order_id', 'Int64'],
			['product_id', 'Int64'],
			['variation_id', 'Int64'],
			['name', 'String'],
			['qty', 'Int64'],
			['subtotal', 'Float64'],
			['total', 'Float64'],
			['tax', 'Float64'],
			['shipping', 'Float64'],
			['shipping_tax', 'Float64'],
		],
		select: 'order_item_id, order_id, product_id, variation_id, name, qty, subtotal, total, tax, shipping, shipping_tax',
		order: 'order_item_id',
		key: 'order_id, order_item_id',
		partitionBy: null,
	},
	order_item_meta: {
		columns: [
			['order_item_id', 'Int64'],
			['meta_key', 'String'],
			['meta_value', 'String'],
		],
		select: 'order_item_id, meta_key, meta_value',
		order: 'order_item_id, meta_key, meta_value',
		key: 'order_item_id, meta_key',
		partitionBy: null,
	},
	users: {
		columns: [
			['id', 'Int64'],
			['username', 'String'],
			['email', 'String'],
			['first_name', 'String'],
			['last_name', 'String'],
			['role', 'String'],
			['date_registered', TIME],
		],
		select: `id, username, email, first_name, last_name, role, ${time('date_registered')}`,
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	product_downloads: {
		columns: [
			['download_id', 'String'],
			['product_id', 'Int64'],
			['name', 'String'],
			['file', 'String'],
		],
		select: 'download_id, product_id, name, file',
		order: 'download_id',
		key: 'download_id',
		partitionBy: null,
	},
	downloadable_product_permissions: {
		columns: [
			['permission_id', 'Int64'],
			['download_id', 'String'],
			['product_id', 'Int64'],
			['order_id', 'Int64'],
			['user_id', 'Nullable(Int64)'],
		],
		select: 'permission_id, download_id, product_id, order_id, user_id',
		order: 'permission_id',
		key: 'permission_id',
		partitionBy: null,
	},
	download_log: {
		columns: [
			['download_log_id', 'Int64'],
			['timestamp', TIME],
			['permission_id', 'Int64'],
			['user_id', 'Nullable(Int64)'],
			['user_ip_address', 'String'],
		],
		select: `download_log_id, ${time('timestamp')}, permission_id, user_id, user_ip_address`,
		order: 'download_log_id',
		key: 'timestamp, download_log_id',
		partitionBy: 'toYYYYMM(timestamp)',
	},
	// The costs (`db/costs.ts`), append-only: a save adds rows, the highest `version` wins
	// (`costs.ts`). Rows copied from a DuckDB file are version 0 and fixed.
	product_costs: {
		columns: [
			['product_id', 'Int64'],
			['variation_id', 'Int64'],
			['cost', 'Float64'],
			['date_from', 'Date'],
			['source', 'String'],
			['version', 'UInt64'],
		],
		select: "product_id, variation_id, cost, strftime(date_from, '%Y-%m-%d') AS date_from, source, 0 AS version",
		order: 'product_id, variation_id, date_from',
		key: 'product_id, variation_id, date_from',
		partitionBy: null,
	},
	order_line_costs: {
		columns: [
			['order_item_id', 'Int64'],
			['order_id', 'Int64'],
			['unit_cost', 'Float64'],
			['source', 'String'],
			['fixed', 'UInt8'],
			['version', 'UInt64'],
		],
		select: 'order_item_id, order_id, unit_cost, source, 1 AS fixed, 0 AS version',
		order: 'order_item_id',
		key: 'order_item_id',
		partitionBy: null,
	},
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Creates the database, each shard's local tables and the Distributed tables over them (on every
 * shard, so any shard can take inserts and queries). `shardUrls` are the shards' HTTP endpoints.
 */
export async function createClusterSchema(
	shardUrls: string[],
	cluster: string,
	database: string,
): Promise<void> {
	if (!IDENTIFIER.test(cluster) || !IDENTIFIER.test(database)) {
		throw new Error('Cluster and database names must be letters, digits and _.');
	}
	// Every shard at once: each one's tables are its own.
	await Promise.all(
		shardUrls.map(async (url) => {
			const client = new ClickHouseClient({ url, database: 'default' });
			await client.run(`CREATE DATABASE IF NOT EXISTS ${database}`);
			for (const [table, spec] of Object.entries(CLICKHOUSE_TABLES)) {
				const columns = [['store_id', 'UInt32'], ...spec.columns]
					.map(([name, type]) => `${name} ${type}`)
					.join(', ');
				const partition =
					spec.partitionBy === null
						? ''
						: `PARTITION BY ${spec.partitionBy ?? 'toYYYYMM(date_created)'} `;
				await client.run(
					`CREATE TABLE IF NOT EXISTS ${database}.${table} (${columns}) ENGINE = MergeTree() ${partition}ORDER BY (store_id, ${spec.key ?? 'date_created'})`,
				);
				await client.run(
					`CREATE TABLE IF NOT EXISTS ${database}.${table}_all AS ${database}.${table} ENGINE = Distributed(${cluster}, ${database}, ${table}, store_id)`,
				);
			}
			// The columns of every table asked for once (a table made before a column lacks it).
			const present = await presentColumns(client, database);
			for (const [table, spec] of Object.entries(CLICKHOUSE_TABLES)) {
				await addMissingColumns(
					client,
					database,
					[table, `${table}_all`],
					spec.columns,
					present,
				);
			}
			await createRollupTables(client, cluster, database);
			// The stores' notes on charts (`annotations.ts`): never cleared by a load.
			for (const statement of annotationTableStatements(cluster, database)) {
				await client.run(statement);
			}
			await addMissingColumns(
				client,
				database,
				['annotations', 'annotations_all'],
				ANNOTATION_COLUMNS,
			);
		}),
	);
	// Where each shard answers, so a store's statements can go to the shard holding it (routing.ts).
	await recordShards(shardUrls, database);
}

/**
 * Adds to each of `tables` (a shard's local table and its Distributed table) the columns of
 * `columns` it lacks, at the end (where a table made with them has them too): a table made
 * before a column existed keeps its rows, which read the type's default (0, '' or NULL) until
 * the store is loaded or pushed again. 18.16 has no ADD COLUMN IF NOT EXISTS, so the columns are
 * asked for first; another process adding the same column at once is not an error.
 */
async function addMissingColumns(
	client: ClickHouseClient,
	database: string,
	tables: string[],
	columns: Array<[name: string, type: string]>,
	known?: Array<{ table: string; name: string }>,
): Promise<void> {
	const present = known ?? (await presentColumns(client, database, tables));
	for (const table of tables) {
		const names = new Set(present.filter((c) => c.table === table).map((c) => c.name));
		for (const [name, type] of columns) {
			if (names.has(name)) continue;
			try {
				await client.run(`ALTER TABLE ${database}.${table} ADD COLUMN ${name} ${type}`);
			} catch (error) {
				const duplicate = /already exists|DUPLICATE_COLUMN/i;
				if (!(error instanceof Error && duplicate.test(error.message))) throw error;
			}
		}
	}
}

/** The columns of `tables` (default every table) of `database` on the client's node. */
async function presentColumns(
	client: ClickHouseClient,
	database: string,
	tables?: string[],
): Promise<Array<{ table: string; name: string }>> {
	return client.all<{ table: string; name: string }>(
		`SELECT table, name FROM system.columns WHERE database = ?${tables ? ` AND table IN (${tables.map(() => '?').join(', ')})` : ''}`,
		[database, ...(tables ?? [])],
	);
}

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
];

/** Creates the store registry on every shard (a row per registration; the highest version wins). */
export async function createStoreRegistry(
	shardUrls: string[],
	cluster: string,
	database: string,
): Promise<void> {
	if (!IDENTIFIER.test(cluster) || !IDENTIFIER.test(database)) {
		throw new Error('Cluster and database names must be letters, digits and _.');
	}
	// Every shard at once: each one's tables are its own.
	await Promise.all(
		shardUrls.map(async (url) => {
			const client = new ClickHouseClient({ url, database: 'default' });
			await client.run(`CREATE DATABASE IF NOT EXISTS ${database}`);
			const columns = STORES_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
			await client.run(
				`CREATE TABLE IF NOT EXISTS ${database}.stores (${columns}) ENGINE = MergeTree() ORDER BY (store_id, version)`,
			);
			await client.run(
				`CREATE TABLE IF NOT EXISTS ${database}.stores_all AS ${database}.stores ENGINE = Distributed(${cluster}, ${database}, stores, store_id)`,
			);
			await addMissingColumns(client, database, ['stores', 'stores_all'], STORES_COLUMNS);
			await client.run(
				`CREATE TABLE IF NOT EXISTS ${database}.store_pushes (${PUSHES_COLUMNS}) ENGINE = MergeTree() ORDER BY (store_id, version)`,
			);
			await client.run(
				`CREATE TABLE IF NOT EXISTS ${database}.store_pushes_all AS ${database}.store_pushes ENGINE = Distributed(${cluster}, ${database}, store_pushes, store_id)`,
			);
		}),
	);
}

/**
 * Columns of the push states (`store_pushes`, `store_pushes_all`): a row each time the engine that
 * syncs a store starts replacing its rows (`pending` 1) and once they are all on the cluster (0);
 * the highest version tells every engine whether the store's rows are being replaced.
 */
const PUSHES_COLUMNS = 'store_id UInt32, url String, pending UInt8, version UInt64';

/** Records that a store's rows are being replaced (`pending`) or complete again. */
export async function recordPushState(
	client: ClickHouseClient,
	storeId: number,
	url: string,
	pending: boolean,
): Promise<void> {
	await client.insert(`${client.target.database}.store_pushes_all`, [
		{ store_id: storeId, url, pending: pending ? 1 : 0, version: nextVersion() },
	]);
}

/**
 * Whether the engine syncing the store at `url` is replacing its rows (a push started and not
 * finished, or failed and not retried yet). False when the cluster has no push states (made before
 * they existed, or its stores loaded by `clickhouse-load.js` only).
 */
export async function pushPending(client: ClickHouseClient, url: string): Promise<boolean> {
	const row = await client.one<{ n: string; pending: number }>(
		`SELECT count() AS n, argMax(pending, version) AS pending FROM ${client.target.database}.store_pushes_all WHERE url = ?`,
		[url],
	);
	return Number(row?.n ?? 0) > 0 && Number(row?.pending) === 1;
}

/**
 * Prunes a store's push states on one shard's local `store_pushes` (a store's rows lie on one
 * shard; the others hold none and are only asked): the rows older than its latest settled state
 * (its highest version with `pending` 0) are deleted once there are more than `keep` of them (an
 * unwaited mutation, as the roll-ups' old generations). The latest settled row and every row after
 * it (a push announced since) are kept, so the highest version, whose `pending` readers take, is
 * never deleted: a store being replaced stays pending. Returns the rows the mutation deletes (0:
 * none issued).
 */
export async function prunePushStates(
	shard: ClickHouseClient,
	storeId: number,
	keep: number,
): Promise<number> {
	const database = shard.target.database;
	const settled = await shard.one<{ version: string }>(
		`SELECT toString(max(version)) AS version FROM ${database}.store_pushes WHERE store_id = ? AND pending = 0`,
		[storeId],
	);
	// Microseconds since 1970 (nextVersion): exact as a double.
	const version = Number(settled?.version ?? 0);
	if (!(version > 0)) return 0;
	const older = await shard.one<{ n: string }>(
		`SELECT count() AS n FROM ${database}.store_pushes WHERE store_id = ? AND version < ?`,
		[storeId, version],
	);
	const n = Number(older?.n ?? 0);
	if (n <= keep) return 0;
	await shard.run(
		`ALTER TABLE ${database}.store_pushes DELETE WHERE store_id = ? AND version < ?`,
		[storeId, version],
	);
	return n;
}

/** Whether the cluster holds the push states (`createStoreRegistry` makes them). */
export async function hasPushStates(client: ClickHouseClient): Promise<boolean> {
	const row = await client.one<{ n: string }>(
		'SELECT count() AS n FROM system.tables WHERE database = ? AND name = ?',
		[client.target.database, 'store_pushes_all'],
	);
	return Number(row?.n ?? 0) > 0;
}

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
}

let lastVersion = 0;

/** Increasing registration versions (microseconds since 1970, at least one more than the last). */
function nextVersion(): number {
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
 * when given, price decimals (a registration without them keeps the last one that had them).
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
		},
	]);
}

/**
 * The ids `?` (a URL) owns: an id belongs to the URL of its earliest registration, so a claim that
 * lost a race for an id (`allocateStoreId`) never names that id's store, even before it is removed.
 */
const ownedIds = (database: string): string =>
	`SELECT store_id FROM ${database}.stores_all GROUP BY store_id HAVING argMin(url, version) = ?`;

/** The store registered under `url` (its latest registration), or null: no such tenant. */
export async function storeByUrl(
	client: ClickHouseClient,
	url: string,
): Promise<RegisteredStore | null> {
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
	}>(
		`SELECT store_id, argMaxIf(date_basis, version, date_basis != '') AS date_basis, countIf(price_decimals >= 0) AS decimals_known, argMaxIf(price_decimals, version, price_decimals >= 0) AS decimals, argMax(time_zone, version) AS time_zone, argMax(start_of_week, version) AS start_of_week, arrayStringConcat(argMax(excluded_statuses, version), ',') AS excluded_statuses, arrayStringConcat(argMax(actionable_statuses, version), ',') AS actionable_statuses, argMax(currency, version) AS currency, argMax(low_stock_amount, version) AS low_stock_amount, argMax(no_stock_amount, version) AS no_stock_amount, argMax(manage_stock, version) AS manage_stock FROM ${client.target.database}.stores_all WHERE url = ? AND store_id GLOBAL IN (${ownedIds(client.target.database)}) GROUP BY store_id ORDER BY store_id LIMIT 1`,
		[url, url],
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

/**
 * Copies one store's rows of `table` (those `filter`, a `WHERE …` on the DuckDB file or '', selects)
 * from its DuckDB file to the cluster's Distributed table, `batchRows` a statement, each row
 * tagged with `storeId`. Returns the number of rows copied.
 */
export async function insertStoreRows(
	source: Db,
	client: ClickHouseClient,
	storeId: number,
	table: string,
	filter: string,
	batchRows: number,
): Promise<number> {
	const spec = CLICKHOUSE_TABLES[table];
	const names = spec.columns.map(([name]) => name);
	let inserted = 0;
	for (let offset = 0; ; offset += batchRows) {
		const rows = await source.all(
			`SELECT ${spec.select} FROM ${table} ${filter} ORDER BY ${spec.order} LIMIT ? OFFSET ?`,
			[batchRows, offset],
		);
		if (!rows.length) break;
		await client.insert(
			`${client.target.database}.${table}_all`,
			rows.map((row) => {
				const values = Object.values(row);
				const out: Row = { store_id: storeId };
				names.forEach((name, i) => (out[name] = values[i] ?? null));
				return out;
			}),
		);
		inserted += rows.length;
		if (rows.length < batchRows) break;
	}
	return inserted;
}

/**
 * The cost tables, whose rows of version 0 come from a DuckDB file and the others were written on
 * the cluster (the engine's cost saves, the sync's pushed costs): a load replaces the former only.
 */
const KEEP_WRITTEN_ROWS = new Set(['product_costs', 'order_line_costs']);

/**
 * Loads one store's analytics rows from its DuckDB database into the cluster, `batchRows` rows per
 * INSERT through the Distributed tables (synchronously: an insert returns once the owning shard
 * has the rows). Replaces what the cluster held for that store: pass every shard's client as
 * `shards` (the store's earlier rows are deleted on each); without it only `client`'s shard is
 * cleared. The cost rows written on the cluster (version above 0: costs saved through the engine
 * since a load) are kept: the file's rows (version 0) replace only the last load's, so a saved
 * cost stays in force, also over a file entry of the same product, variation and day, and a line
 * the engine fixed keeps its cost. Returns rows per table.
 */
export async function loadStore(
	source: Db,
	client: ClickHouseClient,
	storeId: number,
	options: { batchRows?: number; shards?: ClickHouseClient[] } = {},
): Promise<Record<string, number>> {
	if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
		throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
	}
	const batchRows = options.batchRows ?? 50_000;
	const database = client.target.database;
	// A store file made before costs existed has no cost tables: they are copied empty.
	await ensureCostSchema(source);
	// Distributed tables take no DELETE: remove the store's earlier rows on each shard's tables
	// and wait for those (asynchronous) mutations, so the new rows are never mixed with old ones.
	// Each shard is asked once which tables hold such rows; their mutations are issued together
	// and waited for together (they run side by side), every shard at once.
	const tables = Object.keys(CLICKHOUSE_TABLES);
	const whereOf = (table: string): string =>
		KEEP_WRITTEN_ROWS.has(table) ? 'store_id = ? AND version = 0' : 'store_id = ?';
	await Promise.all(
		(options.shards ?? [client]).map(async (shard) => {
			const held =
				(await shard.one<Record<string, string>>(
					`SELECT ${tables
						.map(
							(table, i) =>
								`(SELECT count() FROM ${database}.${table} WHERE ${whereOf(table)}) AS t${i}`,
						)
						.join(', ')}`,
					tables.map(() => storeId),
				)) ?? {};
			const holding = tables.filter((_, i) => Number(held[`t${i}`]));
			for (const table of holding) {
				await shard.run(`ALTER TABLE ${database}.${table} DELETE WHERE ${whereOf(table)}`, [
					storeId,
				]);
			}
			await waitForMutations(shard, holding, `store ${storeId}'s old rows`);
		}),
	);
	const counts: Record<string, number> = {};
	for (const table of tables) {
		counts[table] = await insertStoreRows(source, client, storeId, table, '', batchRows);
	}
	// The daily roll-ups, computed on the cluster from the rows just loaded (`rollups.ts`).
	Object.assign(counts, await refreshRollups(client, storeId, { shards: options.shards }));
	return counts;
}

/** The reads of one store (tenant) on the cluster; see the file comment. */
export class ClickHouseStore implements SqlReader {
	readonly dialect: Dialect;

	/**
	 * `local`: read the shard tables themselves, not the Distributed ones: for a client of the
	 * shard that holds the store (`routing.ts`), so the whole statement runs where its rows are.
	 */
	constructor(
		private readonly client: ClickHouseClient,
		readonly storeId: number,
		private readonly options: { local?: boolean; rollups?: boolean } = {},
	) {
		if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
			throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
		}
		// `rollups: false`: a store loaded before the roll-ups existed is read from its orders.
		this.dialect = options.rollups === false ? CLICKHOUSE_COMPUTED : CLICKHOUSE;
	}

	/** The statement with each table replaced by this store's rows of its Distributed table. */
	scope(sql: string): string {
		const database = this.client.target.database;
		return sql.replace(
			/\b(FROM|JOIN)(\s+)([A-Za-z_][A-Za-z0-9_.]*)/gi,
			(_, keyword: string, space: string, name: string) => {
				if (
					!Object.hasOwn(CLICKHOUSE_TABLES, name) &&
					!Object.hasOwn(CLICKHOUSE_ROLLUPS, name)
				) {
					// A report (or filter) reading a table not on the cluster yet: a clear 501,
					// never an unscoped read.
					throw new RestError(
						'abacus_not_supported_on_engine',
						`The ClickHouse engine has no table ${name} for a store: this report or filter is not answered by it yet.`,
						501,
						{ table: name },
					);
				}
				// A roll-up: the rows of the store's current generation only (`rollups.ts`).
				if (Object.hasOwn(CLICKHOUSE_ROLLUPS, name)) {
					const rows = rollupRows(database, name, this.storeId, this.options.local);
					return `${keyword}${space}${rows}`;
				}
				const table = this.options.local ? name : `${name}_all`;
				return `${keyword}${space}(SELECT * FROM ${database}.${table} WHERE store_id = ${this.storeId})`;
			},
		);
	}

	async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
		return this.client.all<T>(this.scope(sql), params);
	}

	async one<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T | undefined> {
		return (await this.all<T>(sql, params))[0];
	}
}
