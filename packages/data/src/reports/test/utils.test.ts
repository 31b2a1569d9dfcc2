import { store as itemsStore } from '../../items/index.js';
import { flush, registryWith, stubApiFetch, until, wpError } from '../../test/helpers.js';
import { store } from '../index.js';
import {
	getFilterQuery,
	getLeaderboard,
	getReportChartData,
	getReportTableData,
	getReportTableQuery,
	getRequestQuery,
	getSummaryNumbers,
	getTooltipValueFormat,
	searchItemsByString,
	CHART_CACHE_SIZE,
	hasDateRange,
} from '../utils.js';

const customYear = {
	period: 'custom',
	compare: 'previous_year',
	after: '2024-01-01',
	before: '2024-12-31',
};

describe('getFilterQuery', () => {
	const filters = [
		{
			param: 'filter',
			filters: [
				{ value: 'all' },
				{ value: 'single_product', settings: { param: 'products' } },
				{ value: 'top_items', subFilters: [{ value: 'top_sold' }] },
				{ value: 'advanced' },
			],
		},
	];
	const advancedFilters = {
		filters: {
			status: {
				rules: [{ value: 'is' }, { value: 'is_not' }],
				input: { component: 'SelectControl' },
			},
			date: {
				rules: [{ value: 'before' }, { value: 'after' }, { value: 'between' }],
				input: { component: 'Date' },
			},
		},
	};

	it('keeps only the limitBy params during a search', () => {
		expect(
			getFilterQuery({
				endpoint: 'products',
				query: { search: 'x', products: '1,2', orders: '3' },
			}),
		).toEqual({ products: '1,2' });
		expect(
			getFilterQuery({
				endpoint: 'products',
				limitBy: ['orders'],
				query: { search: 'x', orders: '3' },
			}),
		).toEqual({ orders: '3' });
	});

	it('adds the chosen filter value or its settings param', () => {
		expect(getFilterQuery({ endpoint: 'orders', query: {}, filters })).toEqual({});
		expect(
			getFilterQuery({ endpoint: 'orders', query: { filter: 'top_sold' }, filters }),
		).toEqual({
			filter: 'top_sold',
		});
		expect(
			getFilterQuery({
				endpoint: 'orders',
				query: { filter: 'single_product', products: '7' },
				filters,
			}),
		).toEqual({ products: '7' });
		expect(
			getFilterQuery({ endpoint: 'orders', query: { filter: 'unknown' }, filters }),
		).toEqual({});
	});

	it('turns advanced filters into url keys with match and day timestamps', () => {
		const result = getFilterQuery({
			endpoint: 'orders',
			query: {
				filter: 'advanced',
				status_is: 'completed',
				date_between: ['2024-01-01', '2024-01-31'],
			},
			filters,
			advancedFilters,
		});
		expect(result).toMatchObject({
			match: 'all',
			status_is: 'completed',
			date_between: ['2024-01-01T00:00:00', '2024-01-31T23:59:59'],
		});
	});
});

