/**
 * The breakdown reports: order figures per value of one order dimension (payment method, shipping
 * method, order origin, billing or shipping place), one module for all four.
 *
 * `GET reports/{payment-methods|shipping-methods|origins|places}` — one row per dimension value:
 * `key`, `label` (the store's own words: gateway or shipping method title, '' when none),
 * `orders_count`, `net_revenue`, `refunds`, `avg_order_value`, `net_revenue_share` (% of the net
 * sales of every value in the same range and filters), `shipping`, `new_customers`.
 * `GET reports/{…}/stats` — `totals` and `intervals[].subtotals` of the same figures (plus
 * `values`, the number of dimension values), with `segmentby=<segment>` one segment per value.
 *
 * The rows are order-stats rows (orders and their refunds; a refund counts under its order's
 * value, on its own date), so a dimension's figures sum to revenue/orders stats of the same range,
 * statuses and filters. Dimension values come from `db/order-dimensions.ts` (`order_dimensions`).
 *
 * Every read goes through the `SqlReader` a route is handed, in SQL both engines run (DuckDB and
 * ClickHouse 18.16: subqueries instead of CTEs, one JOIN per SELECT, no correlated subquery, the
 * four groupings of the stats as a UNION ALL instead of GROUPING SETS).
 */
import { pageOfIntervals, sortIntervals } from '@abacus/date';
import { getMetric, type MetricKey } from '@abacus/metrics';

import type { SqlValue } from '../../core/db.js';
import { formatSql, gmtText, localToUtcLast } from '../../db/store-time.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { invalidParams } from '../../http/errors.js';
import { MAX_UNPAGED_ROWS, tooManyRows } from '../../http/paging.js';
import {
	normaliseQuery,
	Query as QueryOf,
	type ParamSpecs,
	type Query,
} from '../../http/params.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { DIMENSION_FILTERS, ORIGIN_KEY } from '../shared/breakdown-filters.js';
import { dateRange } from '../shared/date-range.js';
import { dateWhere, statusWhere, whereClause, type Where } from '../shared/filters.js';
import { bucketKeyOf, buckets, type Interval } from '../shared/intervals.js';
import { STATUSES } from '../shared/report-params.js';
import type { ReportHandler, ReportRouteOptions, RouteResult } from '../shared/report-route.js';

/** SQL of a grouping: the value's key and the store's label for it, over `order_dimensions d`. */
interface Grouping {
	key: string;
	label: string;
}

export interface Dimension {
	/** Route slug (`reports/<slug>`), also the report's slug in the app. */
	slug: 'payment-methods' | 'shipping-methods' | 'origins' | 'places';
	/** List parameter limiting the report to some values (the comparison's items). */
	itemParam: string;
	/** `segmentby` value of the stats endpoint. */
	segment: string;
	/** The ways to group (`group_by`), the first the default. */
	groups: Record<string, Grouping>;
}

export const DIMENSIONS: readonly Dimension[] = [
	{
		slug: 'payment-methods',
		itemParam: 'payment_methods',
		segment: 'payment_method',
		groups: { method: { key: 'd.payment_method', label: 'd.payment_method_title' } },
	},
	{
		slug: 'shipping-methods',
		itemParam: 'shipping_methods',
		segment: 'shipping_method',
		groups: { method: { key: 'd.shipping_method', label: 'd.shipping_method_title' } },
	},
	{
		slug: 'origins',
		itemParam: 'origins',
		segment: 'origin',
		groups: {
			origin: { key: ORIGIN_KEY, label: "''" },
			source_type: { key: 'd.origin_type', label: "''" },
			campaign: { key: 'd.origin_campaign', label: "''" },
			device: { key: 'd.origin_device', label: "''" },
		},
	},
	{
		slug: 'places',
		itemParam: 'places',
		segment: 'place',
		groups: {
			billing_country: { key: 'd.billing_country', label: "''" },
			billing_state: { key: `d.billing_country || ':' || d.billing_state`, label: "''" },
			shipping_country: { key: 'd.shipping_country', label: "''" },
			shipping_state: { key: `d.shipping_country || ':' || d.shipping_state`, label: "''" },
		},
	},
];

/** The dimension of a route slug. */
export function dimensionOf(slug: string): Dimension {
	const dimension = DIMENSIONS.find((d) => d.slug === slug);
	if (!dimension) throw new Error(`Unknown breakdown ${slug}`);
	return dimension;
}

/** The figures of a row, a total or an interval, in response order. */
export const BREAKDOWN_FIGURES = [
	'orders_count',
	'net_revenue',
	'refunds',
	'avg_order_value',
	'net_revenue_share',
	'shipping',
	'new_customers',
] as const;
type Figure = (typeof BREAKDOWN_FIGURES)[number];
type Figures = Record<Figure, number>;

