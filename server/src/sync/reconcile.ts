/**
 * Reconciliation of the engine with the WooCommerce store it serves: the same report requests for
 * a range asked of both sides (WooCommerce's `wc-analytics` with `force_cache_refresh`), and every
 * figure — each report's totals, every interval, every row of every list — compared to the cent.
 * Each field is equal, differs as documented (`metrics/differences.ts`) or differs undocumented.
 * `npm run reconcile` prints the result; the real-stack engine test asserts it has no
 * undocumented difference.
 */
import {
	knownDifference,
	sameFigure,
	type DifferenceContext,
	type FoundDifference,
} from '../metrics/differences.js';

type Json = Record<string, unknown>;
export type Query = Record<string, string | number>;

/** One side answering GET requests of `/wp-json/<route>` (WooCommerce or the engine). */
export type Answerer = (route: string, query: Query) => Promise<unknown>;

export type Verdict = 'equal' | 'documented' | 'undocumented';

export interface FieldResult extends FoundDifference {
	/** The report (`revenue/stats`, `products`, …). */
	report: string;
	verdict: Verdict;
	/** The id of the documented difference, when it is one. */
	difference: string | null;
}

export interface ReconcileOptions {
	/** Range, store-local `YYYY-MM-DDTHH:MM:SS`. */
	after: string;
	before: string;
	woocommerce: Answerer;
	engine: Answerer;
	context?: DifferenceContext;
}

const ORDER_FIELDS = [
	'total_sales',
	'net_revenue',
	'gross_sales',
	'refunds',
	'coupons',
	'taxes',
	'shipping',
	'orders_count',
	'num_items_sold',
	'avg_order_value',
	'avg_items_per_order',
	'total_customers',
	'coupons_count',
	'products',
];

/** The stats reports and the intervals each is compared at. */
const STATS: Array<{ report: string; intervals: string[]; fields: string[] }> = [
	{
		report: 'revenue/stats',
		intervals: ['day', 'week', 'month', 'quarter', 'year'],
		fields: ORDER_FIELDS,
	},
	{ report: 'orders/stats', intervals: ['day', 'week', 'month'], fields: ORDER_FIELDS },
	{
		report: 'products/stats',
		intervals: ['day', 'week', 'month'],
		fields: ['items_sold', 'net_revenue', 'orders_count', 'products_count', 'variations_count'],
	},
	{
		report: 'variations/stats',
		intervals: ['week', 'month'],
		fields: ['items_sold', 'net_revenue', 'orders_count', 'variations_count'],
	},
	{
		report: 'coupons/stats',
		intervals: ['day', 'month'],
		fields: ['amount', 'coupons_count', 'orders_count'],
	},
	{
		report: 'taxes/stats',
		intervals: ['day', 'month'],
		fields: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count', 'tax_codes'],
	},
	{ report: 'downloads/stats', intervals: ['day', 'month'], fields: ['download_count'] },
	{
		report: 'customers/stats',
		intervals: ['none'],
		fields: ['customers_count', 'avg_orders_count', 'avg_total_spend', 'avg_avg_order_value'],
	},
];

/** The list reports: the row key and the fields compared. */
const LISTS: Array<{
	report: string;
	key: string;
	fields: string[];
	dated: boolean;
	query?: Query;
}> = [
	{
		report: 'products',
		key: 'product_id',
		fields: ['items_sold', 'net_revenue', 'orders_count'],
		dated: true,
	},
	{
		report: 'variations',
		key: 'variation_id',
		fields: ['items_sold', 'net_revenue', 'orders_count'],
		dated: true,
	},
	{
		report: 'categories',
		key: 'category_id',
		fields: ['items_sold', 'net_revenue', 'orders_count', 'products_count'],
		dated: true,
	},
	{
		report: 'coupons',
		key: 'coupon_id',
		fields: ['amount', 'orders_count'],
		dated: true,
	},
	{
		report: 'taxes',
		key: 'tax_rate_id',
		fields: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count', 'tax_code', 'rate'],
		dated: true,
	},
	{
		report: 'orders',
		key: 'order_id',
		fields: [
			'parent_id',
			'date',
			'date_created',
			'status',
			'net_total',
			'total_sales',
			'num_items_sold',
			'customer_type',
		],
		dated: true,
	},
	{
		report: 'customers',
		key: 'email',
		fields: [
			'name',
			'username',
			'country',
			'city',
			'postcode',
			'orders_count',
			'total_spend',
			'avg_order_value',
			'date_last_order',
		],
		dated: false,
	},
	{
		report: 'customers',
		key: 'email',
		fields: ['orders_count', 'total_spend', 'avg_order_value'],
		dated: true,
	},
	{
		report: 'stock',
		key: 'id',
		fields: ['stock_status', 'stock_quantity', 'sku', 'name'],
		dated: false,
		query: { type: 'all' },
	},
];