describe('report queries', () => {
	it('builds the chart request for each period', () => {
		const primary = getRequestQuery({
			endpoint: 'revenue',
			dataType: 'primary',
			query: { ...customYear, interval: 'month' },
			fields: ['net_revenue'],
		});
		expect(primary).toMatchObject({
			order: 'asc',
			interval: 'month',
			per_page: 100,
			after: '2024-01-01T00:00:00',
			before: '2024-12-31T23:59:59',
			fields: ['net_revenue'],
		});
		const secondary = getRequestQuery({
			endpoint: 'revenue',
			dataType: 'secondary',
			query: { ...customYear, interval: 'month' },
		});
		expect(secondary).toMatchObject({
			after: '2023-01-01T00:00:00',
			before: '2023-12-31T23:59:59',
		});
	});

	it('says which endpoints have a date range', () => {
		expect(['stock', 'customers'].map(hasDateRange)).toEqual([false, false]);
		expect(['revenue', 'orders', 'products'].map(hasDateRange)).toEqual([true, true, true]);
	});

	it('sends neither dates nor interval for stock and customers', () => {
		expect(
			getRequestQuery({
				endpoint: 'stock',
				dataType: 'primary',
				query: customYear,
				fields: ['x'],
			}),
		).toEqual({ fields: ['x'] });
		const table = getReportTableQuery({ endpoint: 'customers', query: customYear });
		expect(table.after).toBeUndefined();
		expect(table.before).toBeUndefined();
	});

	it('builds the table query with defaults', () => {
		expect(
			getReportTableQuery({
				endpoint: 'orders',
				query: customYear,
				tableQuery: { extended_info: true },
			}),
		).toEqual({
			orderby: 'date',
			order: 'desc',
			after: '2024-01-01T00:00:00',
			before: '2024-12-31T23:59:59',
			page: 1,
			per_page: 25,
			extended_info: true,
		});
		expect(
			getReportTableQuery({
				endpoint: 'orders',
				query: {
					...customYear,
					paged: 3,
					per_page: 50,
					orderby: 'net_total',
					order: 'asc',
				},
			}),
		).toMatchObject({ page: 3, per_page: 50, orderby: 'net_total', order: 'asc' });
	});

	it('formats tooltips by value type', () => {
		const formatAmount = (value: number) => `$${value}`;
		expect(getTooltipValueFormat('currency', formatAmount)).toBe(formatAmount);
		expect(getTooltipValueFormat('percent', formatAmount)).toBe('.0%');
		expect(getTooltipValueFormat('number', formatAmount)).toBe(',');
		expect(getTooltipValueFormat('average', formatAmount)).toBe(',.2r');
		expect(getTooltipValueFormat('other', formatAmount)).toBe(',');
	});
});

function interval(n: number) {
	return {
		interval: `i${n}`,
		date_start: '',
		date_start_gmt: '',
		date_end: '',
		date_end_gmt: '',
		subtotals: {},
	};
}

describe('getReportChartData', () => {
	it('fetches pages 2..n when there are more than 100 intervals and joins them', async () => {
		const calls = stubApiFetch((call) => {
			const page = Number(call.query.page ?? 1);
			const count = page < 3 ? 100 : 50;
			return {
				body: {
					totals: { net_revenue: 1 },
					intervals: Array.from({ length: count }, (_, i) =>
						interval((page - 1) * 100 + i),
					),
				},
				headers: { 'X-WP-Total': '250', 'X-WP-TotalPages': '3' },
			};
		});
		const registry = registryWith(store);
		const options = {
			endpoint: 'revenue',
			dataType: 'primary' as const,
			// 250 days: three pages of intervals.
			query: { ...customYear, before: '2024-09-06', interval: 'day' },
			select: registry.select,
			fields: ['net_revenue'],
		};
		expect(getReportChartData(options).isRequesting).toBe(true);
		await until(() => !getReportChartData(options).isRequesting);
		const result = getReportChartData(options);
		expect(result.data.intervals).toHaveLength(250);
		expect(result.data.intervals[249].interval).toBe('i249');
		expect(calls.map((call) => call.query.page ?? '1').sort()).toEqual(['1', '2', '3']);
		expect(getReportChartData(options)).toBe(result);
	});

	it('asks for every page of a long range at once, before the first answer arrives', async () => {
		const releases: Array<() => void> = [];
		const calls = stubApiFetch(
			(call) =>
				new Promise((resolve) => {
					const page = Number(call.query.page ?? 1);
					const count = page < 4 ? 100 : 66;
					releases.push(() =>
						resolve({
							body: {
								totals: { net_revenue: 1 },
								intervals: Array.from({ length: count }, (_, i) =>
									interval((page - 1) * 100 + i),
								),
							},
							headers: { 'X-WP-Total': '366', 'X-WP-TotalPages': '4' },
						}),
					);
				}),
		);
		const registry = registryWith(store);
		const options = {
			endpoint: 'revenue',
			dataType: 'primary' as const,
			query: { ...customYear, interval: 'day' },
			select: registry.select,
			fields: ['net_revenue'],
		};
		expect(getReportChartData(options).isRequesting).toBe(true);
		await until(() => calls.length >= 4);
		await flush(20);
		// No answer yet, and all four pages of 2024 (366 days) are already on their way.
		expect(calls.map((call) => call.query.page ?? '1').sort()).toEqual(['1', '2', '3', '4']);
		expect(getReportChartData(options).isRequesting).toBe(true);
		releases.forEach((release) => release());
		await until(() => !getReportChartData(options).isRequesting);
		const result = getReportChartData(options);
		expect(result.data.intervals).toHaveLength(366);
		expect(calls).toHaveLength(4);
	});

	it('is empty without intervals and reports errors', async () => {
		stubApiFetch((call) =>
			call.route.includes('orders')
				? wpError(500, 'boom', 'Broken')
				: {
						body: { totals: { net_revenue: 0 }, intervals: [] },
						headers: { 'X-WP-Total': '0' },
					},
		);
		const registry = registryWith(store);
		const base = { dataType: 'primary' as const, query: customYear, select: registry.select };
		getReportChartData({ ...base, endpoint: 'revenue' });
		getReportChartData({ ...base, endpoint: 'orders' });
		await until(
			() =>
				!getReportChartData({ ...base, endpoint: 'revenue' }).isRequesting &&
				!getReportChartData({ ...base, endpoint: 'orders' }).isRequesting,
		);
		expect(getReportChartData({ ...base, endpoint: 'revenue' }).isEmpty).toBe(true);
		expect(getReportChartData({ ...base, endpoint: 'orders' }).isError).toBe(true);
	});

	it(`keeps at most ${CHART_CACHE_SIZE} results, dropping the least recently used`, async () => {
		stubApiFetch(() => ({ body: { totals: { stock: 1 } }, headers: { 'X-WP-Total': '1' } }));
		const registry = registryWith(store);
		// Stock has no dates: each field list is another request and another cached result.
		const options = (i: number) => ({
			endpoint: 'stock',
			dataType: 'primary' as const,
			query: {},
			fields: [`field_${i}`],
			select: registry.select,
		});
		const count = CHART_CACHE_SIZE + 1;
		for (let i = 0; i < count; i++) {
			getReportChartData(options(i));
		}
		// Every answer stored (read from the store: reading the results would reorder the cache).
		await until(() =>
			Array.from({ length: count }, (_, i) => i).every((i) =>
				registry
					.select(store)
					.hasFinishedResolution('getReportStats', [
						'stock',
						getRequestQuery({ ...options(i), dataType: 'primary' }),
					]),
			),
		);
		const first = getReportChartData(options(0));
		const second = getReportChartData(options(1));
		expect(getReportChartData(options(0))).toBe(first);
		// CHART_CACHE_SIZE other results (the second one among them, kept in use) push the first out.
		for (let i = 2; i < count; i++) {
			getReportChartData(options(i));
			expect(getReportChartData(options(1))).toBe(second);
		}
		const again = getReportChartData(options(0));
		expect(again).not.toBe(first);
		expect(again).toEqual(first);
		expect(getReportChartData(options(1))).toBe(second);
	});
});

