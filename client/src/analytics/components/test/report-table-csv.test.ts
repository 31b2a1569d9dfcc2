/**
 * The CSV a browser makes of a report table holds the columns extensions add through
 * `woocommerce_admin_report_table`, with a value for every row of the file (not only the page on
 * screen), and leaves out the columns the user hid.
 */
import { generateCSVDataFromTable } from '@abacus/csv-export';
import { addFilter, removeAllFilters } from '@wordpress/hooks';

import { REPORT_TABLE_FILTER, type ReportTableData } from '../extension-hooks.js';
import { reportTableCSV, type CSVTableHeader } from '../report-table-csv.js';

type Table = ReportTableData<CSVTableHeader, { display?: unknown; value?: number | string }>;

const NAMESPACE = 'test/report-table-csv';

/** 30 intervals of a revenue table: more rows than one page of 25. */
const items = Array.from({ length: 30 }, (_unused, index) => ({
	date: `2026-10-${String(index + 1).padStart(2, '0')}`,
	orders_count: index + 1,
	net_revenue: (index + 1) * 10,
}));

function input() {
	return {
		endpoint: 'revenue',
		headers: [
			{ key: 'date', label: 'Date', visible: true },
			{ key: 'orders_count', label: 'Orders', visible: true },
			{ key: 'net_revenue', label: 'Net sales', visible: false },
		],
		rows: items.map((item) => [
			{ display: item.date, value: item.date },
			{ display: String(item.orders_count), value: item.orders_count },
			{ display: `$${item.net_revenue}.00`, value: item.net_revenue },
		]),
		items,
		totals: {},
		summary: [],
	};
}

afterEach(() => {
	removeAllFilters(REPORT_TABLE_FILTER, NAMESPACE);
});

describe('reportTableCSV', () => {
	it('holds the visible columns only when no extension adds any', () => {
		const csv = reportTableCSV(input());
		expect(csv.headers.map((header) => header.label)).toEqual(['Date', 'Orders']);
		expect(csv.rows).toHaveLength(30);
		expect(generateCSVDataFromTable(csv.headers, csv.rows).split('\n')[1]).toBe('2026-10-01,1');
	});

	it("holds an extension's column with each row's value, for every row of the file", () => {
		addFilter(REPORT_TABLE_FILTER, NAMESPACE, (table: Table) =>
			table.endpoint !== 'revenue'
				? table
				: {
						...table,
						headers: [
							...table.headers,
							{ key: 'average_order', label: 'Average order value' },
						],
						rows: table.rows.map((row, index) => {
							const item = table.items.data[index] as (typeof items)[number];
							const value = item.net_revenue / item.orders_count;
							return [...row, { display: `$${value.toFixed(2)}`, value }];
						}),
					},
		);
		const csv = reportTableCSV(input());
		const text = generateCSVDataFromTable(csv.headers, csv.rows);
		const lines = text.split('\n');
		expect(lines[0]).toBe('Date,Orders,Average order value');
		expect(lines).toHaveLength(31);
		expect(lines[1]).toBe('2026-10-01,1,10');
		expect(lines[30]).toBe('2026-10-30,30,10');
	});

	it("leaves out an extension's column that says visible: false, and a broken answer", () => {
		addFilter(REPORT_TABLE_FILTER, NAMESPACE, (table: Table) => ({
			...table,
			headers: [...table.headers, { key: 'internal', label: 'Internal', visible: false }],
			rows: table.rows.map((row) => [...row, { display: 'x', value: 'x' }]),
		}));
		expect(reportTableCSV(input()).headers.map((header) => header.label)).toEqual([
			'Date',
			'Orders',
		]);
		removeAllFilters(REPORT_TABLE_FILTER, NAMESPACE);
		// A row without a cell for the new header: the extension's answer is ignored.
		addFilter(REPORT_TABLE_FILTER, NAMESPACE, (table: Table) => ({
			...table,
			headers: [...table.headers, { key: 'broken', label: 'Broken' }],
		}));
		const csv = reportTableCSV(input());
		expect(csv.headers.map((header) => header.label)).toEqual(['Date', 'Orders']);
		expect(csv.rows[0]).toHaveLength(2);
	});
});
