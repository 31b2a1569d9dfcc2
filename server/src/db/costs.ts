/**
 * Cost of goods: a cost history per product and variation, and the cost of each sold line fixed
 * at the time of sale.
 *
 * * `product_costs` — one row per (product, variation, date it applies from): the unit cost in force
 *   from that store-local day on, until the next entry. `variation_id` 0 is the product's own cost
 *   (simple products, and the fallback of variations without their own entries). `source` says
 *   where it came from: `abacus` (typed in Abacus), `woocommerce` (the store's "Cost of Goods
 *   Sold" field, synced), `demo`.
 * * `order_line_costs` — the unit cost fixed for a sold line (`order_item_id`), with `source`
 *   `order` (the line's own cost recorded by WooCommerce, item meta `_cogs_value`, a line total)
 *   or `history` (the cost history in force on the order's creation day).
 *
 * The cost of a line in a report is `unit_cost × quantity`; a refund line (negative quantity)
 * takes the unit cost of the refunded order's line of the same product and variation, so a refund
 * returns the cost its sale counted. A line is "fixed" the first time costs are written after it
 * arrived (`fixLineCosts` runs before every cost edit and after the demo store is generated);
 * until then reports compute the same figure from the history (`lineCostsSql`), which has not
 * changed since the line arrived — so a later cost edit never rewrites a sale that already had a
 * cost unless the user asks for it (`applyToPast`). A line sold while its product had no cost
 * stays without one (profit "not available") until a cost covering its day is entered: filling a
 * gap is not rewriting history.
 */
import type { Db } from '../core/db.js';

export type CostSource = 'abacus' | 'woocommerce' | 'demo';

export interface CostEntry {
	product_id: number;
	variation_id: number;
	/** Unit cost in the store's currency (non-negative, in the store's precision). */
	cost: number;
	/** Store-local day ('YYYY-MM-DD') the cost applies from. */
	date_from: string;
	source: CostSource;
}

const ready = new WeakMap<Db, Promise<void>>();

/** Creates the cost tables when missing (idempotent; once per database handle). */
export function ensureCostSchema(db: Db): Promise<void> {
	let done = ready.get(db);
	if (!done) {
		done = db.exec(`
			CREATE TABLE IF NOT EXISTS product_costs (
				product_id INTEGER NOT NULL, variation_id INTEGER NOT NULL DEFAULT 0, cost DOUBLE NOT NULL,
				date_from DATE NOT NULL, source VARCHAR NOT NULL DEFAULT 'abacus',
				recorded_at TIMESTAMP NOT NULL DEFAULT current_timestamp
			);
			CREATE TABLE IF NOT EXISTS order_line_costs (
				order_item_id BIGINT NOT NULL, order_id INTEGER NOT NULL, unit_cost DOUBLE NOT NULL,
				source VARCHAR NOT NULL
			);
		`);
		ready.set(db, done);
		done.catch(() => ready.delete(db));
	}
	return done;
}

/**
 * A condition on the `order_product_lookup` row `alias` (e.g. its day or product) limiting the
 * lines a query computes costs for.
 */
export type LineScope = (alias: string) => string;

/**
 * SELECT of `(order_item_id, order_id, unit_cost, cost_source)` for every line of
 * `order_product_lookup` whose cost is not fixed yet (NULL unit cost when it has none): the line's
 * own recorded cost, else the history in force on the order's creation day (variation entries
 * first, then the product's); refund lines take their sale's unit cost (fixed or computed). Lines
 * already fixed are read from `order_line_costs` by the caller, so only the few unfixed lines are
 * computed per request. With `scope`, only the unfixed lines it keeps (and the sale lines their
 * refunds need) are computed.
 */
