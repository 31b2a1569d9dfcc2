/**
 * `reports` (index), `reports/performance-indicators` (+ `/allowed`) and `leaderboards`
 * (+ `/allowed`) (REST contract §6.1, §6.13, §6.14).
 */
import { findIndicator } from '@abacus/metrics';

import type { SqlValue } from '../../core/db.js';
import { RestError } from '../../http/errors.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import {
	COUPON_METRICS,
	COUPON_ROLLUP_SQL,
	deriveAll,
	DOWNLOAD_METRICS,
	ORDER_METRICS,
	ORDER_ROLLUP_SQL,
	present,
	PRODUCT_METRICS,
	PRODUCT_ROLLUP_SQL,
	TAX_METRICS,
	TAX_ROLLUP_SQL,
	VARIATION_ROLLUP_SQL,
	type Metric,
} from '../../metrics/index.js';
import { statusAccepts, statusWhere, whereClause } from '../shared/filters.js';
import { couponStats } from '../coupons/stats.js';
import { downloadStats } from '../downloads/stats.js';
import { productStats } from '../products/stats.js';
import { taxStats } from '../taxes/stats.js';
import { categoriesList } from '../categories/list.js';
import { couponsList } from '../coupons/list.js';
import { productsList } from '../products/list.js';
import { customersList } from '../customers/customers.js';
import { orderStats } from '../shared/order-stats.js';
import { Query } from '../../http/params.js';
import { type RouteResult } from '../shared/report-route.js';
import { type StoreSettings } from '../../db/store-settings.js';
import { dateRange } from '../shared/date-range.js';
import { DAY_TOTAL_TABLES, dayTotals } from './day-totals.js';

const NS = '/wc-analytics';

interface Indicator {
	stat: string;
	report: string;
	endpoint: string;
	metric: Metric;
	label: string;
}

/** An indicator named as the shared catalogue names it (`indicatorLabel` of @abacus/metrics). */
const ind = (report: string, endpoint: string, metric: Metric): Indicator => {
	const stat = `${report}/${metric.key}`;
	const label = findIndicator(stat)?.indicatorLabel ?? metric.label;
	return { stat, report, endpoint, metric, label };
};

/** Allowed indicators in the response order. */
export const INDICATORS: Indicator[] = [
	ind('revenue', 'revenue', ORDER_METRICS.total_sales),
	ind('revenue', 'revenue', ORDER_METRICS.net_revenue),
	ind('orders', 'orders', ORDER_METRICS.orders_count),
	ind('orders', 'orders', ORDER_METRICS.avg_order_value),
	ind('products', 'products', PRODUCT_METRICS.items_sold),
	ind('revenue', 'revenue', ORDER_METRICS.refunds),
	ind('coupons', 'coupons', COUPON_METRICS.orders_count),
	ind('coupons', 'coupons', COUPON_METRICS.amount),
	ind('taxes', 'taxes', TAX_METRICS.total_tax),
	ind('taxes', 'taxes', TAX_METRICS.order_tax),
	ind('taxes', 'taxes', TAX_METRICS.shipping_tax),
	ind('revenue', 'revenue', ORDER_METRICS.shipping),
	ind('downloads', 'downloads', DOWNLOAD_METRICS.download_count),
	ind('revenue', 'revenue', ORDER_METRICS.gross_sales),
	ind('variations', 'variations', PRODUCT_METRICS.items_sold),
];

function links(i: Indicator): Record<string, Array<{ href: string }>> {
	return {
		api: [{ href: `${NS}/reports/${i.endpoint}/stats` }],
		report: [{ href: `/analytics/${i.report}` }],
	};
}

export function allowedIndicators(): RouteResult {
	const body = INDICATORS.map((i) => ({
		stat: i.stat,
		chart: i.metric.key,
		label: i.label,
		_links: links(i),
	}));
	return { body, total: body.length, totalPages: 1 };
}

/** Column aliases of the one roll-up query: `<report>__<metric>`. */
const alias = (report: string, key: string): string => `"${report}__${key}"`;

