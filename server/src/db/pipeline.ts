/**
 * The pipeline from order records to the analytics lookup tables: the raw order tables (`orders`,
 * `order_items`, `order_item_meta`, `order_tax_items`, `order_coupon_items`) are the source; the
 * lookups the reports read (`order_stats`, `order_product_lookup`, `order_tax_lookup`,
 * `order_coupon_lookup`), the catalogue totals and the daily roll-ups are derived from them here
 * and nowhere else. Three callers: the demo generator (everything at once, `deriveLookups`), the
 * historical import (`stageOrderStats` + `importStagedBatch` in batches) and a store sync (batches
 * of fetched orders: `writeOrders` / `deleteOrders` + `refreshOrderLookups`, or both in one
 * transaction with `applyOrderChanges`).
 *
 * Dates are store-local wall time (`date_created`, `date_paid`, `date_completed`) and UTC
 * (`date_created_gmt`), as 'YYYY-MM-DD HH:MM:SS'. Statuses are WooCommerce's without `wc-`.
 * Amounts are in the store currency's units (12.5, not cents); refunds carry negative amounts and
 * quantities, as WooCommerce stores them.
 */
import type { Db, SqlValue } from '../core/db.js';
import { getOption } from './options.js';
import { DIMENSION_TABLES, dimensionRows, type OrderDimensionFields } from './order-dimensions.js';
import { refreshRollupDays, refreshRollups, rollupDaysOf } from './rollups.js';
import { insertRows } from './sql.js';

/** One product line of an order or refund (`order_items`, its attributes in `order_item_meta`). */
export interface OrderLineRecord {
	order_item_id: number;
	/** The parent product (for a variation, the variable product). */
	product_id: number;
	/** The variation, 0 for a simple product. */
	variation_id: number;
	name: string;
	qty: number;
	/** Before discounts. */
	subtotal: number;
	/** After discounts, before tax. */
	total: number;
	tax: number;
	/** The line's share of the order's shipping and shipping tax. */
	shipping: number;
	shipping_tax: number;
	/** Variation attributes, e.g. `{ key: 'pa_color', value: 'red' }`. */
	meta: Array<{ key: string; value: string }>;
}

/** Tax of one rate on an order or refund (`order_tax_items`). */
export interface OrderTaxRecord {
	tax_rate_id: number;
	shipping_tax: number;
	order_tax: number;
}

/** A coupon used by an order (`order_coupon_items`). */
export interface OrderCouponRecord {
	coupon_id: number;
	discount_amount: number;
}

/**
 * An order or a refund with its lines, taxes and coupons: one row of `orders` and its children.
 * A refund has `type: 'shop_order_refund'`, its order's id as `parent_id` and negative amounts.
 * The optional dimension fields (payment method title, shipping address, shipping lines,
 * attribution meta: `order-dimensions.ts`) are read for orders only.
 */
export interface OrderRecord extends OrderDimensionFields {
	id: number;
	/** 0 for an order; the refunded order's id for a refund. */
	parent_id: number;
	type: 'shop_order' | 'shop_order_refund';
	number: string;
	/** WooCommerce status without `wc-` ('completed', 'processing', …). */
	status: string;
	currency: string;
	/** `customer_lookup.customer_id`; null when unknown. */
	customer_id: number | null;
	/** The WordPress user, null for a guest. */
	user_id: number | null;
	billing_first_name: string;
	billing_last_name: string;
	billing_email: string;
	billing_country: string;
	billing_state: string;
	billing_city: string;
	billing_postcode: string;
	discount_total: number;
	shipping_total: number;
	shipping_tax: number;
	cart_tax: number;
	total: number;
	payment_method: string;
	/** Store-local 'YYYY-MM-DD HH:MM:SS'. */
	date_created: string;
	/** UTC 'YYYY-MM-DD HH:MM:SS'. */
	date_created_gmt: string;
	/** Store-local, null when unpaid. */
	date_paid: string | null;
	/** Store-local, null when not completed. */
	date_completed: string | null;
	lines: OrderLineRecord[];
	taxes: OrderTaxRecord[];
	coupons: OrderCouponRecord[];
}

