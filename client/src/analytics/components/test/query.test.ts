import { reportConfigs } from '../../reports/registry.js';
import {
	getSelectedChart,
	getStatsOptions,
	getTableOptions,
	getTableSummaryOptions,
	sanitizeReportQuery,
} from '../query.js';

const { revenue, orders, products, stock, customers } = reportConfigs;

describe('sanitizeReportQuery', () => {
	it('keeps a well-formed query as it is', () => {
		const query = {
			period: 'custom',
			compare: 'previous_year',
			after: '2024-01-01',
			before: '2024-01-31',
			paged: '2',
			per_page: '50',
			orderby: 'net_revenue',
			order: 'asc',
			chart: 'taxes',
		};
		expect(sanitizeReportQuery(query, revenue)).toEqual(query);
	});

	it('drops unknown periods, impossible custom dates and unknown comparisons', () => {
		expect(
			sanitizeReportQuery({ period: 'fortnight', compare: 'previous_year' }, revenue),
		).toEqual({});
		expect(
			sanitizeReportQuery(
				{ period: 'custom', after: '2024-13-45', before: '2024-01-31' },
				revenue,
			),
		).toEqual({});
		expect(
			sanitizeReportQuery(
				{ period: 'custom', after: '2024-02-01', before: '2024-01-01' },
				revenue,
			),
		).toEqual({});
		expect(sanitizeReportQuery({ period: 'month', compare: 'someday' }, revenue)).toEqual({
			period: 'month',
		});
	});

	it('drops malformed paging, sorting and tile choices', () => {
		expect(
			sanitizeReportQuery(
				{
					paged: '-4',
					per_page: '1000',
					orderby: 'drop table',
					order: 'sideways',
					chart: 'nope',
					chartType: 'pie',
				},
				revenue,
			),
		).toEqual({});
		expect(sanitizeReportQuery({ paged: '0' }, revenue)).toEqual({});
		expect(sanitizeReportQuery({ paged: '1.5' }, revenue)).toEqual({});
	});

	it('keeps valid ids and drops item views without any', () => {
		expect(
			sanitizeReportQuery({ filter: 'single_product', products: '12,abc,12' }, products),
		).toEqual({
			filter: 'single_product',
			products: '12',
		});
		expect(
			sanitizeReportQuery({ filter: 'single_product', products: 'abc' }, products),
		).toEqual({});
		expect(sanitizeReportQuery({ filter: 'teleport' }, products)).toEqual({});
		expect(
			sanitizeReportQuery({ filter: 'compare-products', products: 'x' }, products),
		).toEqual({
			filter: 'compare-products',
		});
		expect(sanitizeReportQuery({ type: 'lowstock' }, stock)).toEqual({ type: 'lowstock' });
		expect(sanitizeReportQuery({ type: 'melted' }, stock)).toEqual({});
	});
});

describe('report request options', () => {
	it('ask the stats endpoint for the tiles of the report, and for what a table by interval shows', () => {
		const options = getStatsOptions(revenue, { period: 'month' });
		expect(options.endpoint).toBe('revenue');
		// Revenue's table reads the same answer: its order count comes along, once.
		expect(options.fields).toEqual([
			...revenue.charts.map((chart) => chart.key),
			'orders_count',
		]);
		// Orders' table summary figures come along with its tiles'.
		expect(getStatsOptions(orders, { period: 'month' }).fields).toEqual([
			...orders.charts.map((chart) => chart.key),
			'total_customers',
			'products',
			'num_items_sold',
			'coupons_count',
		]);
	});

	it('ask the table summary of the same stats request as the tiles and chart, one per period', () => {
		const options = getStatsOptions(products, { period: 'month' });
		expect(getTableSummaryOptions(products, { period: 'month' })).toEqual(options);
		// The summary's own figures (products_count) come with the tiles' figures.
		expect(options.fields).toEqual(
			expect.arrayContaining([
				...products.charts.map((chart) => chart.key),
				...products.table.summary.map((item) => item.key),
			]),
		);
		expect(new Set(options.fields).size).toBe(options.fields.length);
	});

	it('sort the table by the report default unless the query says otherwise', () => {
		expect(getTableOptions(customers, {}).query).toMatchObject({
			orderby: 'date_last_active',
			order: 'desc',
		});
		expect(getTableOptions(stock, {})).toMatchObject({
			endpoint: 'stock',
			query: { orderby: 'stock_status', order: 'asc' },
			tableQuery: { type: 'all' },
		});
		expect(getTableOptions(revenue, { orderby: 'taxes', order: 'asc' })).toMatchObject({
			query: { orderby: 'taxes', order: 'asc' },
			tableQuery: { interval: 'day' },
		});
	});

	it('select the tile named by chart, else the first', () => {
		expect(getSelectedChart(revenue, { chart: 'taxes' })?.key).toBe('taxes');
		expect(getSelectedChart(revenue, {})?.key).toBe('gross_sales');
	});
});
