import { getResourceName } from '../../utils.js';
import { flush, registryWith, stubApiFetch, until, wpError } from '../../test/helpers.js';
import { store } from '../index.js';
import { EMPTY_REPORT } from '../constants.js';
import { selectReportItems, selectReportStats } from '../select.js';

describe('reports store', () => {
	it('starts empty with a shared empty answer', async () => {
		stubApiFetch(() => ({ body: [] }));
		const registry = registryWith(store);
		const stats = registry.select(store).getReportStats('revenue', { a: 1 });
		expect(stats).toBe(EMPTY_REPORT);
		expect(registry.select(store).getReportItemsError('revenue', {})).toBe(false);
		await flush();
	});

	it('fetches stats once per query and reads totals from the headers', async () => {
		const calls = stubApiFetch(() => ({
			body: { totals: { net_revenue: 10 }, intervals: [] },
			headers: { 'X-WP-Total': '31', 'X-WP-TotalPages': '1' },
		}));
		const registry = registryWith(store);
		const query = { interval: 'day', after: '2024-01-01T00:00:00' };
		const result = await registry.resolveSelect(store).getReportStats('revenue', query);
		expect(result).toEqual({
			data: { totals: { net_revenue: 10 }, intervals: [] },
			totalResults: 31,
			totalPages: 1,
		});
		expect(calls[0].route).toBe('/wc-analytics/reports/revenue/stats');
		expect(calls[0].query).toEqual({ interval: 'day', after: '2024-01-01T00:00:00' });
		// Same query in another key order: same state entry, no second request.
		const again = registry
			.select(store)
			.getReportStats('revenue', { after: '2024-01-01T00:00:00', interval: 'day' });
		expect(again).toBe(result);
		await flush();
		expect(calls).toHaveLength(1);
	});

	it('keeps the error per query and clears it on success', async () => {
		let fail = true;
		stubApiFetch(() =>
			fail ? wpError(500, 'db', 'Database gone') : { body: [{ id: 1 }], headers: {} },
		);
		const registry = registryWith(store);
		await registry.resolveSelect(store).getReportItems('products', { page: 1 });
		expect(registry.select(store).getReportItemsError('products', { page: 1 })).toEqual({
			code: 'db',
			message: 'Database gone',
			data: { status: 500 },
		});
		expect(registry.select(store).getReportItemsError('products', { page: 2 })).toBe(false);
		fail = false;
		registry.dispatch(store).invalidateResolution('getReportItems', ['products', { page: 1 }]);
		await registry.resolveSelect(store).getReportItems('products', { page: 1 });
		expect(registry.select(store).getReportItemsError('products', { page: 1 })).toBe(false);
		expect(registry.select(store).getReportItems('products', { page: 1 }).data).toEqual([
			{ id: 1 },
		]);
	});

	it('asks for a report when it is first selected, and its resolver reads that answer', async () => {
		const calls = stubApiFetch((call) => ({
			body: call.route.endsWith('/stats') ? { totals: { orders_count: 2 } } : [{ id: 4 }],
			headers: { 'X-WP-Total': '1' },
		}));
		const registry = registryWith(store);
		expect(selectReportStats(registry.select, 'orders', { q: 1 }).status).toBe('idle');
		expect(selectReportItems(registry.select, 'orders', { q: 1 }).status).toBe('idle');
		// Asked at once, not in @wordpress/data's next task.
		expect(calls.map((call) => call.route)).toEqual([
			'/wc-analytics/reports/orders/stats',
			'/wc-analytics/reports/orders',
		]);
		// Selected again before the answers: not asked again.
		selectReportStats(registry.select, 'orders', { q: 1 });
		const finished = () =>
			registry.select(store).hasFinishedResolution('getReportStats', ['orders', { q: 1 }]) &&
			registry.select(store).hasFinishedResolution('getReportItems', ['orders', { q: 1 }]);
		await until(finished);
		expect(calls).toHaveLength(2);
		expect(selectReportStats(registry.select, 'orders', { q: 1 })).toMatchObject({
			status: 'success',
			data: { data: { totals: { orders_count: 2 } }, totalResults: 1 },
		});
		expect(selectReportItems(registry.select, 'orders', { q: 1 })).toMatchObject({
			status: 'success',
			data: { data: [{ id: 4 }] },
		});
		// Asked again (Retry): one more request, read by its resolver.
		registry.dispatch(store).invalidateResolution('getReportStats', ['orders', { q: 1 }]);
		selectReportStats(registry.select, 'orders', { q: 1 });
		await until(finished);
		expect(calls).toHaveLength(3);
	});

	it('keys actions with the canonical resource name', () => {
		const registry = registryWith(store);
		const action = registry.dispatch(store);
		void action.setReportItems(
			'x',
			{ b: 1, a: 2 },
			{ data: [1], totalResults: 1, totalPages: 1 },
		);
		expect(getResourceName('x', { a: 2, b: 1 })).toBe('x:{"a":2,"b":1}');
		expect(registry.select(store).getReportItems('x', { a: 2, b: 1 }).data).toEqual([1]);
	});
});