/** The raw tables an order's rows live in, children first (deleted in this order). */
const RAW_CHILD_TABLES = ['order_tax_items', 'order_coupon_items', ...DIMENSION_TABLES] as const;
/** The lookup tables derived per order. */
const LOOKUP_TABLES = [
	'order_stats',
	'order_product_lookup',
	'order_tax_lookup',
	'order_coupon_lookup',
] as const;

/** A bound parameter holding a list of ids, read in SQL as `unnest(CAST(? AS INTEGER[]))`. */
const idList = (ids: readonly number[]): string => JSON.stringify(ids.map((id) => Math.trunc(id)));
const IDS = 'SELECT unnest(CAST(? AS INTEGER[]))';

/** SQL list of the excluded statuses (`'wc-pending', …`) from the store option. */
export async function excludedStatusesSql(db: Db): Promise<string> {
	const excluded = await getOption<string[]>(
		db,
		'woocommerce_excluded_report_order_statuses',
		[],
	);
	const list = excluded.map((s) => `'wc-${s.replace(/'/g, "''")}'`);
	return list.length ? list.join(', ') : "''";
}

/**
 * SELECT of the order-stats rows of every raw order, in `order_stats` column order (the
 * returning-customer flag looks at all earlier orders of the customer). With `scope`, the name of
 * a table of order ids (`id`), only those orders: it must hold every order of each customer whose
 * flags are wanted (see `refreshOrderLookups`).
 */
export async function orderStatsSelect(db: Db, scope?: string): Promise<string> {
	const excludedSql = await excludedStatusesSql(db);
	const inScope = (column: string) => (scope ? `${column} IN (SELECT id FROM ${scope})` : 'true');
	return `
		WITH base AS (
			SELECT o.id, o.parent_id, o.date_created, o.date_created_gmt,
				CASE WHEN o.parent_id <> 0 THEN o.date_created ELSE o.date_paid END AS date_paid,
				CASE WHEN o.parent_id <> 0 THEN o.date_created ELSE o.date_completed END AS date_completed,
				COALESCE(i.qty, 0) AS qty, o.total, o.cart_tax + o.shipping_tax AS tax, o.shipping_total,
				'wc-' || COALESCE(p.status, o.status) AS status, o.customer_id
			FROM orders o
			LEFT JOIN (SELECT id, status FROM orders WHERE parent_id = 0) p ON p.id = o.parent_id
			LEFT JOIN (SELECT order_id, SUM(qty) AS qty FROM order_items WHERE ${inScope('order_id')} GROUP BY order_id) i ON i.order_id = o.id
			WHERE ${inScope('o.id')}
		)
		SELECT id AS order_id, parent_id, date_created, date_created_gmt, date_paid, date_completed,
			qty AS num_items_sold, total AS total_sales, tax AS tax_total, shipping_total,
			total - tax - shipping_total AS net_total,
			CASE WHEN parent_id = 0 THEN COALESCE(SUM(CASE WHEN parent_id = 0 AND status NOT IN (${excludedSql}) THEN 1 ELSE 0 END) OVER (
				PARTITION BY customer_id ORDER BY date_created, parent_id, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
			), 0) > 0 END AS returning_customer,
			status, customer_id
		FROM base`;
}

/**
 * Writes the product, tax and coupon lookup rows of the orders whose id satisfies `condition`
 * (SQL over the given order-id column, with `params`).
 */
