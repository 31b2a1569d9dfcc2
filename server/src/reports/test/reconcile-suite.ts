/**
 * The reconciliation suite, for any engine answering the REST contract for one generated store:
 * interval subtotals sum to the totals; products, categories, orders, taxes, coupons and segments
 * agree with revenue; the daily roll-ups equal the order-level computation; every performance
 * indicator equals its report's totals; every breakdown (payment and shipping methods, origins,
 * places) sums to the store's totals; cohort sizes sum to the new customers of the range.
 * `reconcile.test.ts` runs it on a DuckDB server, `clickhouse/test/reconcile.test.ts` on a
 * ClickHouse engine (with a store's token) and on the same store's DuckDB server.
 */
import type { CohortsAnswer } from '../cohorts/cohorts.js';
import type { Response } from './fixtures.js';

type Row = Record<string, number>;
interface Stats {
	totals: Record<string, number>;
	intervals: Array<{ interval: string; subtotals: Record<string, number> }>;
}

/** GET `/wp-json<route>` (`route` starts with `/wc-analytics/`) on the engine under test. */
export type ReportGet = <T = unknown>(route: string) => Promise<Response<T>>;

export interface ReconcileRange {
	/** First day of the range (`YYYY-MM-DD`, a year before `last`). */
	first: string;
	/** Last day of the range. */
	last: string;
}

const close = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(0.01);
/** Breakdown sums: each value's figures are rounded to the cent before they are added. */
const closeSum = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(0.02);

const BREAKDOWNS: Array<[string, string]> = [
	['payment-methods', ''],
	['shipping-methods', ''],
	['origins', ''],
	['origins', '&group_by=source_type'],
	['places', ''],
	['places', '&group_by=billing_state'],
	['places', '&group_by=shipping_country'],
];