export function lineCostsSql(scope?: LineScope, lines = 'order_product_lookup'): string {
	const columns = 'order_item_id, order_id, product_id, variation_id, product_qty';
	// With a scope: the lines it keeps, and (a refund line takes its sale's cost) every line of
	// the orders their refunds refund, which may lie outside it. Only these candidates are looked
	// up among the fixed lines, so the large tables are read by key, never anti-joined whole.
	const unfixed = scope
		? `candidates AS (
			SELECT ${columns} FROM ${lines} l WHERE ${scope('l')}
			UNION
			SELECT ${columns} FROM order_product_lookup p
			WHERE p.order_id IN (
				SELECT r.parent_id FROM orders r
				WHERE r.parent_id <> 0
					AND r.id IN (SELECT l2.order_id FROM ${lines} l2 WHERE ${scope('l2')}))
		),
		candidates_fixed AS (
			SELECT f.order_item_id FROM order_line_costs f
			WHERE f.order_item_id IN (SELECT order_item_id FROM candidates)
		),
		unfixed AS (
			SELECT c.* FROM candidates c
			WHERE c.order_item_id NOT IN (SELECT order_item_id FROM candidates_fixed)
		),`
		: `unfixed AS (
			SELECT l.order_item_id, l.order_id, l.product_id, l.variation_id, l.product_qty
			FROM order_product_lookup l
			WHERE NOT EXISTS (SELECT 1 FROM order_line_costs f WHERE f.order_item_id = l.order_item_id)
		),`;
	return `(
		WITH ${unfixed}
		-- The orders of those lines, picked by key before joining (a join would hash the whole
		-- orders table).
		unfixed_orders AS (
			SELECT id, parent_id, date_created FROM orders WHERE id IN (SELECT order_id FROM unfixed)
		),
		sale_lines AS (
			SELECT u.*, CAST(o.date_created AS DATE) AS sale_day
			FROM unfixed u JOIN unfixed_orders o ON o.id = u.order_id AND o.parent_id = 0
		),
		item_cogs AS (
			SELECT m.order_item_id, MAX(TRY_CAST(m.meta_value AS DOUBLE)) AS line_cost
			FROM order_item_meta m
			WHERE m.meta_key = '_cogs_value' AND m.order_item_id IN (SELECT order_item_id FROM sale_lines)
			GROUP BY m.order_item_id
		),
		by_variation AS (
			SELECT v.order_item_id, c.cost FROM (SELECT * FROM sale_lines WHERE variation_id <> 0) v
			ASOF JOIN product_costs c ON c.product_id = v.product_id AND c.variation_id = v.variation_id
				AND v.sale_day >= c.date_from
		),
		by_product AS (
			SELECT s.order_item_id, c.cost FROM sale_lines s
			ASOF JOIN product_costs c ON c.product_id = s.product_id AND c.variation_id = 0
				AND s.sale_day >= c.date_from
		),
		sale_costs AS (
			SELECT s.order_item_id, s.order_id,
				CASE
					WHEN ic.line_cost IS NOT NULL AND s.product_qty <> 0 THEN ic.line_cost / s.product_qty
					ELSE COALESCE(bv.cost, bp.cost)
				END AS unit_cost,
				CASE
					WHEN ic.line_cost IS NOT NULL AND s.product_qty <> 0 THEN 'order'
					WHEN COALESCE(bv.cost, bp.cost) IS NOT NULL THEN 'history'
				END AS cost_source
			FROM sale_lines s
			LEFT JOIN item_cogs ic ON ic.order_item_id = s.order_item_id
			LEFT JOIN by_variation bv ON bv.order_item_id = s.order_item_id
			LEFT JOIN by_product bp ON bp.order_item_id = s.order_item_id
		),
		refund_lines AS (
			SELECT u.*, r.parent_id FROM unfixed u JOIN unfixed_orders r ON r.id = u.order_id AND r.parent_id <> 0
		),
		parent_costs AS (
			SELECT p.order_id, p.product_id, p.variation_id,
				MAX(COALESCE(f.unit_cost, sc.unit_cost)) AS unit_cost
			FROM order_product_lookup p
			LEFT JOIN order_line_costs f ON f.order_item_id = p.order_item_id
			LEFT JOIN sale_costs sc ON sc.order_item_id = p.order_item_id
			WHERE p.order_id IN (SELECT parent_id FROM refund_lines)
			GROUP BY p.order_id, p.product_id, p.variation_id
		),
		refund_costs AS (
			SELECT rl.order_item_id, rl.order_id, pc.unit_cost,
				CASE WHEN pc.unit_cost IS NOT NULL THEN 'sale' END AS cost_source
			FROM refund_lines rl
			LEFT JOIN parent_costs pc ON pc.order_id = rl.parent_id AND pc.product_id = rl.product_id
				AND pc.variation_id = rl.variation_id
		)
		SELECT order_item_id, order_id, unit_cost, cost_source FROM sale_costs
		UNION ALL
		SELECT order_item_id, order_id, unit_cost, cost_source FROM refund_costs
	)`;
}