/**
 * Totals of the order, product, variation, coupon and tax indicators for whole days, read from the
 * daily roll-ups in one statement (the same per-day partial sums the stats endpoints read).
 * Downloads, and ranges that are not whole days, go through the reports themselves.
 */
async function rollupTotals(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	chosen: Indicator[],
): Promise<Map<string, Record<string, unknown>>> {
	const out = new Map<string, Record<string, unknown>>();
	const range = dateRange(q.raw, settings.timeZone);
	const dayAligned = range.after % 86_400_000 === 0 && range.before % 86_400_000 === 86_399_000;
	const reports = new Set(chosen.map((c) => c.endpoint).filter((r) => r !== 'downloads'));
	// Engines without the daily roll-ups answer through the reports themselves.
	if (!dialectOf(db).rollups || !dayAligned || !reports.size) return out;
	const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
	const where = (table: string): { sql: string; params: SqlValue[] } =>
		whereClause(
			{
				sql: [`${table}.day BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)`],
				params: [day(range.after), day(range.before)],
			},
			statusWhere(new Query({}), settings, table),
		);
	const orderKeys = [
		'orders_count',
		'total_sales',
		'refunds',
		'taxes',
		'shipping',
		'net_revenue',
	];
	const parts: Array<{ select: string[]; from: string }> = [];
	const orders = reports.has('revenue') || reports.has('orders') || reports.has('coupons');
	if (orders) {
		parts.push({
			select: [
				...orderKeys.map((k) => `${ORDER_ROLLUP_SQL[k]} AS ${alias('order', k)}`),
				`${COUPON_ROLLUP_SQL.orders_count} AS ${alias('coupons', 'orders_count')}`,
			],
			from: 'order_stats_daily s',
		});
		parts.push({
			select: [`${COUPON_ROLLUP_SQL.amount} AS ${alias('coupons', 'amount')}`],
			from: 'order_coupon_daily c',
		});
	}
	if (reports.has('products') || reports.has('variations')) {
		parts.push({
			select: [
				`${PRODUCT_ROLLUP_SQL.items_sold} AS ${alias('products', 'items_sold')}`,
				`${VARIATION_ROLLUP_SQL.items_sold} AS ${alias('variations', 'items_sold')}`,
			],
			from: 'order_product_daily p',
		});
	}
	if (reports.has('taxes')) {
		parts.push({
			select: Object.entries(TAX_ROLLUP_SQL).map(
				([k, sql]) => `${sql} AS ${alias('taxes', k)}`,
			),
			from: 'order_tax_daily t',
		});
	}
	// On the embedded store, from the roll-ups' running totals kept in memory (day-totals.ts).
	const kept = dayTotals(
		db,
		[
			...(orders ? DAY_TOTAL_TABLES.orders : []),
			...(reports.has('products') || reports.has('variations')
				? DAY_TOTAL_TABLES.products
				: []),
			...(reports.has('taxes') ? DAY_TOTAL_TABLES.taxes : []),
		],
		range.after,
		range.before,
		statusAccepts(new Query({}), settings),
	);
	// Else one statement per roll-up table, side by side on the database's reader connections:
	// each is a scan of a few thousand rows, and on one thread per statement two run at once.
	const row: Record<string, unknown> =
		kept ??
		Object.assign(
			{},
			...(await Promise.all(
				parts.map((part) => {
					const w = where(part.from.split(' ')[1]);
					return db.one(
						`SELECT ${part.select.join(', ')} FROM ${part.from} ${w.sql}`,
						w.params,
					);
				}),
			)),
		);
	const value = (report: string, key: string): number => Number(row?.[`${report}__${key}`] ?? 0);
	if (orders) {
		const values: Record<string, number> = {};
		for (const key of Object.keys(ORDER_METRICS)) values[key] = 0;
		for (const key of orderKeys) values[key] = value('order', key);
		values.coupons = value('coupons', 'amount');
		deriveAll(ORDER_METRICS, values);
		const shown = Object.fromEntries(
			Object.values(ORDER_METRICS).map((m) => [m.key, present(m, values[m.key])]),
		);
		// The roll-ups are by creation date: under another date type (db/date-basis.ts) revenue
		// and orders are answered by their reports.
		if ((settings.dateBasis ?? 'date_created') === 'date_created') {
			out.set('revenue', shown);
			out.set('orders', shown);
		}
		out.set('coupons', {
			amount: present(COUPON_METRICS.amount, value('coupons', 'amount')),
			orders_count: present(COUPON_METRICS.orders_count, value('coupons', 'orders_count')),
		});
	}
	for (const report of ['products', 'variations']) {
		if (reports.has(report))
			out.set(report, {
				items_sold: present(PRODUCT_METRICS.items_sold, value(report, 'items_sold')),
			});
	}
	if (reports.has('taxes')) {
		out.set(
			'taxes',
			Object.fromEntries(
				Object.keys(TAX_ROLLUP_SQL).map((k) => [
					k,
					present(TAX_METRICS[k], value('taxes', k)),
				]),
			),
		);
	}
	return out;
}

