/**
 * The reconciliation: every stats interval, list row and indicator of the two sides is compared,
 * and each field is equal, a documented difference or an undocumented one.
 */
import { reconcile, reconcileReport, type Answerer } from '../reconcile.js';

type Json = Record<string, unknown>;

/** A side answering every report with the same small figures, changed by `tweak`. */
function side(tweak: (route: string, body: unknown) => unknown = (_r, b) => b): Answerer {
	return async (route, query) => {
		let body: unknown;
		if (route.endsWith('/stats')) {
			body = {
				totals: { net_revenue: 30, orders_count: 2, coupons_count: 1, instock: 3 },
				intervals: [
					{
						interval: '2026-11-01',
						subtotals: { net_revenue: 10, orders_count: 1, coupons_count: 1 },
					},
					{
						interval: '2026-11-02',
						subtotals: { net_revenue: 20, orders_count: 1, coupons_count: 1 },
					},
				],
			};
		} else if (route.endsWith('performance-indicators')) {
			body = [{ stat: 'revenue/net_revenue', value: 30 }];
		} else if (route.endsWith('leaderboards')) {
			body = [
				{
					id: 'products',
					rows: [
						[
							{ display: 'A', value: 'A' },
							{ display: '2', value: 2 },
						],
					],
				},
			];
		} else if (route === 'wc/v3/orders') {
			body = [];
		} else if (Number(query.page ?? 1) > 1) {
			body = [];
		} else {
			body = [
				{
					product_id: 1,
					variation_id: 1,
					category_id: 1,
					coupon_id: 1,
					tax_rate_id: 1,
					order_id: 1,
					email: 'a@b.test',
					id: 1,
					items_sold: 2,
					net_revenue: 30,
					orders_count: 2,
					stock_quantity: 4,
					stock_status: 'instock',
				},
			];
		}
		return tweak(route, body);
	};
}

test('equal sides: every field equal', async () => {
	const results = await reconcile({
		after: '2026-11-01T00:00:00',
		before: '2026-11-02T23:59:59',
		woocommerce: side(),
		engine: side(),
	});
	expect(results.length).toBeGreaterThan(100);
	expect(results.every((r) => r.verdict === 'equal')).toBe(true);
	expect(reconcileReport(results)).toMatch(/0 differ as documented, 0 differ undocumented/);
});

test('a per-interval coupons count is documented; a net revenue and a missing row are not', async () => {
	const results = await reconcile({
		after: '2026-11-01T00:00:00',
		before: '2026-11-02T23:59:59',
		woocommerce: side(),
		engine: side((route, body) => {
			if (route === 'wc-analytics/reports/revenue/stats') {
				const b = JSON.parse(JSON.stringify(body)) as {
					intervals: Array<{ subtotals: Json }>;
				};
				b.intervals[1].subtotals.coupons_count = 0;
				b.intervals[0].subtotals.net_revenue = 11;
				return b;
			}
			if (route === 'wc-analytics/reports/products') return [];
			return body;
		}),
	});
	const differing = results
		.filter((r) => r.verdict !== 'equal')
		.map((r) => [r.verdict, r.report, r.field, r.difference]);
	expect(differing).toEqual(
		expect.arrayContaining([
			[
				'documented',
				'revenue/stats',
				'2026-11-02.coupons_count',
				'coupons-count-per-interval',
			],
			['undocumented', 'revenue/stats', '2026-11-01.net_revenue', null],
			['undocumented', 'products', 'product_id=1', null],
		]),
	);
	expect(reconcileReport(results)).toContain(
		'wc-analytics/reports/revenue/stats?interval=day 2026-11-01.net_revenue: engine 11, WooCommerce 10',
	);
});

test('a range of more than 100 intervals is compared on every page: a difference in the 130th day is found', async () => {
	// 150 days, answered 100 a page as WooCommerce and the engine do.
	const days = Array.from({ length: 150 }, (_, i) => {
		const d = new Date(Date.UTC(2026, 6, 1 + i));
		return d.toISOString().slice(0, 10);
	});
	const paged =
		(changeDay: string | null): Answerer =>
		async (route, query) => {
			const body = await side()(route, query);
			if (!route.endsWith('/stats') || query.interval !== 'day') return body;
			const page = Number(query.page ?? 1);
			const perPage = Number(query.per_page ?? 10);
			return {
				...(body as Json),
				intervals: days.slice((page - 1) * perPage, page * perPage).map((day) => ({
					interval: day,
					subtotals: { net_revenue: day === changeDay ? 99 : 1, orders_count: 1 },
				})),
			};
		};
	const results = await reconcile({
		after: `${days[0]}T00:00:00`,
		before: `${days[149]}T23:59:59`,
		woocommerce: paged(null),
		engine: paged(days[129]),
	});
	const byDay = results.filter(
		(r) => r.query === 'wc-analytics/reports/revenue/stats?interval=day',
	);
	// Every day's two fields, and the totals.
	expect(byDay.filter((r) => !r.field.startsWith('totals.'))).toHaveLength(300);
	expect(
		results.filter((r) => r.verdict === 'undocumented').map((r) => [r.report, r.field]),
	).toEqual(expect.arrayContaining([['revenue/stats', `${days[129]}.net_revenue`]]));
	expect(results.some((r) => r.field === `${days[149]}.orders_count`)).toBe(true);
});

test('an order restored from the trash with a later date on the engine explains the intervals of both dates, and no other', async () => {
	// WooCommerce's analytics keep the order's completed date from before the trash (Sunday 29
	// November, ISO week 48); the engine has the date the restore stamped (Monday 30 November, week
	// 49): the order counts in week 48 on one side and week 49 on the other.
	const weeks = (moved: boolean) => [
		{
			interval: '2026-48',
			subtotals: { net_revenue: moved ? 100 : 165.25, orders_count: moved ? 1 : 2 },
		},
		{
			interval: '2026-49',
			subtotals: { net_revenue: moved ? 65.25 : 0, orders_count: moved ? 1 : 0 },
		},
		{ interval: '2026-50', subtotals: { net_revenue: moved ? 7 : 5, orders_count: 1 } },
	];
	const store =
		(engine: boolean): Answerer =>
		async (route, query) => {
			const body = await side()(route, query);
			if (route === 'wc-analytics/reports/revenue/stats' && query.interval === 'week') {
				return { ...(body as Json), intervals: weeks(engine) };
			}
			if (route === 'wc-analytics/reports/orders' && Number(query.page ?? 1) === 1) {
				return [
					{
						order_id: 109,
						date: engine ? '2026-11-30T00:59:27' : '2026-11-29T21:47:23',
						net_total: 65.25,
					},
				];
			}
			return body;
		};
	const results = await reconcile({
		after: '2026-11-23T00:00:00',
		before: '2026-12-13T23:59:59',
		woocommerce: store(false),
		engine: store(true),
	});
	const differing = results
		.filter((r) => r.verdict !== 'equal')
		.map((r) => [r.verdict, r.field, r.difference]);
	expect(differing).toEqual(
		expect.arrayContaining([
			['documented', 'order_id=109.date', 'restored-order-dates'],
			['documented', '2026-48.net_revenue', 'restored-order-dates'],
			['documented', '2026-48.orders_count', 'restored-order-dates'],
			['documented', '2026-49.net_revenue', 'restored-order-dates'],
			['documented', '2026-49.orders_count', 'restored-order-dates'],
			// A week neither date falls in is not explained by the restored order.
			['undocumented', '2026-50.net_revenue', null],
		]),
	);
});