export async function insertLineLookups(
	db: Db,
	condition: (column: string) => string,
	params: SqlValue[] = [],
): Promise<void> {
	const date = 'o.date_created';
	const cond = (alias: string): string => condition(`${alias}.order_id`);
	await db.run(
		`INSERT INTO order_product_lookup
		SELECT i.order_item_id, i.order_id, i.product_id, i.variation_id, o.customer_id, ${date}, i.qty,
			i.total, i.total + i.tax + i.shipping + i.shipping_tax, i.subtotal - i.total, i.tax, i.shipping, i.shipping_tax
		FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.qty <> 0 AND ${cond('i')}
		ORDER BY ${date}, i.order_id`,
		params,
	);
	await db.run(
		`INSERT INTO order_tax_lookup
		SELECT t.order_id, t.tax_rate_id, ${date}, t.shipping_tax, t.order_tax, t.shipping_tax + t.order_tax
		FROM order_tax_items t JOIN orders o ON o.id = t.order_id WHERE ${cond('t')}
		ORDER BY ${date}, t.order_id`,
		params,
	);
	await db.run(
		`INSERT INTO order_coupon_lookup
		SELECT c.order_id, c.coupon_id, ${date}, c.discount_amount
		FROM order_coupon_items c JOIN orders o ON o.id = c.order_id WHERE ${cond('c')}
		ORDER BY ${date}, c.order_id`,
		params,
	);
}

/** The lookup tables a report reads by date range (each has `date_created` and `order_id`). */
export const DATED_LOOKUPS = [
	'order_stats',
	'order_product_lookup',
	'order_tax_lookup',
	'order_coupon_lookup',
] as const;

/**
 * Rewrites the lookup tables in creation-date order, in one transaction (the same rows; a reader
 * sees the old or the new table, never half). DuckDB skips the blocks of a scan whose dates are
 * outside its range, which only pays when a range's rows sit together: a month of a 200,000-order
 * store whose rows were in the order the pipeline's joins gave them was read whole. A full
 * derivation writes them in that order; this is for a database written before it did.
 */
export async function clusterLookups(db: Db): Promise<void> {
	await db.transaction(async () => {
		for (const table of DATED_LOOKUPS) {
			await db.run(
				`CREATE OR REPLACE TEMP TABLE cluster_stage AS SELECT * FROM ${table} ORDER BY date_created, order_id`,
			);
			await db.run(`DELETE FROM ${table}`);
			await db.run(`INSERT INTO ${table} SELECT * FROM cluster_stage`);
		}
		await db.run('DROP TABLE IF EXISTS cluster_stage');
	});
}

/** Category counts and product sales totals, from the lookup tables. */
export async function updateCatalogueTotals(db: Db): Promise<void> {
	await db.exec(`
		UPDATE categories SET count = c.n FROM (
			SELECT category_id, COUNT(*) AS n FROM product_categories GROUP BY category_id
		) c WHERE c.category_id = categories.id;
		UPDATE products SET total_sales = s.n FROM (
			SELECT CASE WHEN variation_id <> 0 THEN variation_id ELSE product_id END AS id, SUM(product_qty) AS n
			FROM order_product_lookup GROUP BY 1
		) s WHERE s.id = products.id;
	`);
}

/**
 * Stages the order-stats rows of the orders created since `since` (local 'YYYY-MM-DD HH:MM:SS',
 * all when null), optionally leaving out orders already in `order_stats`, in the temporary table
 * `import_stage` numbered by `rn` (1…n, by order id). Returns n.
 */
export async function stageOrderStats(
	db: Db,
	since: string | null,
	skipExisting: boolean,
): Promise<number> {
	const conditions = [
		since === null ? '' : 'date_created >= CAST(? AS TIMESTAMP)',
		skipExisting ? 'order_id NOT IN (SELECT order_id FROM order_stats)' : '',
	].filter(Boolean);
	await db.run(
		`CREATE OR REPLACE TEMP TABLE import_stage AS
		SELECT row_number() OVER (ORDER BY order_id) AS rn, * FROM (${await orderStatsSelect(db)}) x
		${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`,
		since === null ? [] : [since],
	);
	const row = await db.one<{ n: number }>('SELECT COUNT(*) AS n FROM import_stage');
	return Number(row?.n ?? 0);
}

/**
 * Moves staged rows `from`…`to` (by `rn`) into the lookup tables, replacing earlier rows of the
 * same orders. Call inside a transaction.
 */