export async function performanceIndicators(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const requested = q.has('stats') ? q.strings('stats') : INDICATORS.map((i) => i.stat);
	if (!requested.length) {
		throw new RestError(
			'woocommerce_analytics_performance_indicators_empty_query',
			'A list of stats to query must be provided.',
			400,
		);
	}
	const chosen = INDICATORS.filter((i) => requested.includes(i.stat));
	const range = { after: q.raw.after, before: q.raw.before, interval: 'year', per_page: 100 };
	const totals = new Map<string, Record<string, unknown>>();
	const rolled = await rollupTotals(db, q, settings, chosen);
	for (const [report, values] of rolled) totals.set(report, values);
	const load = async (report: string): Promise<Record<string, unknown>> => {
		let t = totals.get(report);
		if (t) return t;
		const fields = chosen.filter((c) => c.endpoint === report).map((c) => c.metric.key);
		const sub = new Query({ ...range, fields });
		const r =
			report === 'revenue' || report === 'orders'
				? await orderStats(db, sub, settings, report === 'orders')
				: report === 'products'
					? await productStats(db, sub, settings, false)
					: report === 'variations'
						? await productStats(db, sub, settings, true)
						: report === 'coupons'
							? await couponStats(db, sub, settings)
							: report === 'taxes'
								? await taxStats(db, sub, settings)
								: await downloadStats(db, sub, settings);
		t = r.body.totals;
		totals.set(report, t);
		return t;
	};
	const body = [];
	for (const i of chosen) {
		const t = await load(i.endpoint);
		const value = t[i.metric.key];
		body.push({
			stat: i.stat,
			chart: i.metric.key,
			label: i.label,
			format: i.metric.format,
			value: typeof value === 'number' ? value : null,
			_links: links(i),
		});
	}
	return { body, total: body.length, totalPages: 1 };
}

const BOARDS = [
	{
		id: 'customers',
		label: 'Top Customers - Total Spend',
		headers: ['Customer Name', 'Orders', 'Total Spend'],
	},
	{
		id: 'coupons',
		label: 'Top Coupons - Number of Orders',
		headers: ['Coupon code', 'Orders', 'Amount discounted'],
	},
	{
		id: 'categories',
		label: 'Top categories - Items sold',
		headers: ['Category', 'Items sold', 'Net sales'],
	},
	{
		id: 'products',
		label: 'Top products - Items sold',
		headers: ['Product', 'Items sold', 'Net sales'],
	},
];

export function allowedLeaderboards(): RouteResult {
	const body = BOARDS.map((b) => ({
		id: b.id,
		label: b.label,
		headers: b.headers.map((label) => ({ label })),
	}));
	return { body, total: body.length, totalPages: 1 };
}

