/**
 * The reports' non-metric column headings are what users see on every report table and in the
 * first line of every CSV export: these tests fail when a heading changes.
 */
import { setLocaleData } from '@wordpress/i18n';

import {
	COLUMN_REPORTS,
	columnsFor,
	findColumn,
	getColumn,
	type ColumnReport,
	type ReportColumn,
} from '../index.js';

const pick = (columns: ReportColumn[], field: keyof ReportColumn) =>
	Object.fromEntries(columns.map((c) => [c.key, c[field]]));

describe('headings', () => {
	it('names each report’s non-metric columns as its table shows them', () => {
		const headings = Object.fromEntries(
			COLUMN_REPORTS.map((report) => [report, pick(columnsFor(report), 'label')]),
		);
		expect(headings).toEqual({
			revenue: { date: 'Date' },
			orders: {
				date: 'Date',
				order_number: 'Order #',
				total: 'Total',
				status: 'Status',
				customer: 'Customer',
				customer_type: 'Customer type',
				products: 'Product(s)',
				coupons: 'Coupon(s)',
			},
			products: {
				product_name: 'Product title',
				sku: 'SKU',
				stock_status: 'Status',
				stock: 'Stock',
			},
			variations: {
				name: 'Product / Variation title',
				sku: 'SKU',
				stock_status: 'Status',
				stock: 'Stock',
			},
			categories: { category: 'Category' },
			coupons: { code: 'Coupon code', created: 'Created', expires: 'Expires', type: 'Type' },
			taxes: { tax_code: 'Tax code', rate: 'Rate' },
			downloads: {
				date: 'Date',
				product: 'Product title',
				file_name: 'File name',
				order_number: 'Order #',
				username: 'Username',
				ip_address: 'IP',
			},
			stock: {
				title: 'Product / Variation',
				sku: 'SKU',
				stock_status: 'Status',
				stock_quantity: 'Stock',
			},
			customers: {
				name: 'Name',
				username: 'Username',
				date_last_active: 'Last active',
				date_registered: 'Date registered',
				email: 'Email',
				country: 'Country / Region',
				city: 'City',
				state: 'Region',
				postcode: 'Postal code',
			},
			profit: { product: 'Product', category: 'Category' },
			'order-times': {
				date: 'Date',
				weekday: 'Weekday',
				hour: 'Hour',
				order_number: 'Order #',
				status: 'Status',
				customer: 'Customer',
			},
		});
	});

	it('heads a CSV column as its table does, except where the export says it otherwise', () => {
		const differing = COLUMN_REPORTS.flatMap((report: ColumnReport) =>
			columnsFor(report)
				.filter((c) => c.exportLabel !== c.label)
				.map((c) => [`${report}/${c.key}`, c.label, c.exportLabel]),
		);
		expect(differing).toEqual([['customers/date_registered', 'Date registered', 'Sign up']]);
		expect(getColumn('orders', 'order_number').exportLabel).toBe('Order #');
	});
});

describe('look-ups', () => {
	it('finds a column by strings from elsewhere, and nothing for unknown or inherited names', () => {
		expect(findColumn('downloads', 'file_name')).toEqual({
			key: 'file_name',
			label: 'File name',
			exportLabel: 'File name',
		});
		expect(findColumn('downloads', 'nope')).toBeUndefined();
		expect(findColumn('nope', 'date')).toBeUndefined();
		expect(findColumn('orders', '__proto__')).toBeUndefined();
		expect(findColumn('orders', 'toString')).toBeUndefined();
		expect(findColumn('__proto__', 'date')).toBeUndefined();
		expect(() => getColumn('orders', 'nope' as 'date')).toThrow('Unknown column orders/nope');
	});
});

describe('translations', () => {
	afterEach(() => setLocaleData({ '': {} }, 'abacus'));

	it('translates when read, so translations loaded after the import apply', () => {
		setLocaleData(
			{
				'': { domain: 'abacus' },
				'Order #': ['Bestellnr.'],
				'Date registered': ['Registriert am'],
				'Sign up': ['Registrierung'],
			},
			'abacus',
		);
		expect(getColumn('downloads', 'order_number').label).toBe('Bestellnr.');
		expect(getColumn('customers', 'date_registered')).toEqual({
			key: 'date_registered',
			label: 'Registriert am',
			exportLabel: 'Registrierung',
		});
	});
});