const SORTS = [...BREAKDOWN_FIGURES, 'label', 'key'] as const;

const keyList = { type: 'strings' } as const;

function filterParams(): ParamSpecs {
	const specs: ParamSpecs = {
		status_is: { type: 'strings', enum: STATUSES },
		status_is_not: { type: 'strings', enum: STATUSES },
		customer_type: { type: 'string', enum: ['new', 'returning'] },
	};
	for (const name of Object.keys(DIMENSION_FILTERS)) {
		specs[`${name}_includes`] = keyList;
		specs[`${name}_excludes`] = keyList;
	}
	return specs;
}

/** Parameters of `reports/<slug>` (the table). */
export function listParams(dimension: Dimension): ParamSpecs {
	return {
		page: { type: 'integer', default: 1, minimum: 1 },
		per_page: { type: 'integer', default: 25, minimum: -1, maximum: 100 },
		after: { type: 'date-time' },
		before: { type: 'date-time' },
		order: { type: 'string', default: 'desc', enum: ['asc', 'desc'] },
		orderby: { type: 'string', default: 'net_revenue', enum: SORTS },
		group_by: {
			type: 'string',
			default: Object.keys(dimension.groups)[0],
			enum: Object.keys(dimension.groups),
		},
		[dimension.itemParam]: { type: 'ids' },
		context: { type: 'string', enum: ['view', 'edit', 'embed'] },
		...filterParams(),
	};
}

/** Parameters of `reports/<slug>/stats` (tiles and chart). */
export function statsParams(dimension: Dimension): ParamSpecs {
	return {
		page: { type: 'integer', default: 1, minimum: 1 },
		per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
		after: { type: 'date-time' },
		before: { type: 'date-time' },
		order: { type: 'string', default: 'asc', enum: ['asc', 'desc'] },
		orderby: { type: 'string', default: 'date', enum: ['date'] },
		interval: {
			type: 'string',
			default: 'week',
			enum: ['hour', 'day', 'week', 'month', 'quarter', 'year'],
		},
		fields: { type: 'strings' },
		segmentby: { type: 'string', enum: [dimension.segment] },
		group_by: {
			type: 'string',
			default: Object.keys(dimension.groups)[0],
			enum: Object.keys(dimension.groups),
		},
		[dimension.itemParam]: { type: 'ids' },
		context: { type: 'string', enum: ['view', 'edit', 'embed'] },
		...filterParams(),
	};
}

function grouping(dimension: Dimension, q: Query): Grouping {
	const name = q.str('group_by', Object.keys(dimension.groups)[0]);
	if (!Object.hasOwn(dimension.groups, name)) {
		throw invalidParams({
			group_by: `group_by must be one of: ${Object.keys(dimension.groups).join(', ')}.`,
		});
	}
	return dimension.groups[name];
}

/**
 * The numeric id of a value's key (FNV-1a, 31 bits, never 0): the app's item lists (comparison,
 * table checkboxes) hold numeric ids, so rows and segments carry `id` and the item list parameter
 * takes these ids.
 */
