/**
 * The costs of one store on the cluster (`db/costs.ts` tells the rules: a line's cost is fixed at
 * its sale, the history has days it applies from, a refund returns its sale's cost). The tables
 * (`product_costs`, `order_line_costs`, `tables.ts`) are append-only: every row carries a
 * `version` (microseconds of the save, 0 for rows copied from a DuckDB file) and the highest
 * version wins:
 *
 * * a history entry is (product, variation, day); saving the same day again adds a row;
 * * a line's cost row says `fixed = 1` with its unit cost, or `fixed = 0` ("computed from the
 *   history again"), which an `apply_to_past` save writes before fixing those lines anew.
 *
 * The SQL runs on ClickHouse 18.16: no ASOF JOIN, CTE or correlated subquery, one JOIN per SELECT,
 * so the history lookup is a JOIN on the product keeping, per line, the entry of the variation
 * before the product's and the latest day ≤ the sale day (`argMax`). Every table name is scoped to
 * the store by the reader (`ClickHouseStore`); rows are written through the Distributed tables
 * with the store's id, waiting for the owning shard. A save recomputes the product's rows of the
 * daily profit roll-up (`rollups.ts`).
 */
import type { Row } from '../core/db.js';
import type {
	CostBook,
	CostEntry,
	CostHistoryRow,
	CostProduct,
	SetCostResult,
} from '../db/costs.js';
import type { SqlReader } from '../metrics/dialect.js';
import type { ClickHouseClient } from './client.js';
import { CLICKHOUSE_UNFIXED_COSTS, LATEST } from './cost-sql.js';
import { refreshRollups } from './rollups.js';

let lastVersion = 0;

/** Increasing row versions (microseconds since 1970, at least one more than the last). */
function nextVersion(): number {
	lastVersion = Math.max(Date.now() * 1000, lastVersion + 1);
	return lastVersion;
}

/**
 * One store's cost book on the cluster: reads through its scoped `reader`, writes through
 * `writer` (a client whose inserts wait for the owning shard) into the Distributed tables.
 */
export class ClickHouseCostBook implements CostBook {
	/**
	 * `priceDecimals`: the store's price precision from its registration (`storeByUrl`), which
	 * the cost route checks and rounds a saved cost to as on DuckDB; undefined: not registered.
	 */
	constructor(
		private readonly reader: SqlReader,
		private readonly writer: ClickHouseClient,
		readonly storeId: number,
		readonly priceDecimals?: number,
	) {}

	private insert(table: string, rows: Row[]): Promise<void> {
		if (!rows.length) return Promise.resolve();
		return this.writer.insert(
			`${this.writer.target.database}.${table}_all`,
			rows.map((row) => ({ store_id: this.storeId, ...row })),
		);
	}

	/** Fixes the cost of every line that has one but is not fixed; returns how many. */
	async fixLineCosts(): Promise<number> {
		const rows = await this.reader.all<{
			line_item: string;
			line_order: string;
			unit_cost: number;
			cost_source: string;
		}>(
			`SELECT line_item, line_order, unit_cost, cost_source FROM ${CLICKHOUSE_UNFIXED_COSTS} c
			WHERE c.unit_cost IS NOT NULL`,
		);
		const version = nextVersion();
		await this.insert(
			'order_line_costs',
			rows.map((r) => ({
				order_item_id: Number(r.line_item),
				order_id: Number(r.line_order),
				unit_cost: Number(r.unit_cost),
				source: String(r.cost_source),
				fixed: 1,
				version,
			})),
		);
		return rows.length;
	}