export async function importStagedBatch(db: Db, from: number, to: number): Promise<void> {
	const ids = (column: string): string =>
		`${column} IN (SELECT order_id FROM import_stage WHERE rn BETWEEN ? AND ?)`;
	for (const table of [
		'order_stats',
		'order_product_lookup',
		'order_tax_lookup',
		'order_coupon_lookup',
	])
		await db.run(`DELETE FROM ${table} WHERE ${ids(`${table}.order_id`)}`, [from, to]);
	await db.run(
		`INSERT INTO order_stats SELECT * EXCLUDE (rn) FROM import_stage WHERE rn BETWEEN ? AND ?`,
		[from, to],
	);
	await insertLineLookups(db, ids, [from, to]);
}

/**
 * Rebuilds the analytics lookup tables from the raw orders at once: order stats with the
 * returning-customer flag, product lines, taxes and coupons (from the raw tax and coupon lines),
 * category counts, product sales totals and the daily roll-ups.
 */
export async function deriveLookups(db: Db): Promise<void> {
	await db.exec(`
		DELETE FROM order_stats;
		DELETE FROM order_product_lookup;
		DELETE FROM order_tax_lookup;
		DELETE FROM order_coupon_lookup;
	`);
	// In date order, as clusterLookups leaves them: a range's rows sit together.
	await db.run(
		`INSERT INTO order_stats SELECT * FROM (${await orderStatsSelect(db)}) x ORDER BY date_created, order_id`,
	);
	await insertLineLookups(db, () => 'true');
	await updateCatalogueTotals(db);
	await refreshRollups(db);
}

/**
 * Writes a batch of fetched orders and refunds into the raw order tables, replacing every earlier
 * row of the same ids (lines, their meta, taxes, coupons). Derives nothing: follow it with
 * `refreshOrderLookups` (or use `applyOrderChanges`). Runs in one transaction (joins the caller's).
 */
export async function writeOrders(db: Db, orders: readonly OrderRecord[]): Promise<void> {
	if (orders.length === 0) return;
	await db.transaction(async () => {
		await deleteRawRows(
			db,
			orders.map((o) => o.id),
		);
		await insertRows(
			db,
			'orders',
			ORDER_COLUMNS,
			orders.map((o) => ORDER_COLUMNS.map((column) => o[column])),
		);
		const lines = orders.flatMap((o) => o.lines.map((l) => ({ ...l, order_id: o.id })));
		await insertRows(
			db,
			'order_items',
			LINE_COLUMNS,
			lines.map((l) => LINE_COLUMNS.map((column) => l[column])),
		);
		await insertRows(
			db,
			'order_item_meta',
			['order_item_id', 'meta_key', 'meta_value'],
			lines.flatMap((l) => l.meta.map((m) => [l.order_item_id, m.key, m.value])),
		);
		await insertRows(
			db,
			'order_tax_items',
			['order_id', 'tax_rate_id', 'shipping_tax', 'order_tax'],
			orders.flatMap((o) =>
				o.taxes.map((t) => [o.id, t.tax_rate_id, t.shipping_tax, t.order_tax]),
			),
		);
		await insertRows(
			db,
			'order_coupon_items',
			['order_id', 'coupon_id', 'discount_amount'],
			orders.flatMap((o) => o.coupons.map((c) => [o.id, c.coupon_id, c.discount_amount])),
		);
		const dimensions = dimensionRows(orders);
		await insertRows(
			db,
			'order_details',
			['order_id', 'payment_method_title', 'shipping_country', 'shipping_state'],
			dimensions.details,
		);
		await insertRows(
			db,
			'order_shipping_lines',
			['order_item_id', 'order_id', 'method_id', 'method_title', 'total', 'total_tax'],
			dimensions.shippingLines,
		);
		await insertRows(db, 'order_meta', ['order_id', 'meta_key', 'meta_value'], dimensions.meta);
	});
}

/**
 * Columns of `orders`, in the order an OrderRecord names them: what the pipeline writes and the
 * orders lookup reads back (`admin/routes/customers-orders.ts`).
 */