describe('getSummaryNumbers', () => {
	it('asks for the secondary period after the primary one', async () => {
		const calls = stubApiFetch((call) => ({
			body: {
				totals: { net_revenue: call.query.after?.startsWith('2024') ? 10 : 4 },
				intervals: [],
			},
		}));
		const registry = registryWith(store);
		const options = { endpoint: 'revenue', query: customYear, select: registry.select };
		expect(getSummaryNumbers(options).isRequesting).toBe(true);
		const primaryQuery = getRequestQuery({ ...options, dataType: 'primary' });
		await until(() =>
			registry
				.select(store)
				.hasFinishedResolution('getReportStats', ['revenue', primaryQuery]),
		);
		expect(calls).toHaveLength(1);
		expect(getSummaryNumbers(options)).toMatchObject({
			isRequesting: true,
			totals: { primary: { net_revenue: 10 }, secondary: null },
		});
		await until(() => !getSummaryNumbers(options).isRequesting);
		expect(getSummaryNumbers(options)).toEqual({
			isRequesting: false,
			isError: false,
			totals: { primary: { net_revenue: 10 }, secondary: { net_revenue: 4 } },
		});
	});

	it('gives the same object again while its answers are unchanged', async () => {
		stubApiFetch(() => ({ body: { totals: { net_revenue: 3 }, intervals: [] } }));
		const registry = registryWith(store);
		const options = { endpoint: 'revenue', query: customYear, select: registry.select };
		// A useSelect draws again only when its result changes: a store change elsewhere (another
		// answer of the page) gives the same summary, still loading or loaded.
		const waiting = getSummaryNumbers(options);
		expect(getSummaryNumbers({ ...options })).toBe(waiting);
		const primaryQuery = getRequestQuery({ ...options, dataType: 'primary' });
		await until(() =>
			registry
				.select(store)
				.hasFinishedResolution('getReportStats', ['revenue', primaryQuery]),
		);
		const primaryOnly = getSummaryNumbers(options);
		expect(primaryOnly.totals.primary).toEqual({ net_revenue: 3 });
		expect(getSummaryNumbers(options)).toBe(primaryOnly);
		await until(() => !getSummaryNumbers(options).isRequesting);
		const both = getSummaryNumbers(options);
		expect(both).toMatchObject({
			isRequesting: false,
			totals: { secondary: { net_revenue: 3 } },
		});
		expect(getSummaryNumbers(options)).toBe(both);
	});
});

