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
