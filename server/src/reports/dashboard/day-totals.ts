/**
 * The daily roll-ups' sums of the performance indicators, kept in memory per database by day and
 * status (`shared/kept.ts`), so that the indicators of any range of whole days are read without a
 * statement on the request's path (four statements before, about 1 ms of DuckDB's time on the
 * 200,000-order store and as much again in its hand-offs). A range's sum adds its days' sums with
 * compensation (`Sum`): as close to the exact sum as the statements' own sums of the rows.
 *
 * They are read again after any write to the database, with one statement per roll-up table, when
 * an answer first asks for them, beside it: until then the answers come from the statements.
 */
import { Db } from '../../core/db.js';
import { keptValue, keptValueRead, Sum } from '../shared/kept.js';
import {
	COUPON_ROLLUP_SQL,
	ORDER_ROLLUP_SQL,
	PRODUCT_ROLLUP_SQL,
	TAX_ROLLUP_SQL,
	VARIATION_ROLLUP_SQL,
} from '../../metrics/index.js';

/** One summed column of a roll-up table, as the roll-up SQL defines the metric. */
interface Summed {
	/** The answer's key (`<report>__<metric>`, as the statements alias it). */
	key: string;
	column: string;
	negate: boolean;
}

/**
 * Reads `COALESCE(SUM(t.col), 0)` or `COALESCE(-SUM(t.col), 0)` (the roll-up metrics' SQL): the
 * kept totals sum exactly what the statements sum, or the module refuses to load.
 */
export function summedColumn(key: string, sql: string, table: string): Summed {
	const match = /^COALESCE\((-?)SUM\(([a-z])\.([a-z_]+)\), 0\)$/.exec(sql);
	if (!match || match[2] !== table)
		throw new Error(`The roll-up metric ${key} is not a plain sum over "${table}": ${sql}`);
	return { key, column: match[3], negate: match[1] === '-' };
}

/** A roll-up table and its summed columns (counts and amounts alike: sums of doubles). */
interface Table {
	name: string;
	columns: Summed[];
}

const ORDER_TABLE: Table = {
	name: 'order_stats_daily',
	columns: [
		summedColumn('order__orders_count', ORDER_ROLLUP_SQL.orders_count, 's'),
		summedColumn('coupons__orders_count', COUPON_ROLLUP_SQL.orders_count, 's'),
		...['total_sales', 'refunds', 'taxes', 'shipping', 'net_revenue'].map((k) =>
			summedColumn(`order__${k}`, ORDER_ROLLUP_SQL[k], 's'),
		),
	],
};

const COUPON_TABLE: Table = {
	name: 'order_coupon_daily',
	columns: [summedColumn('coupons__amount', COUPON_ROLLUP_SQL.amount, 'c')],
};

const PRODUCT_TABLE: Table = {
	name: 'order_product_daily',
	columns: [
		summedColumn('products__items_sold', PRODUCT_ROLLUP_SQL.items_sold, 'p'),
		summedColumn('variations__items_sold', VARIATION_ROLLUP_SQL.items_sold, 'p'),
	],
};

const TAX_TABLE: Table = {
	name: 'order_tax_daily',
	columns: Object.keys(TAX_ROLLUP_SQL).map((k) =>
		summedColumn(`taxes__${k}`, TAX_ROLLUP_SQL[k], 't'),
	),
};

/** The roll-up tables by the part of the indicators they answer. */
export const DAY_TOTAL_TABLES = {
	orders: [ORDER_TABLE, COUPON_TABLE],
	products: [PRODUCT_TABLE],
	taxes: [TAX_TABLE],
} as const;

const DAY_MS = 86_400_000;

/** A table's sums by day: per status, per column, the sum of each day from `first` to `last`. */
interface Days {
	first: number;
	last: number;
	byStatus: Map<string, Float64Array[]>;
}

async function readTable(db: Db, { name, columns }: Table): Promise<Days> {
	const rows = await db.all<Record<string, number | string | null>>(
		`SELECT datediff('day', DATE '1970-01-01', day) AS d, status, ${columns.map((c, i) => `SUM(${c.column}) AS v${i}`).join(', ')} FROM ${name} WHERE status IS NOT NULL GROUP BY day, status ORDER BY day`,
	);
	if (!rows.length) return { first: 0, last: -1, byStatus: new Map() };
	const first = Number(rows[0].d);
	const last = Number(rows[rows.length - 1].d);
	const byStatus = new Map<string, Float64Array[]>();
	for (const row of rows) {
		const status = String(row.status);
		let sums = byStatus.get(status);
		if (!sums) {
			sums = columns.map(() => new Float64Array(last - first + 1));
			byStatus.set(status, sums);
		}
		for (let c = 0; c < columns.length; c++) {
			const value = Number(row[`v${c}`] ?? 0);
			sums[c][Number(row.d) - first] = columns[c].negate ? -value : value;
		}
	}
	return { first, last, byStatus };
}

const TABLES = [ORDER_TABLE, COUPON_TABLE, PRODUCT_TABLE, TAX_TABLE];

async function readAll(db: Db): Promise<Map<string, Days>> {
	const read = await Promise.all(TABLES.map((t) => readTable(db, t)));
	return new Map(TABLES.map((t, i) => [t.name, read[i]]));
}

const NAME = 'indicator-days';

/** Resolves once the indicators' sums are kept at `db`'s current generation (tests, benches). */
export function dayTotalsRead(db: Db): Promise<void> {
	return keptValueRead(db, NAME, readAll);
}

/**
 * The sums of `tables`' columns over the whole days of [after, before] (naive local ms) for the
 * statuses `counted` accepts, keyed as the roll-up statements alias them; `null` when `db` is not
 * an embedded DuckDB store or its sums are not read at its generation yet (the caller runs the
 * statements).
 */
export function dayTotals(
	db: unknown,
	tables: readonly Table[],
	after: number,
	before: number,
	counted: (status: string | null) => boolean,
): Record<string, number> | null {
	if (!(db instanceof Db)) return null;
	const all = keptValue(db, NAME, readAll);
	if (!all) return null;
	const from = Math.floor(after / DAY_MS);
	const to = Math.floor(before / DAY_MS);
	const out: Record<string, number> = {};
	for (const table of tables) {
		const days = all.get(table.name);
		if (!days) return null;
		const columns = table.columns;
		const totals = columns.map(() => new Sum());
		const lo = Math.max(from, days.first) - days.first;
		const hi = Math.min(to, days.last) - days.first;
		for (const [status, sums] of days.byStatus) {
			if (!counted(status)) continue;
			for (let c = 0; c < columns.length; c++) {
				const column = sums[c];
				const total = totals[c];
				for (let i = lo; i <= hi; i++) if (column[i] !== 0) total.add(column[i]);
			}
		}
		columns.forEach((column, c) => {
			out[column.key] = totals[c].value;
		});
	}
	return out;
}