export const ORDER_COLUMNS = [
	'id',
	'parent_id',
	'type',
	'number',
	'status',
	'currency',
	'customer_id',
	'user_id',
	'billing_first_name',
	'billing_last_name',
	'billing_email',
	'billing_country',
	'billing_state',
	'billing_city',
	'billing_postcode',
	'discount_total',
	'shipping_total',
	'shipping_tax',
	'cart_tax',
	'total',
	'payment_method',
	'date_created',
	'date_created_gmt',
	'date_paid',
	'date_completed',
] as const satisfies ReadonlyArray<keyof OrderRecord>;

/** Columns of `order_items`. */
const LINE_COLUMNS = [
	'order_item_id',
	'order_id',
	'product_id',
	'variation_id',
	'name',
	'qty',
	'subtotal',
	'total',
	'tax',
	'shipping',
	'shipping_tax',
] as const;

/** Deletes the raw rows (order, lines and their meta, taxes, coupons) of the given order ids. */
async function deleteRawRows(db: Db, ids: readonly number[]): Promise<void> {
	const list = idList(ids);
	await db.run(
		`DELETE FROM order_item_meta WHERE order_item_id IN (
			SELECT order_item_id FROM order_items WHERE order_id IN (${IDS}))`,
		[list],
	);
	await db.run(`DELETE FROM order_items WHERE order_id IN (${IDS})`, [list]);
	for (const table of RAW_CHILD_TABLES)
		await db.run(`DELETE FROM ${table} WHERE order_id IN (${IDS})`, [list]);
	await db.run(`DELETE FROM orders WHERE id IN (${IDS})`, [list]);
}

/**
 * Deletes orders (and their refunds, as WooCommerce does) from the raw and the lookup tables.
 * Returns the customers whose other orders need `refreshOrderLookups` (their returning-customer
 * flags may change); `applyOrderChanges` does that for you.
 */
export async function deleteOrders(db: Db, ids: readonly number[]): Promise<number[]> {
	if (ids.length === 0) return [];
	return db.transaction(async () => {
		const rows = await db.all<{ id: number; customer_id: number | null }>(
			`SELECT id, customer_id FROM orders WHERE id IN (${IDS}) OR parent_id IN (${IDS})`,
			[idList(ids), idList(ids)],
		);
		const all = [...new Set([...ids, ...rows.map((r) => Number(r.id))])];
		await deleteRawRows(db, all);
		const days = await rollupDaysOf(db, IDS, [idList(all)]);
		for (const table of LOOKUP_TABLES)
			await db.run(`DELETE FROM ${table} WHERE order_id IN (${IDS})`, [idList(all)]);
		await refreshRollupDays(db, days);
		return customersOf(rows);
	});
}

function customersOf(rows: ReadonlyArray<{ customer_id: number | null }>): number[] {
	return [
		...new Set(rows.filter((r) => r.customer_id !== null).map((r) => Number(r.customer_id))),
	];
}

/**
 * Re-derives the lookup rows of the given orders from the raw tables: their order stats, those of
 * their refunds (a refund takes its order's status) and of every order of `customerIds` and of
 * their own customers (the returning-customer flag depends on a customer's earlier orders), their
 * product, tax and coupon lookups, then category counts, product sales totals and the daily
 * roll-ups of the days those rows left or came to (`refreshRollupDays`; other days keep theirs). Runs in one transaction (joins the caller's). Orders no longer in the
 * raw tables lose their lookup rows.
 */