const INDICATORS =
	'revenue/total_sales,revenue/net_revenue,revenue/refunds,revenue/shipping,orders/orders_count,orders/avg_order_value,products/items_sold,variations/items_sold,coupons/orders_count,coupons/amount,taxes/total_tax,taxes/order_tax,taxes/shipping_tax,customers/customers_count';

/** A query as text, for the results (`interval=day`). */
function describe(query: Query): string {
	return new URLSearchParams(
		Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
	).toString();
}

function judge(
	report: string,
	query: string,
	field: string,
	engine: unknown,
	woocommerce: unknown,
	context: DifferenceContext,
): FieldResult {
	if (sameFigure(engine, woocommerce)) {
		return { report, query, field, engine, woocommerce, verdict: 'equal', difference: null };
	}
	const known = knownDifference({ query, field, engine, woocommerce }, context);
	return {
		report,
		query,
		field,
		engine,
		woocommerce,
		verdict: known ? 'documented' : 'undocumented',
		difference: known?.id ?? null,
	};
}

/** Every page of a list (100 rows a page). */
async function allRows(side: Answerer, route: string, query: Query): Promise<Json[]> {
	const rows: Json[] = [];
	for (let page = 1; page <= 100; page++) {
		const answer = await side(route, { ...query, per_page: 100, page });
		if (!Array.isArray(answer)) throw new Error(`${route} did not answer a list`);
		rows.push(...(answer as Json[]));
		if (answer.length < 100) break;
	}
	return rows;
}