	async setProductCost(entry: CostEntry, applyToPast = false): Promise<SetCostResult> {
		await this.fixLineCosts();
		await this.insert('product_costs', [
			{
				product_id: entry.product_id,
				variation_id: entry.variation_id,
				cost: entry.cost,
				date_from: entry.date_from,
				source: entry.source,
				version: nextVersion(),
			},
		]);
		if (!applyToPast) {
			await this.refreshProfit(entry.product_id);
			return { rewritten: 0 };
		}
		// The lines of this product/variation sold on or after the day (a refund by its sale's
		// day) whose fixed cost came from the history; a product-level entry applies to the
		// variations without entries of their own.
		const variationCondition =
			entry.variation_id !== 0
				? 'l.variation_id = ?'
				: `(l.variation_id = 0 OR l.variation_id NOT IN (
					SELECT variation_id FROM product_costs WHERE product_id = ? AND variation_id <> 0))`;
		const rows = await this.reader.all<{ fixed_item: string; fixed_order: string }>(
			`SELECT fixed_item, fixed_order FROM ${LATEST} f
			WHERE f.is_fixed = 1 AND f.fixed_source IN ('history', 'sale') AND f.fixed_item IN (
				SELECT a.order_item_id FROM (
					SELECT l.order_item_id, o.parent_id AS own_parent, o.date_created AS own_time
					FROM order_product_lookup l JOIN orders o ON o.id = l.order_id
					WHERE l.product_id = ? AND ${variationCondition}) a
				LEFT JOIN (SELECT id AS sale_order, date_created AS sale_time FROM orders) p
					ON p.sale_order = a.own_parent
				WHERE toDate(COALESCE(p.sale_time, a.own_time)) >= toDate(?))`,
			[
				entry.product_id,
				entry.variation_id !== 0 ? entry.variation_id : entry.product_id,
				entry.date_from,
			],
		);
		const version = nextVersion();
		await this.insert(
			'order_line_costs',
			rows.map((r) => ({
				order_item_id: Number(r.fixed_item),
				order_id: Number(r.fixed_order),
				unit_cost: 0,
				source: '',
				fixed: 0,
				version,
			})),
		);
		await this.fixLineCosts();
		await this.refreshProfit(entry.product_id);
		return { rewritten: rows.length };
	}

	/**
	 * The product's rows of the daily profit roll-up computed again (a new generation of the
	 * store's roll-ups, `rollups.ts`), so whole-day profit answers show the saved cost at once. A
	 * cluster made before the profit roll-up or the generations has none to refresh (its stores'
	 * profit is read from the lines, `storeHasRollups`).
	 */
	private async refreshProfit(productId: number): Promise<void> {
		try {
			await refreshRollups(this.writer, this.storeId, { products: [productId] });
		} catch (error) {
			const missing = /UNKNOWN_TABLE|doesn't exist|Missing columns|UNKNOWN_IDENTIFIER/i;
			if (!(error instanceof Error && missing.test(error.message))) throw error;
		}
	}

	async costHistory(productId: number): Promise<CostHistoryRow[]> {
		const rows = await this.reader.all<{
			product_id: string;
			variation_id: string;
			cost: number;
			day: string;
			source: string;
		}>(
			`SELECT product_id, variation_id, argMax(cost, version) AS cost,
				toString(date_from) AS day, argMax(source, version) AS source
			FROM product_costs WHERE product_id = ?
			GROUP BY product_id, variation_id, date_from
			ORDER BY variation_id, date_from DESC`,
			[productId],
		);
		return rows.map((r) => ({
			product_id: Number(r.product_id),
			variation_id: Number(r.variation_id),
			// ClickHouse 18.16 reads some decimal texts a unit in the last place off (2.345 as
			// 2.3449999999999998): a cost has at most 15 significant digits, as typed.
			cost: Number(Number(r.cost).toPrecision(15)),
			date_from: String(r.day),
			source: String(r.source),
		}));
	}

	async product(productId: number): Promise<CostProduct | undefined> {
		const row = await this.reader.one<{
			id: string;
			name: string;
			type: string;
			price: number | null;
		}>(`SELECT id, name, type, price FROM products WHERE id = ? AND type <> 'variation'`, [
			productId,
		]);
		if (!row) return undefined;
		return {
			id: Number(row.id),
			name: String(row.name),
			type: String(row.type),
			price: row.price === null ? null : Number(row.price),
		};
	}

	/**
	 * The product's variations in menu order, then by id, as on DuckDB (a store loaded before the
	 * cluster held menu order reads 0 for every variation until it is loaded or pushed again).
	 */
	async variations(productId: number): Promise<CostProduct[]> {
		const rows = await this.reader.all<{ id: string; name: string; price: number | null }>(
			`SELECT id, name, price FROM products WHERE parent_id = ? AND type = 'variation' ORDER BY menu_order, id`,
			[productId],
		);
		return rows.map((r) => ({
			id: Number(r.id),
			name: String(r.name),
			type: 'variation',
			price: r.price === null ? null : Number(r.price),
		}));
	}
}
