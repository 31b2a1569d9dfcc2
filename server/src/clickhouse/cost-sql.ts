/**
 * The cost SQL of one store on the cluster, read by the cost book (`costs.ts`), the profit roll-up
 * (`rollups.ts`) and the dialect (`dialect.ts`): each line's latest cost row, the lines whose cost
 * is not fixed with the history's cost, and every line's unit cost. ClickHouse 18.16 SQL (no ASOF
 * JOIN, CTE or correlated subquery, one JOIN per SELECT); every table name is scoped to the store
 * by the reader (`ClickHouseStore`). The rules are `db/costs.ts`'.
 */

/** Each line's latest cost row. */
export const LATEST = `(SELECT order_item_id AS fixed_item, argMax(order_id, version) AS fixed_order,
	argMax(unit_cost, version) AS fixed_cost, argMax(source, version) AS fixed_source,
	argMax(fixed, version) AS is_fixed
	FROM order_line_costs GROUP BY order_item_id)`;

/** The lines whose cost is not fixed (yet, or again after an `apply_to_past` save). */
const UNFIXED = `(SELECT order_item_id, order_id, product_id, variation_id, product_qty
	FROM order_product_lookup
	WHERE order_item_id NOT IN (SELECT fixed_item FROM ${LATEST} WHERE is_fixed = 1))`;

/** Unfixed lines of orders (not refunds) with the order's creation day. */
const SALE_LINES = `(SELECT u.*, toDate(o.sale_time) AS sale_day
	FROM ${UNFIXED} u
	JOIN (SELECT id AS sale_order, date_created AS sale_time FROM orders WHERE parent_id = 0) o
		ON o.sale_order = u.order_id)`;

/** The cost history, one entry per (product, variation, day): its latest save. */
const HISTORY = `(SELECT product_id AS h_product, variation_id AS h_variation, date_from AS h_from,
	argMax(cost, version) AS h_cost
	FROM product_costs GROUP BY product_id, variation_id, date_from)`;

/** The history's cost of each unfixed sale line: the variation's entries first, then the product's. */
const HISTORY_COSTS = `(SELECT s.order_item_id AS hc_item,
	argMax(h.h_cost, (h.h_variation <> 0) * 100000 + toUInt32(h.h_from)) AS history_cost
	FROM ${SALE_LINES} s JOIN ${HISTORY} h ON h.h_product = s.product_id
	WHERE h.h_from <= s.sale_day AND (h.h_variation = 0 OR h.h_variation = s.variation_id)
	GROUP BY s.order_item_id)`;

/** A line's own cost recorded by WooCommerce (item meta `_cogs_value`, a line total). */
const ITEM_COGS = `(SELECT order_item_id AS cogs_item, max(toFloat64OrNull(meta_value)) AS line_cost
	FROM order_item_meta WHERE meta_key = '_cogs_value' GROUP BY order_item_id)`;

/** `(line_item, line_order, unit_cost, cost_source)` of the unfixed sale lines. */
const SALE_COSTS = `(SELECT a.order_item_id AS line_item, a.order_id AS line_order,
	CASE WHEN ic.line_cost IS NOT NULL AND a.product_qty <> 0 THEN ic.line_cost / a.product_qty
		ELSE a.history_cost END AS unit_cost,
	CASE WHEN ic.line_cost IS NOT NULL AND a.product_qty <> 0 THEN 'order'
		WHEN a.history_cost IS NOT NULL THEN 'history' END AS cost_source
	FROM (SELECT s.*, hc.history_cost FROM ${SALE_LINES} s
		LEFT JOIN ${HISTORY_COSTS} hc ON hc.hc_item = s.order_item_id) a
	LEFT JOIN ${ITEM_COGS} ic ON ic.cogs_item = a.order_item_id)`;

/** Unfixed lines of refunds with the refunded order's id. */
const REFUND_LINES = `(SELECT u.*, r.refund_parent AS parent_id
	FROM ${UNFIXED} u
	JOIN (SELECT id AS refund_order, parent_id AS refund_parent FROM orders WHERE parent_id <> 0) r
		ON r.refund_order = u.order_id)`;