export async function refreshOrderLookups(
	db: Db,
	orderIds: readonly number[],
	customerIds: readonly number[] = [],
): Promise<void> {
	if (orderIds.length === 0 && customerIds.length === 0) return;
	await db.transaction(async () => {
		const ids = idList(orderIds);
		// The orders to re-derive: the given ones, their refunds and every order of their
		// customers and of `customerIds` (all of a customer's orders, for the returning flags;
		// orders without a customer form one group too).
		const wanted = `o.id IN (${IDS}) OR o.parent_id IN (${IDS})
			OR o.customer_id IN (${IDS})
			OR o.customer_id IN (SELECT customer_id FROM orders WHERE id IN (${IDS}))`;
		await db.run(
			`CREATE OR REPLACE TEMP TABLE sync_scope AS SELECT o.id FROM orders o WHERE ${wanted}
				OR (o.customer_id IS NULL AND EXISTS (
					SELECT 1 FROM orders o WHERE (${wanted}) AND o.customer_id IS NULL))`,
			[ids, ids, idList(customerIds), ids, ids, ids, idList(customerIds), ids],
		);
		await db.run(
			`CREATE OR REPLACE TEMP TABLE sync_stage AS
			SELECT * FROM (${await orderStatsSelect(db, 'sync_scope')}) x
			WHERE order_id IN (${IDS}) OR parent_id IN (${IDS})
				OR customer_id IN (${IDS})
				OR customer_id IN (SELECT customer_id FROM orders WHERE id IN (${IDS}))`,
			[ids, ids, idList(customerIds), ids],
		);
		await db.run('DROP TABLE IF EXISTS sync_scope');
		const staged = `SELECT order_id FROM sync_stage UNION ALL ${IDS}`;
		// The orders whose roll-up rows can change: the given ones and their refunds (their
		// lines were written again), those leaving the lookups and those whose order-stats row
		// changes. The other orders of their customers are staged for their returning-customer
		// flag: where nothing else changes, their days stay as they are.
		await db.run(
			`CREATE OR REPLACE TEMP TABLE sync_rollup_orders AS
			SELECT id AS order_id FROM orders WHERE id IN (${IDS}) OR parent_id IN (${IDS})
			UNION ${IDS}
			UNION SELECT order_id FROM (
				SELECT * FROM order_stats WHERE order_id IN (SELECT order_id FROM sync_stage)
				EXCEPT SELECT * FROM sync_stage)
			UNION SELECT order_id FROM (
				SELECT * FROM sync_stage
				EXCEPT SELECT * FROM order_stats WHERE order_id IN (SELECT order_id FROM sync_stage))`,
			[ids, ids, ids],
		);
		const touched = 'SELECT order_id FROM sync_rollup_orders';
		// The roll-ups of the days (by each date basis) the rows leave and of those they come to.
		const days = await rollupDaysOf(db, touched, []);
		for (const table of LOOKUP_TABLES)
			await db.run(`DELETE FROM ${table} WHERE order_id IN (${staged})`, [ids]);
		await db.run('INSERT INTO order_stats SELECT * FROM sync_stage');
		await insertLineLookups(db, (column) => `${column} IN (SELECT order_id FROM sync_stage)`);
		await rollupDaysOf(db, touched, [], days);
		await db.run('DROP TABLE IF EXISTS sync_stage');
		await db.run('DROP TABLE IF EXISTS sync_rollup_orders');
		await updateCatalogueTotals(db);
		await refreshRollupDays(db, days);
	});
}

/**
 * One round of a store sync in one transaction: writes `upsert` (orders and refunds, replacing
 * earlier rows of the same ids), deletes `remove` (with their refunds) and re-derives the lookups
 * and roll-ups of everything touched. Afterwards call `ctx.notifyWrite()` so report caches drop.
 * `await applyOrderChanges(db, { upsert: fetchedOrders, remove: [1204] });`
 */
export async function applyOrderChanges(
	db: Db,
	changes: { upsert?: readonly OrderRecord[]; remove?: readonly number[] },
): Promise<void> {
	const upsert = changes.upsert ?? [];
	const remove = changes.remove ?? [];
	await db.transaction(async () => {
		// Customers of the rows as they were: an order moving to another customer changes both.
		const before = await db.all<{ customer_id: number | null }>(
			`SELECT customer_id FROM orders WHERE id IN (${IDS})`,
			[idList(upsert.map((o) => o.id))],
		);
		const removedCustomers = await deleteOrders(db, remove);
		await writeOrders(db, upsert);
		await refreshOrderLookups(
			db,
			upsert.map((o) => o.id),
			[...customersOf(before), ...removedCustomers],
		);
	});
}