/** Compares every report of the range; one result per field compared. */
export async function reconcile(options: ReconcileOptions): Promise<FieldResult[]> {
	const context = options.context ?? {};
	const range = { after: options.after, before: options.before };
	const out: FieldResult[] = [];
	const both = (route: string, query: Query): Promise<[unknown, unknown]> =>
		Promise.all([options.engine(route, query), options.woocommerce(route, query)]);

	for (const stats of STATS) {
		for (const interval of stats.intervals) {
			const route = `wc-analytics/reports/${stats.report}`;
			// customers/stats has totals only (of the customers active in the range).
			const query: Query =
				interval === 'none' ? { ...range } : { ...range, interval, order: 'asc' };
			const name = `${route}?${describe(interval === 'none' ? {} : { interval })}`;
			type Stats = {
				totals?: Json;
				intervals?: Array<{ interval: string; subtotals: Json }>;
			};
			const [e, w] = (await both(route, { ...query, per_page: 100 })) as [Stats, Stats];
			// A range of more than 100 intervals (120 days by day) answers them 100 a page: every
			// page is compared, so the last weeks (today among them) are not left out.
			if (interval !== 'none') {
				for (let page = 2; page <= 100; page++) {
					if ((e.intervals?.length ?? 0) < 100 * (page - 1)) break;
					if ((w.intervals?.length ?? 0) < 100 * (page - 1)) break;
					const [en, wn] = (await both(route, { ...query, per_page: 100, page })) as [
						Stats,
						Stats,
					];
					const more = (en.intervals?.length ?? 0) + (wn.intervals?.length ?? 0);
					e.intervals = [...(e.intervals ?? []), ...(en.intervals ?? [])];
					w.intervals = [...(w.intervals ?? []), ...(wn.intervals ?? [])];
					if (more === 0) break;
				}
			}
			for (const field of stats.fields) {
				if (!(field in (w.totals ?? {})) && !(field in (e.totals ?? {}))) continue;
				out.push(
					judge(
						stats.report,
						name,
						`totals.${field}`,
						e.totals?.[field],
						w.totals?.[field],
						context,
					),
				);
			}
			const ours = new Map((e.intervals ?? []).map((i) => [i.interval, i.subtotals]));
			const theirs = new Map((w.intervals ?? []).map((i) => [i.interval, i.subtotals]));
			for (const key of new Set([...theirs.keys(), ...ours.keys()])) {
				const a = ours.get(key);
				const b = theirs.get(key);
				if (!a || !b) {
					out.push(
						judge(
							stats.report,
							name,
							`interval ${key}`,
							a ? 'interval' : 'missing',
							b ? 'interval' : 'missing',
							context,
						),
					);
					continue;
				}
				for (const field of stats.fields) {
					if (!(field in b) && !(field in a)) continue;
					out.push(
						judge(stats.report, name, `${key}.${field}`, a[field], b[field], context),
					);
				}
			}
		}
	}

	for (const list of LISTS) {
		const route = `wc-analytics/reports/${list.report}`;
		const query: Query = { ...(list.dated ? range : {}), ...(list.query ?? {}) };
		const name = `${route}?${describe({ ...(list.query ?? {}), ...(list.dated ? { range: 'yes' } : {}) })}`;
		const [e, w] = await Promise.all([
			allRows(options.engine, route, query),
			allRows(options.woocommerce, route, query),
		]);
		const ours = new Map(e.map((row) => [String(row[list.key]), row]));
		const theirs = new Map(w.map((row) => [String(row[list.key]), row]));
		for (const id of new Set([...theirs.keys(), ...ours.keys()])) {
			const a = ours.get(id);
			const b = theirs.get(id);
			if (!a || !b) {
				out.push(
					judge(
						list.report,
						name,
						`${list.key}=${id}`,
						a ? 'row' : 'missing',
						b ? 'row' : 'missing',
						context,
					),
				);
				continue;
			}
			for (const field of list.fields) {
				out.push(
					judge(
						list.report,
						name,
						`${list.key}=${id}.${field}`,
						a[field],
						b[field],
						context,
					),
				);
			}
		}
	}

	// The stock summary (counts per status, not dated).
	{
		const route = 'wc-analytics/reports/stock/stats';
		const [e, w] = (await both(route, {})) as [Json, Json];
		const ours = (e.totals as Json | undefined) ?? e;
		const theirs = (w.totals as Json | undefined) ?? w;
		for (const field of Object.keys(theirs)) {
			if (typeof theirs[field] === 'object') continue;
			out.push(judge('stock/stats', route, field, ours[field], theirs[field], context));
		}
	}

	// The Overview: its indicators and leaderboards for the range.
	{
		const route = 'wc-analytics/reports/performance-indicators';
		const [e, w] = (await both(route, { ...range, stats: INDICATORS })) as [
			Array<{ stat: string; value: unknown }>,
			Array<{ stat: string; value: unknown }>,
		];
		const ours = new Map(e.map((i) => [i.stat, i.value]));
		for (const indicator of w) {
			out.push(
				judge(
					'performance-indicators',
					'performance-indicators',
					indicator.stat,
					ours.has(indicator.stat) ? ours.get(indicator.stat) : 'missing',
					indicator.value,
					context,
				),
			);
		}
	}
	{
		const route = 'wc-analytics/leaderboards';
		type Board = { id: string; rows: Array<Array<{ display: string; value: unknown }>> };
		const [e, w] = (await both(route, { ...range, per_page: 5, persisted_query: '{}' })) as [
			Board[],
			Board[],
		];
		// Rows as sorted value lists: the order of ties is not part of the contract.
		const values = (rows: Board['rows'] | undefined): string =>
			JSON.stringify(
				(rows ?? [])
					.map((r) => r.slice(1).map((c) => Math.round(Number(c.value) * 100) / 100))
					.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
			);
		for (const board of w) {
			const ours = e.find((b) => b.id === board.id);
			out.push(
				judge(
					'leaderboards',
					'leaderboards',
					board.id,
					values(ours?.rows),
					values(board.rows),
					context,
				),
			);
		}
	}
	return withRestoredOrders(out, context);
}

/**
 * The interval keys (day, ISO week, month, quarter, year) of a day written `YYYY-MM-DD…`, as the
 * stats answers name their intervals.
 */
function dateKeys(date: string): string[] {
	const day = date.slice(0, 10);
	const month = Number(day.slice(5, 7));
	// Quarters are named `2026-4` (months `2026-04`).
	return [
		day,
		day.slice(0, 7),
		isoWeek(day),
		day.slice(0, 4),
		`${day.slice(0, 4)}-${Math.ceil(month / 3)}`,
	];
}