/** The unit cost of each (order, product, variation) refunded: its sale line's, fixed or computed. */
const PARENT_COSTS = `(SELECT p.order_id AS pc_order, p.product_id AS pc_product,
	p.variation_id AS pc_variation, max(k.known_cost) AS parent_cost
	FROM (SELECT order_item_id, order_id, product_id, variation_id FROM order_product_lookup
		WHERE order_id IN (SELECT parent_id FROM ${REFUND_LINES})) p
	JOIN (SELECT fixed_item AS known_item, CAST(fixed_cost AS Nullable(Float64)) AS known_cost
		FROM ${LATEST} WHERE is_fixed = 1
		UNION ALL SELECT line_item, unit_cost FROM ${SALE_COSTS}) k ON k.known_item = p.order_item_id
	GROUP BY p.order_id, p.product_id, p.variation_id)`;

const REFUND_COSTS = `(SELECT rl.order_item_id AS line_item, rl.order_id AS line_order,
	pc.parent_cost AS unit_cost, CASE WHEN pc.parent_cost IS NOT NULL THEN 'sale' END AS cost_source
	FROM ${REFUND_LINES} rl
	LEFT JOIN ${PARENT_COSTS} pc ON pc.pc_order = rl.parent_id AND pc.pc_product = rl.product_id
		AND pc.pc_variation = rl.variation_id)`;

/**
 * `(line_item, line_order, unit_cost, cost_source)` of every line whose cost is not fixed (NULL
 * unit cost when it has none): `db/costs.ts`'s `lineCostsSql` on ClickHouse.
 */
export const CLICKHOUSE_UNFIXED_COSTS = `(SELECT line_item, line_order, unit_cost, cost_source
	FROM ${SALE_COSTS}
	UNION ALL SELECT line_item, line_order, unit_cost, cost_source FROM ${REFUND_COSTS})`;

/** `(cost_item, unit_cost)` of every line that has a cost: fixed, or computed from the history. */
export const CLICKHOUSE_LINE_COSTS = `(SELECT fixed_item AS cost_item,
	CAST(fixed_cost AS Nullable(Float64)) AS unit_cost FROM ${LATEST} WHERE is_fixed = 1
	UNION ALL SELECT line_item, unit_cost FROM ${CLICKHOUSE_UNFIXED_COSTS}
	WHERE unit_cost IS NOT NULL)`;

/** The parts of `CLICKHOUSE_LINE_COSTS` that can be computed ahead, each after those it reads. */
const LINE_COST_STEPS: Array<[step: string, select: string]> = [
	['latest', LATEST],
	['unfixed', UNFIXED],
	['sale_lines', SALE_LINES],
	['sale_costs', SALE_COSTS],
	['refund_lines', REFUND_LINES],
];

/**
 * `CLICKHOUSE_LINE_COSTS` in steps, for a writer that computes it once: each step's SELECT (in
 * order) with the steps before it read from `table(step)`, the last one (`line_costs`) the line
 * costs themselves, read from `lineCosts` (its `table`). The same statements with the parts as
 * tables holding their rows: 18.16 plans a nested subquery again for each level above it, so the
 * line costs in one piece take it about 0.2 CPU seconds to plan (whatever the store's size),
 * the six steps about 0.07 together.
 */
export function lineCostSteps(table: (step: string) => string): {
	steps: Array<{ step: string; select: string }>;
	lineCosts: string;
} {
	const read = (sql: string, before: number): string =>
		LINE_COST_STEPS.slice(0, before).reduceRight(
			(text, [step, select]) => text.split(select).join(table(step)),
			sql,
		);
	return {
		steps: [
			...LINE_COST_STEPS.map(([step, select], i) => ({ step, select: read(select, i) })),
			{ step: 'line_costs', select: read(CLICKHOUSE_LINE_COSTS, LINE_COST_STEPS.length) },
		],
		lineCosts: table('line_costs'),
	};
}