/**
 * The SELECT of the daily profit roll-up `order_profit_daily` (`db/rollups.ts` keeps it with the
 * other roll-ups): per day of the lookup's date (the store's date basis), order status, product
 * and variation, the sums the Profit report adds up — items sold, net sales, net sales of the lines
 * with a cost (`costed_revenue`), their cost and gross profit, the items sold without a cost net
 * of their returns as items sold is (a refund line has its sale's cost, or none), and how many
 * order lines (not refunds) have no cost (`uncosted_lines`). Every figure is a sum, so a
 * range of whole days adds up the same as its lines. `scope` limits it to some lines (some days
 * or a product); `lines` is a table holding at least the lookup rows `scope` keeps (every row of
 * `order_product_lookup` by default), which the roll-up and the scope's lines are read from.
 */
export function profitRollupSelect(scope?: LineScope, lines = 'order_product_lookup'): string {
	const unitCost = 'COALESCE(f.unit_cost, c.unit_cost)';
	return `
		SELECT CAST(l.date_created AS DATE) AS day, s.status, l.product_id, l.variation_id,
			CAST(SUM(l.product_qty) AS BIGINT) AS items_sold,
			SUM(l.product_net_revenue) AS net_revenue,
			SUM(l.product_net_revenue) FILTER (WHERE ${unitCost} IS NOT NULL) AS costed_revenue,
			SUM(${unitCost} * l.product_qty) AS cost,
			SUM(l.product_net_revenue - ${unitCost} * l.product_qty)
				FILTER (WHERE ${unitCost} IS NOT NULL) AS gross_profit,
			CAST(COALESCE(SUM(l.product_qty) FILTER (WHERE ${unitCost} IS NULL), 0)
				AS BIGINT) AS items_without_cost,
			COUNT(*) FILTER (WHERE ${unitCost} IS NULL AND s.parent_id = 0) AS uncosted_lines
		FROM ${lines} l
		JOIN order_stats s ON s.order_id = l.order_id
		LEFT JOIN order_line_costs f ON f.order_item_id = l.order_item_id
		LEFT JOIN ${lineCostsSql(scope, lines)} c ON c.order_item_id = l.order_item_id
		${scope ? `WHERE ${scope('l')}` : ''}
		GROUP BY 1, 2, 3, 4`;
}

/** Rebuilds the daily profit roll-up of every line (after costs are written in bulk). */
export async function refreshProfitRollup(db: Db): Promise<void> {
	await ensureCostSchema(db);
	await db.run(`CREATE OR REPLACE TABLE order_profit_daily AS ${profitRollupSelect()}`);
}

/**
 * Re-derives the profit roll-up rows of one product (its variations included) after its costs
 * changed. Does nothing on a database without roll-ups yet (they are built whole later).
 */
async function refreshProductProfit(db: Db, productId: number): Promise<void> {
	const table = await db.one<{ n: number | bigint }>(
		"SELECT COUNT(*) AS n FROM duckdb_tables() WHERE table_name = 'order_profit_daily'",
	);
	if (!Number(table?.n ?? 0)) return;
	const id = Math.trunc(productId);
	await db.run('DELETE FROM order_profit_daily WHERE product_id = ?', [id]);
	await db.run(
		`INSERT INTO order_profit_daily ${profitRollupSelect((alias) => `${alias}.product_id = ${id}`)}`,
	);
}