export function keyId(key: string): number {
	let h = 0x811c9dc5;
	for (const ch of new TextEncoder().encode(key)) {
		h ^= ch;
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h >>> 1 || 1;
}

/** Conditions of the advanced filters, the item keys and the customer type on `s` and `d`. */
function dimensionWhere(q: Query, group: Grouping, itemKeys: string[] | null): Where {
	const where: Where = { sql: [], params: [] };
	const add = (expr: string, values: string[], not: boolean): void => {
		if (!values.length) return;
		where.sql.push(`(${expr}) ${not ? 'NOT IN' : 'IN'} (${values.map(() => '?').join(', ')})`);
		where.params.push(...values);
	};
	for (const [name, expr] of Object.entries(DIMENSION_FILTERS)) {
		add(expr, q.strings(`${name}_includes`), false);
		add(expr, q.strings(`${name}_excludes`), true);
	}
	if (itemKeys) add(group.key, itemKeys.length ? itemKeys : ['\u0000'], false);
	const type = q.str('customer_type');
	if (type === 'new' || type === 'returning') {
		// A refund follows its order: the order's flag decides (no flag: a new customer's).
		where.sql.push(
			`(CASE WHEN s.parent_id = 0 THEN s.order_id ELSE s.parent_id END) ${type === 'returning' ? 'IN' : 'NOT IN'} (SELECT o.order_id FROM order_stats o WHERE o.returning_customer = ?)`,
		);
		where.params.push(true);
	}
	return where;
}

/**
 * The order-stats rows of the request with their dimension key and label (a subquery `b`):
 * `new_order` is 1 for an order row of a new customer's (returning flag false).
 */
function baseRows(
	db: SqlReader,
	dimension: Dimension,
	q: Query,
	settings: StoreSettings,
	itemKeys: string[] | null,
	extraColumns = '',
): { sql: string; params: SqlValue[] } {
	const group = grouping(dimension, q);
	const range = dateRange(q.raw, settings.timeZone);
	const where = whereClause(
		dateWhere(range, 's.date_created', dialectOf(db)),
		statusWhere(q, settings),
		dimensionWhere(q, group, itemKeys),
	);
	return {
		sql: `SELECT s.order_id, s.parent_id, s.net_total, s.shipping_total, s.customer_id,
				CASE WHEN NOT s.returning_customer THEN 1 ELSE 0 END AS new_order,
				COALESCE(${group.key}, '') AS k, COALESCE(${group.label}, '') AS lbl
				${extraColumns}
			FROM order_stats s
			LEFT JOIN order_dimensions d
				ON d.order_id = CASE WHEN s.parent_id = 0 THEN s.order_id ELSE s.parent_id END
			${where.sql}`,
		params: where.params,
	};
}

/**
 * The keys of the item list's ids (null without a list), in the list's order: the values of the
 * range and filters whose `keyId` is listed.
 */
async function itemKeysOf(
	db: SqlReader,
	dimension: Dimension,
	q: Query,
	settings: StoreSettings,
): Promise<string[] | null> {
	const ids = q.ids(dimension.itemParam);
	if (!ids.length) return null;
	const base = baseRows(db, dimension, q, settings, null);
	const rows = await db.all(`SELECT DISTINCT b.k AS k FROM (${base.sql}) b`, base.params);
	const byId = new Map(rows.map((r) => [keyId(String(r.k ?? '')), String(r.k ?? '')]));
	return ids.filter((id) => byId.has(id)).map((id) => byId.get(id) as string);
}

/** Aggregates of order-stats rows `b` (figures before the derived ones), in DuckDB's SQL. */
const AGGREGATES: Array<[string, string]> = [
	['orders_count', 'COUNT(*) FILTER (WHERE b.parent_id = 0)'],
	['net_revenue', 'COALESCE(SUM(b.net_total), 0)'],
	['refunds', 'COALESCE(-SUM(b.net_total) FILTER (WHERE b.net_total < 0), 0)'],
	['shipping', 'COALESCE(SUM(b.shipping_total), 0)'],
	[
		'new_customers',
		'COUNT(DISTINCT b.customer_id) FILTER (WHERE b.parent_id = 0 AND b.new_order = 1)',
	],
];

/** The aggregates as the reader's engine writes them. */
function aggregates(db: SqlReader): string {
	const dialect = dialectOf(db);
	return AGGREGATES.map(([name, sql]) => `${dialect.aggregate(sql)} AS ${name}`).join(', ');
}

const round = (n: number): number => Math.round(n * 100) / 100;

/**
 * A sum of money cleared of floating-point noise (DuckDB adds DOUBLEs: 2328.1499999999996 or
 * 2328.15 by the order of the rows; ClickHouse adds decimals), so an average or share on the half
 * rounds the same on every engine, as the metric layer does (`metrics/index.ts`).
 */
const cents = (value: unknown): number => Math.round(Number(value ?? 0) * 1e6) / 1e6;

function figures(row: Record<string, unknown>, totalNet: number): Figures {
	const orders = Number(row.orders_count ?? 0);
	const net = cents(row.net_revenue);
	return {
		orders_count: orders,
		net_revenue: round(net),
		refunds: round(cents(row.refunds)),
		avg_order_value: orders ? round(net / orders) : 0,
		net_revenue_share: totalNet ? round((100 * net) / totalNet) : 0,
		shipping: round(cents(row.shipping)),
		new_customers: Number(row.new_customers ?? 0),
	};
}

/** `reports/<slug>`: one row per dimension value, sorted and paged. */
export async function breakdownList(
	db: SqlReader,
	dimension: Dimension,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const base = baseRows(db, dimension, q, settings, await itemKeysOf(db, dimension, q, settings));
	const rows = await db.all(
		`SELECT b.k AS key, max(b.lbl) AS label, ${aggregates(db)} FROM (${base.sql}) b GROUP BY b.k`,
		base.params,
	);
	const totalNet = cents(rows.reduce((s, r) => s + cents(r.net_revenue), 0));
	const items = rows.map((r) => ({
		id: keyId(String(r.key ?? '')),
		key: String(r.key ?? ''),
		label: String(r.label ?? ''),
		...figures(r, totalNet),
	}));
	const orderby = q.str('orderby', 'net_revenue');
	const dir = q.str('order', 'desc') === 'asc' ? 1 : -1;
	items.sort((a, b) => {
		const x = orderby === 'label' || orderby === 'key' ? a[orderby] : a[orderby as Figure];
		const y = orderby === 'label' || orderby === 'key' ? b[orderby] : b[orderby as Figure];
		if (x < y) return -dir;
		if (x > y) return dir;
		return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
	});
	const perPage = q.int('per_page', 25);
	const page = q.int('page', 1);
	if (perPage === -1) {
		if (items.length > MAX_UNPAGED_ROWS) throw tooManyRows(items.length);
		return { body: items, total: items.length, totalPages: items.length ? 1 : 0 };
	}
	const size = Math.max(1, perPage);
	return {
		body: items.slice((page - 1) * size, page * size),
		total: items.length,
		totalPages: Math.ceil(items.length / size),
	};
}

/** Most segments one stats answer carries (the largest by net sales when no items are named). */
export const MAX_SEGMENTS = 25;

function pickFields(
	values: Figures & { values?: number },
	fields: string[],
): Record<string, number> {
	if (!fields.length) return values;
	return Object.fromEntries(Object.entries(values).filter(([k]) => fields.includes(k))) as Record<
		string,
		number
	>;
}

/** `reports/<slug>/stats`: totals and intervals of the figures, with segments per value. */
export async function breakdownStats(
	db: SqlReader,
	dimension: Dimension,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const interval = q.str('interval', 'week') as Interval;
	const { startOfWeek, timeZone } = settings;
	const range = dateRange(q.raw, timeZone);
	const dialect = dialectOf(db);
	const itemKeys = await itemKeysOf(db, dimension, q, settings);
	const base = baseRows(
		db,
		dimension,
		q,
		settings,
		itemKeys,
		`, ${dialect.bucketStart('s.date_created', interval, startOfWeek)} AS bk`,
	);
	// The four groupings (bucket × value, bucket, value, all), as GROUPING SETS would give them.
	const groupings: Array<[bucket: boolean, key: boolean]> = [
		[true, true],
		[true, false],
		[false, true],
		[false, false],
	];
	const rows = await db.all(
		groupings
			.map(([bucket, key]) => {
				const by = [bucket ? 'b.bk' : '', key ? 'b.k' : ''].filter(Boolean);
				return `SELECT ${bucket ? dialect.text('b.bk') : 'NULL'} AS bucket, ${key ? 'b.k' : 'NULL'} AS key, ${key ? 'max(b.lbl)' : 'NULL'} AS label, ${aggregates(db)} FROM (${base.sql}) b${by.length ? ` GROUP BY ${by.join(', ')}` : ''}`;
			})
			.join(' UNION ALL '),
		groupings.flatMap(() => base.params),
	);
	const fields = q.strings('fields');
	const segmented = q.str('segmentby') === dimension.segment;
	const totalRow = rows.find((r) => r.bucket === null && r.key === null) ?? {};
	const totalNet = cents(totalRow.net_revenue);
	const byKey = rows.filter((r) => r.bucket === null && r.key !== null);
	const valuesCount = byKey.length;
	const segmentKeys = (
		itemKeys
			? itemKeys
			: [...byKey]
					.sort((a, b) => Number(b.net_revenue) - Number(a.net_revenue))
					.map((r) => String(r.key))
	).slice(0, MAX_SEGMENTS);
	const labels = new Map(byKey.map((r) => [String(r.key), String(r.label ?? '')]));
	const segmentsOf = (
		find: (key: string) => Record<string, unknown> | undefined,
		netOfScope: number,
	): Array<{ segment_id: number; segment_label: string; subtotals: Record<string, number> }> =>
		segmentKeys.map((key) => ({
			segment_id: keyId(key),
			segment_label: breakdownName({ key, label: labels.get(key) ?? '' }),
			subtotals: pickFields(figures(find(key) ?? {}, netOfScope), fields),
		}));
	const totals = {
		...pickFields({ ...figures(totalRow, totalNet), values: valuesCount }, fields),
		...(segmented
			? {
					segments: segmentsOf(
						(key) => byKey.find((r) => String(r.key) === key),
						totalNet,
					),
				}
			: {}),
	};
	const inBucket = new Map<string, Array<Record<string, unknown>>>();
	for (const r of rows) {
		if (r.bucket === null) continue;
		const k = bucketKeyOf(String(r.bucket), interval, startOfWeek);
		const list = inBucket.get(k) ?? [];
		list.push(r);
		inBucket.set(k, list);
	}
	const all = buckets(range.after, range.before, interval, startOfWeek);
	const sorted = sortIntervals(
		all,
		'date',
		q.str('order', 'asc'),
		(b) => b.start,
		() => 0,
	);
	const perPage = q.int('per_page', 10);
	const page = pageOfIntervals(sorted, q.int('page', 1), perPage);
	const fmt = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
	const intervals = page.map((bucket) => {
		const list = inBucket.get(bucket.key) ?? [];
		const whole = list.find((r) => r.key === null) ?? {};
		const net = cents(whole.net_revenue);
		return {
			interval: bucket.key,
			date_start: fmt(bucket.start),
			date_start_gmt: gmtText(bucket.start, timeZone),
			date_end: fmt(bucket.end),
			date_end_gmt: formatSql(localToUtcLast(bucket.end, timeZone)),
			subtotals: {
				...pickFields(
					{ ...figures(whole, net), values: list.filter((r) => r.key !== null).length },
					fields,
				),
				...(segmented
					? {
							segments: segmentsOf(
								(key) => list.find((r) => r.key !== null && String(r.key) === key),
								net,
							),
						}
					: {}),
			},
		};
	});
	const total = all.length;
	return {
		body: { totals, intervals },
		total,
		totalPages: total ? Math.ceil(total / perPage) : 0,
	};
}

/** WooCommerce's words for an attribution source type. */
const ORIGIN_TYPES: Record<string, string> = {
	typein: 'Direct',
	organic: 'Organic',
	referral: 'Referral',
	utm: 'Source',
	admin: 'Web admin',
	mobile_app: 'Mobile app',
	pos: 'Point of sale',
	unknown: 'Unknown',
};

/** The name of a value in an export (the store's title, or readable words for origins). */
export function breakdownName(row: Record<string, unknown>): string {
	const key = String(row.key ?? '');
	const label = String(row.label ?? '');
	if (label) return label;
	if (!key || key === ':') return 'None';
	const [type, source] = key.split(':', 2);
	if (Object.hasOwn(ORIGIN_TYPES, type)) {
		return source ? `${ORIGIN_TYPES[type]}: ${source}` : ORIGIN_TYPES[type];
	}
	return key;
}

/**
 * One page of a breakdown's table for the whole-report export (`shared/export.ts`, through
 * `index.ts`): the export's arguments are read with the table route's own parameters.
 */
export async function breakdownExportPage(
	db: SqlReader,
	slug: string,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const dimension = dimensionOf(slug);
	const raw = { ...q.raw };
	normaliseQuery(raw, listParams(dimension));
	return breakdownList(db, dimension, new QueryOf(raw), settings);
}

/**
 * The CSV columns of a breakdown's whole-report export: the metric labels of the @abacus/metrics
 * catalogue (the same for the four breakdowns).
 */
const breakdownLabel = (key: MetricKey<'payment-methods'>): string =>
	getMetric('payment-methods', key).label;

export const BREAKDOWN_EXPORT_COLUMNS: Array<[string, (row: Record<string, unknown>) => unknown]> =
	[
		['Key', (r) => r.key],
		['Name', breakdownName],
		[breakdownLabel('orders_count'), (r) => r.orders_count],
		[breakdownLabel('net_revenue'), (r) => r.net_revenue],
		[breakdownLabel('refunds'), (r) => r.refunds],
		[breakdownLabel('avg_order_value'), (r) => r.avg_order_value],
		[`${breakdownLabel('net_revenue_share')} (%)`, (r) => r.net_revenue_share],
		[breakdownLabel('shipping'), (r) => r.shipping],
		[breakdownLabel('new_customers'), (r) => r.new_customers],
	];

/**
 * Registers `reports/<slug>` and `reports/<slug>/stats` of every breakdown (REST-style routes),
 * on the metric layer's seam: each reads the request's store through the reader it is handed.
 */
export function registerBreakdownRoutes(
	route: (
		path: string,
		specs: ParamSpecs,
		handler: ReportHandler,
		options?: ReportRouteOptions,
	) => void,
	namespace: string,
): void {
	for (const dimension of DIMENSIONS) {
		route(
			`${namespace}/reports/${dimension.slug}`,
			listParams(dimension),
			(q, settings, _request, reader) => breakdownList(reader, dimension, q, settings),
			{ seam: true },
		);
		route(
			`${namespace}/reports/${dimension.slug}/stats`,
			statsParams(dimension),
			(q, settings, _request, reader) => breakdownStats(reader, dimension, q, settings),
			{ seam: true },
		);
	}
}
