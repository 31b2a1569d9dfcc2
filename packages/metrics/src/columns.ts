/**
 * The reports' table columns that are not metrics (an order's number, a product's title, a SKU, a
 * stock status, a date...): each report's column key → heading, once. The app's report tables and
 * the server's CSV exports both read them, so a heading is written here only; metric columns take
 * `getMetric(report, key).columnLabel`.
 *
 * Words are functions so that they are translated when read (after the page has loaded its
 * translations), not when this module loads, as the metric catalogue's.
 */
import { __ } from '@wordpress/i18n';

/** A column as written here: its words as functions of the current locale. */
export interface ColumnEntry {
	/** The table's column heading. */
	label: () => string;
	/** The CSV export's heading when it differs from the table's. */
	exportLabel?: () => string;
}

/** Headings several reports share (one msgid, written once). */
const WORDS = {
	date: () => __('Date', 'abacus'),
	/* translators: Table column heading: the order's number. */
	orderNumber: () => __('Order #', 'abacus'),
	status: () => __('Status', 'abacus'),
	customer: () => __('Customer', 'abacus'),
	productTitle: () => __('Product title', 'abacus'),
	sku: () => __('SKU', 'abacus'),
	stock: () => __('Stock', 'abacus'),
	username: () => __('Username', 'abacus'),
	name: () => __('Name', 'abacus'),
	category: () => __('Category', 'abacus'),
};

/** Each report's non-metric columns, in the order its table lists them. */
export const REPORT_COLUMNS = {
	revenue: {
		date: { label: WORDS.date },
	},
	orders: {
		date: { label: WORDS.date },
		order_number: { label: WORDS.orderNumber },
		// The order's total as the store writes it (the export's own column; the table has none).
		total: { label: () => __('Total', 'abacus') },
		status: { label: WORDS.status },
		customer: { label: WORDS.customer },
		customer_type: { label: () => __('Customer type', 'abacus') },
		products: { label: () => __('Product(s)', 'abacus') },
		coupons: { label: () => __('Coupon(s)', 'abacus') },
	},
	products: {
		product_name: { label: WORDS.productTitle },
		sku: { label: WORDS.sku },
		stock_status: { label: WORDS.status },
		stock: { label: WORDS.stock },
	},
	variations: {
		name: { label: () => __('Product / Variation title', 'abacus') },
		sku: { label: WORDS.sku },
		stock_status: { label: WORDS.status },
		stock: { label: WORDS.stock },
	},
	categories: {
		category: { label: WORDS.category },
	},
	coupons: {
		code: { label: () => __('Coupon code', 'abacus') },
		created: { label: () => __('Created', 'abacus') },
		expires: { label: () => __('Expires', 'abacus') },
		type: {
			/* translators: Table column heading: a coupon's discount type (percentage, fixed cart...). */
			label: () => __('Type', 'abacus'),
		},
	},
	taxes: {
		tax_code: { label: () => __('Tax code', 'abacus') },
		rate: {
			/* translators: Table column heading: a tax rate, a percentage. */
			label: () => __('Rate', 'abacus'),
		},
	},
	downloads: {
		date: { label: WORDS.date },
		product: { label: WORDS.productTitle },
		file_name: { label: () => __('File name', 'abacus') },
		order_number: { label: WORDS.orderNumber },
		username: { label: WORDS.username },
		ip_address: {
			/* translators: Table column heading: the IP address a file was downloaded from. */
			label: () => __('IP', 'abacus'),
		},
	},
	stock: {
		title: { label: () => __('Product / Variation', 'abacus') },
		sku: { label: WORDS.sku },
		stock_status: { label: WORDS.status },
		stock_quantity: { label: WORDS.stock },
	},
	customers: {
		name: { label: WORDS.name },
		username: { label: WORDS.username },
		date_last_active: { label: () => __('Last active', 'abacus') },
		date_registered: {
			label: () => __('Date registered', 'abacus'),
			exportLabel: () => __('Sign up', 'abacus'),
		},
		email: { label: () => __('Email', 'abacus') },
		country: { label: () => __('Country / Region', 'abacus') },
		city: { label: () => __('City', 'abacus') },
		state: { label: () => __('Region', 'abacus') },
		postcode: { label: () => __('Postal code', 'abacus') },
	},
	profit: {
		product: { label: () => __('Product', 'abacus') },
		category: { label: WORDS.category },
	},
	/** "When orders come": its orders (the orders of a picked cell, and its export). */
	'order-times': {
		date: { label: WORDS.date },
		weekday: { label: () => __('Weekday', 'abacus') },
		hour: { label: () => __('Hour', 'abacus') },
		order_number: { label: WORDS.orderNumber },
		status: { label: WORDS.status },
		customer: { label: WORDS.customer },
	},
} as const satisfies Record<string, Record<string, ColumnEntry>>;

/** A report whose table has non-metric columns in the catalogue. */
export type ColumnReport = keyof typeof REPORT_COLUMNS;

/** The column keys of a report: `ColumnKey<'orders'>` is `'date' | 'order_number' | ...`. */
export type ColumnKey<R extends ColumnReport> = Extract<keyof (typeof REPORT_COLUMNS)[R], string>;

/** A non-metric column of a report table, its words in the current locale. */
export interface ReportColumn {
	/** The column's key (the table's column key, e.g. `order_number`). */
	key: string;
	/** The table's column heading ('Order #'). */
	label: string;
	/** The CSV export's heading: the label unless the export says it otherwise. */
	exportLabel: string;
}

/** Every report with non-metric columns, in the catalogue's order. */
export const COLUMN_REPORTS = Object.keys(REPORT_COLUMNS) as ColumnReport[];

const has = (object: object, key: string): boolean =>
	Object.prototype.hasOwnProperty.call(object, key);

function resolve(key: string, entry: ColumnEntry): ReportColumn {
	const label = entry.label();
	return { key, label, exportLabel: entry.exportLabel?.() ?? label };
}

function entries(report: ColumnReport): Record<string, ColumnEntry> {
	return REPORT_COLUMNS[report];
}

/**
 * A non-metric column of a report, its words in the current locale: `getColumn('orders',
 * 'order_number').label` is 'Order #'. The key is checked by TypeScript; for a key read from
 * elsewhere use findColumn().
 */
export function getColumn<R extends ColumnReport>(report: R, key: ColumnKey<R>): ReportColumn {
	const column = findColumn(report, key);
	if (!column) throw new Error(`Unknown column ${report}/${key}`);
	return column;
}

/** A column by report and key from any source, or undefined (own keys only). */
export function findColumn(report: string, key: string): ReportColumn | undefined {
	if (!has(REPORT_COLUMNS, report)) return undefined;
	const set = entries(report as ColumnReport);
	return has(set, key) ? resolve(key, set[key] as ColumnEntry) : undefined;
}

/** Every non-metric column of a report, in the catalogue's order. */
export function columnsFor(report: ColumnReport): ReportColumn[] {
	return Object.entries(entries(report)).map(([key, entry]) => resolve(key, entry));
}