/**
 * Fixes the cost of every line that has one but is not fixed yet (see the file comment). Returns
 * the number of lines fixed. Call inside the transaction of a cost write.
 */
export async function fixLineCosts(db: Db): Promise<number> {
	await ensureCostSchema(db);
	const before = await db.one<{ n: bigint | number }>(
		'SELECT COUNT(*) AS n FROM order_line_costs',
	);
	await db.run(
		`INSERT INTO order_line_costs
		SELECT c.order_item_id, c.order_id, c.unit_cost, c.cost_source
		FROM ${lineCostsSql()} c
		WHERE c.unit_cost IS NOT NULL`,
	);
	const after = await db.one<{ n: bigint | number }>(
		'SELECT COUNT(*) AS n FROM order_line_costs',
	);
	return Number(after?.n ?? 0) - Number(before?.n ?? 0);
}

export interface SetCostResult {
	/** Lines of earlier sales whose cost was recomputed (`applyToPast` only). */
	rewritten: number;
}

/**
 * Records a unit cost of a product or variation from `date_from` on (an entry for the same
 * product, variation and day is replaced). Sales already fixed keep their cost unless
 * `applyToPast`: then the lines of this product/variation sold on or after `date_from` whose cost
 * came from the history are computed again (costs WooCommerce recorded on the order line are
 * never rewritten). Runs in one transaction.
 */
export async function setProductCost(
	db: Db,
	entry: CostEntry,
	applyToPast = false,
): Promise<SetCostResult> {
	await ensureCostSchema(db);
	return db.transaction(async () => {
		await fixLineCosts(db);
		await db.run(
			'DELETE FROM product_costs WHERE product_id = ? AND variation_id = ? AND date_from = CAST(? AS DATE)',
			[entry.product_id, entry.variation_id, entry.date_from],
		);
		await db.run(
			`INSERT INTO product_costs (product_id, variation_id, cost, date_from, source)
			VALUES (?, ?, ?, CAST(? AS DATE), ?)`,
			[entry.product_id, entry.variation_id, entry.cost, entry.date_from, entry.source],
		);
		let rewritten = 0;
		if (applyToPast) {
			// A product-level entry applies to the lines of variations without entries of their own.
			const variationCondition =
				entry.variation_id !== 0
					? 'l.variation_id = ?'
					: `(l.variation_id = 0 OR l.variation_id NOT IN (
						SELECT variation_id FROM product_costs WHERE product_id = ? AND variation_id <> 0))`;
			const target = `
				SELECT l.order_item_id FROM order_product_lookup l
				JOIN orders o ON o.id = l.order_id
				LEFT JOIN orders p ON p.id = o.parent_id
				WHERE l.product_id = ? AND ${variationCondition}
					AND CAST(COALESCE(p.date_created, o.date_created) AS DATE) >= CAST(? AS DATE)`;
			const params = [
				entry.product_id,
				entry.variation_id !== 0 ? entry.variation_id : entry.product_id,
				entry.date_from,
			];
			const count = await db.one<{ n: bigint | number }>(
				`SELECT COUNT(*) AS n FROM order_line_costs
				WHERE source IN ('history', 'sale') AND order_item_id IN (${target})`,
				params,
			);
			rewritten = Number(count?.n ?? 0);
			await db.run(
				`DELETE FROM order_line_costs
				WHERE source IN ('history', 'sale') AND order_item_id IN (${target})`,
				params,
			);
			await fixLineCosts(db);
		}
		await refreshProductProfit(db, entry.product_id);
		return { rewritten };
	});
}

/**
 * Records the store's own cost of a product or variation as WooCommerce reports it (the sync's
 * product `cost_of_goods_sold.total_value`): a new history entry from `day` on when it differs
 * from the cost in force that day; nothing when equal or when `cost` is null.
 */
