import { sameChartQuery } from '../../components/report-chart.js';

describe('sameChartQuery', () => {
	it('ignores what only pages or sorts the table', () => {
		const base = { period: 'year', interval: 'day', chart: 'net_revenue' };
		expect(sameChartQuery(base, { ...base, paged: '2', per_page: '50' })).toBe(true);
		expect(
			sameChartQuery(
				{ ...base, orderby: 'date' },
				{ ...base, orderby: 'net_revenue', order: 'asc' },
			),
		).toBe(true);
	});

	it('sees every change the chart draws from', () => {
		const base = { period: 'year', interval: 'day', chart: 'net_revenue' };
		expect(sameChartQuery(base, { ...base, interval: 'week' })).toBe(false);
		expect(sameChartQuery(base, { ...base, chart: 'refunds' })).toBe(false);
		expect(sameChartQuery(base, { ...base, chartType: 'bar' })).toBe(false);
		expect(sameChartQuery(base, { ...base, products: '1,2' })).toBe(false);
		expect(sameChartQuery(base, { period: 'year', interval: 'day' })).toBe(false);
	});
});