/** Defines the suite's tests; `engine` and `range` are read when the tests run. */
export function reconcileSuite(engine: () => ReportGet, range: () => ReconcileRange): void {
	const get = <T>(route: string): Promise<Response<T>> => engine()<T>(route);
	const RANGE = (): string => `after=${range().first}T00:00:00&before=${range().last}T23:59:59`;
	const all = async (route: string): Promise<Row[]> =>
		(await get<Row[]>(`${route}&per_page=-1`)).body;

	it('interval subtotals sum to totals, for every interval type', async () => {
		for (const interval of ['day', 'week', 'month', 'quarter']) {
			const first = await get<Stats>(
				`/wc-analytics/reports/revenue/stats?${RANGE()}&interval=${interval}&per_page=100&order=asc`,
			);
			const pages = Number(first.headers.get('x-wp-totalpages'));
			let intervals = first.body.intervals;
			for (let page = 2; page <= pages; page++) {
				intervals = intervals.concat(
					(
						await get<Stats>(
							`/wc-analytics/reports/revenue/stats?${RANGE()}&interval=${interval}&per_page=100&order=asc&page=${page}`,
						)
					).body.intervals,
				);
			}
			expect(intervals).toHaveLength(Number(first.headers.get('x-wp-total')));
			for (const key of [
				'net_revenue',
				'orders_count',
				'refunds',
				'taxes',
				'shipping',
				'gross_sales',
				'coupons',
			]) {
				close(
					intervals.reduce((s, i) => s + i.subtotals[key], 0),
					first.body.totals[key],
				);
			}
		}
	});

	it('products, categories, orders and stats agree with revenue', async () => {
		const revenue = (
			await get<Stats>(`/wc-analytics/reports/revenue/stats?${RANGE()}&interval=year`)
		).body.totals;
		expect(revenue.orders_count).toBeGreaterThan(100);
		expect(revenue.refunds).toBeGreaterThan(0);
		const products = await all(`/wc-analytics/reports/products?${RANGE()}`);
		close(
			products.reduce((s, r) => s + r.net_revenue, 0),
			revenue.net_revenue,
		);
		const productStats = (
			await get<Stats>(`/wc-analytics/reports/products/stats?${RANGE()}&interval=year`)
		).body.totals;
		close(productStats.net_revenue, revenue.net_revenue);
		close(productStats.items_sold, revenue.num_items_sold);
		const orders = await all(`/wc-analytics/reports/orders?${RANGE()}`);
		close(
			orders.reduce((s, r) => s + r.net_total, 0),
			revenue.net_revenue,
		);
		expect(orders.filter((r) => r.parent_id === 0)).toHaveLength(revenue.orders_count);
		const ordersStats = (
			await get<Stats>(`/wc-analytics/reports/orders/stats?${RANGE()}&interval=year`)
		).body.totals;
		expect(ordersStats).toEqual(revenue);
		// A category equals the products report restricted to it.
		const categories = await all(`/wc-analytics/reports/categories?${RANGE()}`);
		const clothing = categories.find((c) => c.category_id === 1);
		const inClothing = await all(`/wc-analytics/reports/products?${RANGE()}&categories=1`);
		close(
			inClothing.reduce((s, r) => s + r.net_revenue, 0),
			clothing?.net_revenue ?? NaN,
		);
		// Taxes and coupons agree with the order totals.
		const taxes = (
			await get<Stats>(`/wc-analytics/reports/taxes/stats?${RANGE()}&interval=year`)
		).body.totals;
		close(taxes.total_tax, revenue.taxes);
		const coupons = (
			await get<Stats>(`/wc-analytics/reports/coupons/stats?${RANGE()}&interval=year`)
		).body.totals;
		close(coupons.amount, revenue.coupons);
		// Segments by product sum to the product report.
		const segmented = (
			await get<{ totals: { segments: Array<{ subtotals: Row }> } }>(
				`/wc-analytics/reports/products/stats?${RANGE()}&interval=year&segmentby=product`,
			)
		).body.totals;
		close(
			segmented.segments.reduce((s, g) => s + g.subtotals.net_revenue, 0),
			revenue.net_revenue,
		);
	});

	it('day-aligned requests (daily roll-ups) match the order-level computation', async () => {
		const keys =
			'net_revenue,refunds,coupons,gross_sales,orders_count,taxes,shipping,num_items_sold,avg_order_value';
		for (const interval of ['day', 'week', 'month']) {
			const route = `/wc-analytics/reports/revenue/stats?${RANGE()}&interval=${interval}&order=asc&per_page=100`;
			const rolled = (await get<Stats>(`${route}&fields=${keys}`)).body;
			const raw = (
				await get<Stats>(
					`${route.replace('revenue/stats', 'orders/stats')}&fields=${keys}&product_excludes=999999`,
				)
			).body;
			const strip = (values: Record<string, unknown>): Record<string, unknown> => {
				const copy = { ...values };
				delete copy.total_customers;
				return copy;
			};
			expect(strip(rolled.totals)).toEqual(strip(raw.totals));
			expect(rolled.intervals.map((i) => strip(i.subtotals))).toEqual(
				raw.intervals.map((i) => strip(i.subtotals)),
			);
		}
		// All fields (roll-ups plus a distinct-customer scan) equal the filtered, order-level path.
		const route = `/wc-analytics/reports/revenue/stats?${RANGE()}&interval=week&order=asc&per_page=100`;
		const hybrid = (await get<Stats>(route)).body;
		const raw = (
			await get<Stats>(
				`${route.replace('revenue/stats', 'orders/stats')}&product_excludes=999999`,
			)
		).body;
		expect(hybrid).toEqual(raw);
	});

	it('the products table (daily roll-up) matches product segments computed from the lines', async () => {
		const rows = await all(`/wc-analytics/reports/products?${RANGE()}&orderby=items_sold`);
		const segments = (
			await get<{ totals: { segments: Array<{ segment_id: number; subtotals: Row }> } }>(
				`/wc-analytics/reports/products/stats?${RANGE()}&interval=year&segmentby=product`,
			)
		).body.totals.segments.filter(
			(g) => g.subtotals.items_sold !== 0 || g.subtotals.orders_count !== 0,
		);
		const bySegment = new Map(segments.map((g) => [g.segment_id, g.subtotals]));
		expect(rows.length).toBe(segments.length);
		for (const row of rows) {
			const seg = bySegment.get(row.product_id);
			expect([row.items_sold, row.orders_count]).toEqual([
				seg?.items_sold,
				seg?.orders_count,
			]);
			close(row.net_revenue, seg?.net_revenue ?? NaN);
		}
	});

	it('product stats read from the roll-up match the line-level computation', async () => {
		const route = `/wc-analytics/reports/products/stats?${RANGE()}&interval=month&order=asc&per_page=100`;
		const rolled = (await get<Stats>(`${route}&fields=items_sold,net_revenue`)).body;
		const raw = (await get<Stats>(`${route}&fields=items_sold,net_revenue,orders_count`)).body;
		const strip = (values: Record<string, unknown>): Record<string, unknown> => {
			const copy = { ...values };
			delete copy.orders_count;
			return copy;
		};
		expect(strip(rolled.totals)).toEqual(strip(raw.totals));
		expect(rolled.intervals.map((i) => strip(i.subtotals))).toEqual(
			raw.intervals.map((i) => strip(i.subtotals)),
		);
	});

	it('every performance indicator equals the totals of its own report (whole days and partial days)', async () => {
		const ranges = [RANGE(), `after=${range().first}T09:30:00&before=${range().last}T17:15:00`];
		for (const dates of ranges) {
			const items = (
				await get<Array<{ stat: string; chart: string; value: number }>>(
					`/wc-analytics/reports/performance-indicators?${dates}`,
				)
			).body;
			expect(items).toHaveLength(15);
			const totals = new Map<string, Record<string, number>>();
			for (const item of items) {
				const report = item.stat.split('/')[0];
				let reportTotals = totals.get(report);
				if (!reportTotals) {
					reportTotals = (
						await get<Stats>(
							`/wc-analytics/reports/${report}/stats?${dates}&interval=year`,
						)
					).body.totals;
					totals.set(report, reportTotals);
				}
				expect([item.stat, item.value]).toEqual([item.stat, reportTotals[item.chart]]);
			}
			expect(items.find((i) => i.stat === 'taxes/total_tax')?.value).toBeGreaterThan(0);
			expect(items.find((i) => i.stat === 'coupons/orders_count')?.value).toBeGreaterThan(0);
			expect(items.find((i) => i.stat === 'variations/items_sold')?.value).toBeGreaterThan(0);
		}
	});

	it('performance indicators take the same totals', async () => {
		const revenue = (
			await get<Stats>(`/wc-analytics/reports/revenue/stats?${RANGE()}&interval=year`)
		).body.totals;
		const items = (
			await get<Array<{ stat: string; value: number }>>(
				`/wc-analytics/reports/performance-indicators?${RANGE()}&stats=revenue/net_revenue,orders/orders_count`,
			)
		).body;
		expect(items.map((i) => [i.stat, i.value])).toEqual([
			['revenue/net_revenue', revenue.net_revenue],
			['orders/orders_count', revenue.orders_count],
		]);
	});

	it("every breakdown's values (methods, origins, countries, states) sum to the store's totals", async () => {
		const totals = (
			await get<Stats>(`/wc-analytics/reports/revenue/stats?${RANGE()}&interval=year`)
		).body.totals;
		for (const [slug, group] of BREAKDOWNS) {
			const items = await all(`/wc-analytics/reports/${slug}?${RANGE()}${group}`);
			const sum = (key: string): number => items.reduce((s, i) => s + Number(i[key]), 0);
			expect([slug, group, items.length > 1]).toEqual([slug, group, true]);
			expect([slug, group, sum('orders_count')]).toEqual([slug, group, totals.orders_count]);
			closeSum(sum('net_revenue'), totals.net_revenue);
			closeSum(sum('refunds'), totals.refunds);
			closeSum(sum('shipping'), totals.shipping);
			expect(Math.abs(sum('net_revenue_share') - 100)).toBeLessThan(0.2);
			const stats = (
				await get<Stats>(
					`/wc-analytics/reports/${slug}/stats?${RANGE()}&interval=month&per_page=100${group}`,
				)
			).body;
			expect(stats.totals.orders_count).toBe(totals.orders_count);
			closeSum(stats.totals.net_revenue, totals.net_revenue);
			// Each customer's first order lies under one value.
			expect(stats.totals.new_customers).toBe(sum('new_customers'));
			expect(stats.totals.values).toBe(items.length);
			closeSum(
				stats.intervals.reduce((s, i) => s + i.subtotals.net_revenue, 0),
				totals.net_revenue,
			);
		}
	});

	it('cohort sizes sum to the new customers of the range; period 0 is 100 %', async () => {
		const newCustomers = (
			await get<Stats>(
				`/wc-analytics/reports/orders/stats?${RANGE()}&interval=year&customer_type=new&fields[]=total_customers`,
			)
		).body.totals.total_customers;
		expect(newCustomers).toBeGreaterThan(0);
		for (const period of ['month', 'week']) {
			const answer = (
				await get<CohortsAnswer>(
					`/wc-analytics/reports/cohorts?${RANGE()}&period=${period}&periods=12`,
				)
			).body;
			expect([period, answer.cohorts.reduce((s, c) => s + c.size, 0)]).toEqual([
				period,
				newCustomers,
			]);
			expect(answer.totals.customers).toBe(newCustomers);
			for (const c of answer.cohorts) {
				if (c.size) expect(c.retention[0]).toBe(100);
				expect(c.customers[0]).toBe(c.size);
			}
		}
		const life = (
			await get<{ customers: number }>(`/wc-analytics/reports/customers/lifetime?${RANGE()}`)
		).body;
		expect(life.customers).toBe(newCustomers);
	});
}