describe('getReportChartData while it waits', () => {
	it('gives the same object on each call, then the chart once answered', async () => {
		stubApiFetch(() => ({
			body: { totals: { net_revenue: 1 }, intervals: [{ interval: 'x' }] },
		}));
		const registry = registryWith(store);
		const options = {
			endpoint: 'revenue',
			query: { period: 'custom', after: '2024-03-01', before: '2024-03-02' },
			select: registry.select,
			dataType: 'primary' as const,
		};
		const waiting = getReportChartData(options);
		expect(waiting).toMatchObject({ isRequesting: true, isError: false });
		expect(getReportChartData({ ...options })).toBe(waiting);
		await until(() => !getReportChartData(options).isRequesting);
		const answered = getReportChartData(options);
		expect(answered).toMatchObject({
			isRequesting: false,
			data: { totals: { net_revenue: 1 } },
		});
		expect(getReportChartData(options)).toBe(answered);
	});
});

describe('getReportTableData', () => {
	it('gives rows with totals once loaded', async () => {
		stubApiFetch(() => ({
			body: [{ order_id: 1 }],
			headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' },
		}));
		const registry = registryWith(store);
		const options = { endpoint: 'orders', query: customYear, select: registry.select };
		expect(getReportTableData(options)).toMatchObject({
			isRequesting: true,
			items: { data: [], totalResults: 0 },
		});
		await until(() => !getReportTableData(options).isRequesting);
		expect(getReportTableData(options)).toMatchObject({
			isRequesting: false,
			items: { data: [{ order_id: 1 }], totalResults: 1 },
		});
	});
});

describe('items helpers', () => {
	it('picks one leaderboard for the primary period', async () => {
		const calls = stubApiFetch(() => ({
			body: [
				{ id: 'top_products', rows: [[{ display: 'Hoodie', value: 'Hoodie' }]] },
				{ id: 'top_coupons', rows: [] },
			],
		}));
		const registry = registryWith(itemsStore);
		const options = {
			id: 'top_products',
			per_page: 5,
			persisted_query: { period: 'custom' },
			query: customYear,
			select: registry.select,
		};
		expect(getLeaderboard(options).isRequesting).toBe(true);
		await until(() => !getLeaderboard(options).isRequesting);
		expect(getLeaderboard(options)).toEqual({
			isRequesting: false,
			isError: false,
			rows: [[{ display: 'Hoodie', value: 'Hoodie' }]],
		});
		expect(calls[0].route).toBe('/wc-analytics/leaderboards');
		expect(calls[0].query).toMatchObject({
			after: '2024-01-01T00:00:00',
			per_page: '5',
			persisted_query: '{"period":"custom"}',
		});
	});

	it('searches items word by word', async () => {
		const calls = stubApiFetch((call) => ({
			body:
				call.query.search === 'cap'
					? [{ id: 2, name: 'Cap' }]
					: [{ id: 1, name: 'Hoodie' }],
		}));
		const registry = registryWith(itemsStore);
		expect(searchItemsByString(registry.select, 'products', ['hood', 'cap']).isRequesting).toBe(
			true,
		);
		await until(
			() => !searchItemsByString(registry.select, 'products', ['hood', 'cap']).isRequesting,
		);
		const result = searchItemsByString(registry.select, 'products', ['hood', 'cap']);
		expect(result).toEqual({
			isRequesting: false,
			isError: false,
			items: { 1: { id: 1, name: 'Hoodie' }, 2: { id: 2, name: 'Cap' } },
		});
		expect(calls.every((call) => call.query.per_page === '10')).toBe(true);
	});
});