/**
 * An order restored from the trash shows a later date on the engine than in WooCommerce's
 * analytics (`restored-order-dates`, found in the orders list): under the completed date type it
 * counts on that later day, week and month on the engine and on the earlier ones in WooCommerce.
 * The intervals of both dates are added to the context and the differences left undocumented are
 * judged again with it.
 */
function withRestoredOrders(results: FieldResult[], context: DifferenceContext): FieldResult[] {
	const keys = new Set<string>();
	for (const r of results) {
		if (r.difference !== 'restored-order-dates') continue;
		for (const date of [r.engine, r.woocommerce]) {
			if (typeof date === 'string') for (const key of dateKeys(date)) keys.add(key);
		}
	}
	if (keys.size === 0) return results;
	const widened: DifferenceContext = { ...context, restoredKeys: keys };
	return results.map((r) =>
		r.verdict === 'undocumented'
			? judge(r.report, r.query, r.field, r.engine, r.woocommerce, widened)
			: r,
	);
}

/** The ISO week key (`GGGG-WW`) of a day, as WooCommerce names weeks starting on Monday. */
export function isoWeek(day: string): string {
	const date = new Date(`${day}T00:00:00Z`);
	const weekday = (date.getUTCDay() + 6) % 7;
	date.setUTCDate(date.getUTCDate() - weekday + 3);
	const year = date.getUTCFullYear();
	const first = new Date(Date.UTC(year, 0, 4));
	const week =
		1 +
		Math.round(
			((date.getTime() - first.getTime()) / 86400000 - 3 + ((first.getUTCDay() + 6) % 7)) / 7,
		);
	return `${year}-${String(week).padStart(2, '0')}`;
}

/**
 * What WooCommerce's analytics still count of the orders in its trash (`wc/v3` of the store):
 * the keys `trashed-orders` explains differences by.
 */
export async function trashedContext(woocommerce: Answerer): Promise<DifferenceContext> {
	const keys = new Set<string>();
	const orders = await allRows(woocommerce, 'wc/v3/orders', { status: 'trash' });
	const products = new Set<number>();
	for (const order of orders) {
		keys.add(`order_id=${Number(order.id)}`);
		for (const refund of (order.refunds as Json[] | undefined) ?? []) {
			keys.add(`order_id=${Number(refund.id)}`);
		}
		const billing = (order.billing as Json | undefined) ?? {};
		if (typeof billing.email === 'string') keys.add(`email=${billing.email}`);
		for (const date of [order.date_created, order.date_paid, order.date_completed]) {
			if (typeof date !== 'string') continue;
			for (const key of dateKeys(date)) keys.add(key);
		}
		for (const line of (order.line_items as Json[] | undefined) ?? []) {
			keys.add(`product_id=${Number(line.product_id)}`);
			keys.add(`variation_id=${Number(line.variation_id)}`);
			products.add(Number(line.product_id));
		}
		for (const coupon of (order.coupon_lines as Json[] | undefined) ?? []) {
			keys.add(`coupon_code=${String(coupon.code)}`);
		}
	}
	for (const id of products) {
		const product = (await woocommerce(`wc/v3/products/${id}`, {})) as Json;
		for (const category of (product.categories as Json[] | undefined) ?? []) {
			keys.add(`category_id=${Number(category.id)}`);
		}
	}
	return { trashedKeys: keys };
}

/** The results grouped for a person: counts, then each difference with both values. */
export function reconcileReport(results: FieldResult[]): string {
	const count = (verdict: Verdict) => results.filter((r) => r.verdict === verdict).length;
	const lines = [
		`${results.length} figures compared: ${count('equal')} equal, ${count('documented')} differ as documented, ${count('undocumented')} differ undocumented.`,
	];
	for (const verdict of ['undocumented', 'documented'] as const) {
		const shown = results.filter((r) => r.verdict === verdict);
		if (!shown.length) continue;
		lines.push(
			'',
			verdict === 'undocumented' ? 'Undocumented differences:' : 'Documented differences:',
		);
		for (const r of shown) {
			lines.push(
				`  ${r.query} ${r.field}: engine ${JSON.stringify(r.engine)}, WooCommerce ${JSON.stringify(r.woocommerce)}${r.difference ? ` (${r.difference})` : ''}`,
			);
		}
	}
	return lines.join('\n');
}