function escapeHtml(s: string): string {
	return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function leaderboards(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const perPage = q.int('per_page', 5);
	let persisted: Record<string, string> = {};
	try {
		const parsed: unknown = JSON.parse(q.str('persisted_query', '{}') || '{}');
		if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
			persisted = Object.fromEntries(
				Object.entries(parsed).filter(([, v]) => typeof v === 'string'),
			) as Record<string, string>;
		}
	} catch {
		persisted = {};
	}
	const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
	const currency = new Intl.NumberFormat('en-US', {
		style: 'currency',
		currency: settings.currency,
	});
	const price = (v: number): { display: string; value: number } => ({
		display: `<span class="woocommerce-Price-amount amount">${escapeHtml(currency.format(v))}</span>`,
		value: v,
	});
	const num = (v: number): { display: string; value: number } => ({
		display: count.format(v),
		value: v,
	});
	const anchor = (
		path: string,
		filter: string,
		key: string,
		id: number,
		name: string,
	): { display: string; value: string } => {
		const params = new URLSearchParams({
			page: 'wc-admin',
			path,
			...persisted,
			filter,
			[key]: String(id),
		});
		return {
			display: `<a href='admin.php?${escapeHtml(params.toString())}'>${escapeHtml(name)}</a>`,
			value: name,
		};
	};
	const sub = new Query({
		after: q.raw.after,
		before: q.raw.before,
		per_page: perPage,
		page: 1,
		order: 'desc',
		extended_info: true,
	});
	const withOrder = (orderby: string): Query => new Query({ ...sub.raw, orderby });
	// The four lists at once: the database answers them on its reader connections side by side.
	// The boards show no totals, nor the categories' orders count, and of an item its name alone.
	const page = { total: false, namesOnly: true };
	const [customers, coupons, categories, products] = (
		await Promise.all([
			customersList(db, withOrder('total_spend'), settings, page),
			couponsList(db, withOrder('orders_count'), settings, page),
			categoriesList(db, withOrder('items_sold'), settings, { ...page, ordersCount: false }),
			productsList(db, withOrder('items_sold'), settings, page),
		])
	).map((list) => list.body as Array<Record<string, unknown>>);
	const rows = {
		customers: customers.map((r) => [
			anchor(
				'/analytics/customers',
				'single_customer',
				'customers',
				Number(r.id),
				String(r.name),
			),
			num(Number(r.orders_count)),
			price(Number(r.total_spend)),
		]),
		coupons: coupons.map((r) => [
			anchor(
				'/analytics/coupons',
				'single_coupon',
				'coupons',
				Number(r.coupon_id),
				String((r.extended_info as { code?: string }).code ?? ''),
			),
			num(Number(r.orders_count)),
			price(Number(r.amount)),
		]),
		categories: categories.map((r) => [
			anchor(
				'/analytics/categories',
				'single_category',
				'categories',
				Number(r.category_id),
				String((r.extended_info as { name?: string }).name ?? ''),
			),
			num(Number(r.items_sold)),
			price(Number(r.net_revenue)),
		]),
		products: products.map((r) => [
			anchor(
				'/analytics/products',
				'single_product',
				'products',
				Number(r.product_id),
				String((r.extended_info as { name?: string }).name ?? ''),
			),
			num(Number(r.items_sold)),
			price(Number(r.net_revenue)),
		]),
	};
	const body = BOARDS.map((b) => ({
		id: b.id,
		label: b.label,
		headers: b.headers.map((label) => ({ label })),
		rows: rows[b.id as keyof typeof rows],
	}));
	return { body, total: body.length, totalPages: 1 };
}

const INDEX = [
	'performance-indicators',
	'revenue/stats',
	'orders/stats',
	'products',
	'products/stats',
	'variations',
	'variations/stats',
	'categories',
	'categories/stats',
	'coupons',
	'coupons/stats',
	'taxes',
	'taxes/stats',
	'downloads',
	'downloads/files',
	'downloads/stats',
	'customers',
];

function describe(slug: string): string {
	const [name, kind] = slug.split('/');
	const title = name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
	if (kind === 'stats') return `Stats about ${name.replace(/-/g, ' ')}.`;
	if (kind === 'files') return `${title} files detailed report.`;
	return `${title} detailed report.`;
}

export function reportsIndex(): RouteResult {
	return {
		body: INDEX.map((slug) => ({
			slug,
			description: describe(slug),
			path: `${NS}/reports/${slug}`,
			_links: {
				self: [{ href: `${NS}/reports/${slug}` }],
				report: [{ href: `/analytics/${slug.replace(/\/(stats|files)$/, '')}` }],
				collection: [{ href: `${NS}/reports` }],
			},
		})),
	};
}
