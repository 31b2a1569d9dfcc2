import { pageOfRows, sortIntervalRows } from '../interval-rows.js';

const rows = [
	{ date_start: '2026-10-01 00:00:00', subtotals: { net_revenue: 10, orders_count: 1 } },
	{ date_start: '2026-10-02 00:00:00', subtotals: { net_revenue: 0, orders_count: 0 } },
	{ date_start: '2026-10-03 00:00:00', subtotals: { net_revenue: 30, orders_count: 2 } },
	{ date_start: '2026-10-04 00:00:00', subtotals: { net_revenue: 0, orders_count: 0 } },
	{ date_start: '2026-10-05 00:00:00', subtotals: { net_revenue: -5, orders_count: 1 } },
];
const days = (list: typeof rows) => list.map((row) => row.date_start.slice(8, 10));

describe('sortIntervalRows', () => {
	it('sorts by date, newest first by default order desc', () => {
		expect(days(sortIntervalRows(rows, 'date', 'desc'))).toEqual([
			'05',
			'04',
			'03',
			'02',
			'01',
		]);
		expect(days(sortIntervalRows(rows, 'date', 'asc'))).toEqual(['01', '02', '03', '04', '05']);
	});

	it('sorts by a subtotal, ties oldest first as the server does', () => {
		expect(days(sortIntervalRows(rows, 'net_revenue', 'desc'))).toEqual([
			'03',
			'01',
			'02',
			'04',
			'05',
		]);
		expect(days(sortIntervalRows(rows, 'net_revenue', 'asc'))).toEqual([
			'05',
			'02',
			'04',
			'01',
			'03',
		]);
	});

	it('leaves the given list as it was', () => {
		const before = days(rows);
		sortIntervalRows(rows, 'net_revenue', 'asc');
		expect(days(rows)).toEqual(before);
	});
});

describe('pageOfRows', () => {
	it('cuts the requested page, and nothing past the last', () => {
		expect(pageOfRows([1, 2, 3, 4, 5], 1, 2)).toEqual([1, 2]);
		expect(pageOfRows([1, 2, 3, 4, 5], 3, 2)).toEqual([5]);
		expect(pageOfRows([1, 2, 3, 4, 5], 4, 2)).toEqual([]);
	});

	it('falls back to page 1 of 25 for unusable numbers', () => {
		const many = Array.from({ length: 30 }, (_value, index) => index);
		expect(pageOfRows(many, -1, Number.NaN)).toEqual(many.slice(0, 25));
	});
});