export async function recordStoreCost(
	db: Db,
	productId: number,
	variationId: number,
	cost: number | null,
	day: string,
): Promise<boolean> {
	if (cost === null || !Number.isFinite(cost) || cost < 0) return false;
	await ensureCostSchema(db);
	const current = await db.one<{ cost: number }>(
		`SELECT cost FROM product_costs WHERE product_id = ? AND variation_id = ?
			AND date_from <= CAST(? AS DATE) ORDER BY date_from DESC, recorded_at DESC LIMIT 1`,
		[productId, variationId, day],
	);
	if (current && Math.abs(Number(current.cost) - cost) < 1e-9) return false;
	await setProductCost(db, {
		product_id: productId,
		variation_id: variationId,
		cost,
		date_from: day,
		source: 'woocommerce',
	});
	return true;
}

export interface CostHistoryRow {
	product_id: number;
	variation_id: number;
	cost: number;
	date_from: string;
	source: string;
}

/** The cost history of one product (its own entries and its variations'), newest first. */
export async function costHistory(db: Db, productId: number): Promise<CostHistoryRow[]> {
	await ensureCostSchema(db);
	const rows = await db.all<{
		product_id: number;
		variation_id: number;
		cost: number;
		date_from: string;
		source: string;
	}>(
		`SELECT product_id, variation_id, cost, strftime(date_from, '%Y-%m-%d') AS date_from, source
		FROM product_costs WHERE product_id = ? ORDER BY variation_id, date_from DESC`,
		[productId],
	);
	return rows.map((r) => ({
		product_id: Number(r.product_id),
		variation_id: Number(r.variation_id),
		cost: Number(r.cost),
		date_from: String(r.date_from),
		source: String(r.source),
	}));
}

/** A product of the cost editor: its price, and its variations (`costProducts`). */
export interface CostProduct {
	id: number;
	name: string;
	type: string;
	price: number | null;
}

/**
 * Where one store's costs are read and written: the embedded DuckDB (`duckdbCostBook`) or a
 * multi-store engine's store (`clickhouse/costs.ts`). Both keep the rules of this file: a save
 * first fixes the cost of every sold line not fixed yet, then records the entry (replacing one of
 * the same product, variation and day); `applyToPast` recomputes the history-costed lines sold on
 * or after its day.
 */
export interface CostBook {
	setProductCost(entry: CostEntry, applyToPast: boolean): Promise<SetCostResult>;
	costHistory(productId: number): Promise<CostHistoryRow[]>;
	/** The product (not a variation) with this id, or undefined. */
	product(productId: number): Promise<CostProduct | undefined>;
	/** The product's variations in the store's order. */
	variations(productId: number): Promise<CostProduct[]>;
	/** The store's price decimals when the book keeps them apart from the server's own options. */
	readonly priceDecimals?: number;
}

const costProduct = (row: { id: unknown; name: unknown; type?: unknown; price: unknown }) => ({
	id: Number(row.id),
	name: String(row.name),
	type: String(row.type ?? 'variation'),
	price: row.price === null || row.price === undefined ? null : Number(row.price),
});

/** The cost book of the embedded DuckDB store. */
export function duckdbCostBook(db: Db): CostBook {
	return {
		setProductCost: (entry, applyToPast) => setProductCost(db, entry, applyToPast),
		costHistory: (productId) => costHistory(db, productId),
		async product(productId) {
			const row = await db.one<{ id: number; name: string; type: string; price: number }>(
				`SELECT id, name, type, price FROM products WHERE id = ? AND type <> 'variation'`,
				[productId],
			);
			return row && costProduct(row);
		},
		async variations(productId) {
			const rows = await db.all<{ id: number; name: string; price: number }>(
				`SELECT id, name, price FROM products WHERE parent_id = ? AND type = 'variation' ORDER BY menu_order, id`,
				[productId],
			);
			return rows.map(costProduct);
		},
	};
}
