/**
 * "When orders come": orders count and net sales per weekday × hour of day of the store's local
 * time (`GET wc-analytics/reports/order-times`), with the orders report's advanced filters.
 *
 * The cells read the same order-stats rows, with the same metric SQL (`ORDER_METRICS`), statuses
 * and filters as `reports/orders/stats`, so the 168 cells sum to that report's totals for the same
 * range and filters. Dates in `order_stats` are store-local wall time on the store's date basis,
 * so the weekday and hour are those of the store's time zone. Every read goes through the reader
 * a route is handed, in SQL both engines run (the dialect's weekday and hour; one JOIN per SELECT).
 */
import { getColumn, getMetric, type ColumnKey } from '@abacus/metrics';

import type { StoreSettings } from '../../db/store-settings.js';
import { missingParams } from '../../http/errors.js';
import type { ParamSpecs, Query } from '../../http/params.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { ORDER_METRICS } from '../../metrics/index.js';
import { dateRange } from '../shared/date-range.js';
import { dateWhere, orderFilters, statusWhere, whereClause } from '../shared/filters.js';
import { ORDER_FILTER_PARAMS } from '../shared/report-params.js';
import type { ExportColumn } from '../shared/export-columns.js';
import type { RouteResult } from '../shared/report-route.js';

export const ORDER_TIMES_PARAMS: ParamSpecs = {
	after: { type: 'date-time' },
	before: { type: 'date-time' },
	context: { type: 'string', enum: ['view', 'edit', 'embed'] },
	...ORDER_FILTER_PARAMS,
};

export interface OrderTimeCell {
	/** Day of the week, 0 = Sunday … 6 = Saturday. */
	weekday: number;
	/** Hour of the day in store time, 0 … 23. */
	hour: number;
	orders_count: number;
	net_revenue: number;
}

export interface OrderTimes {
	/** The weekdays in the store's order (the first is the store's week start). */
	weekdays: number[];
	start_of_week: number;
	time_zone: string;
	/** 168 cells, weekday by weekday in `weekdays` order, hours 0..23 within each. */
	cells: OrderTimeCell[];
	totals: OrderTimesTotals;
}

/** The busiest cell (weekday and hour) or weekday of a range; null when it has no orders. */
export interface Busiest {
	weekday: number;
	/** Only for the busiest hour. */
	hour?: number;
	orders_count: number;
}

/** The summary tiles' figures: sums of the 168 cells and their busiest hour and weekday. */
export interface OrderTimesTotals {
	orders_count: number;
	net_revenue: number;
	/** Net sales divided by orders (0 without orders). */
	avg_order_value: number;
	/** The cell with the most orders (the earliest in the week's order on a tie). */
	busiest_hour: Busiest | null;
	/** The weekday with the most orders (the earliest in the week's order on a tie). */
	busiest_weekday: Busiest | null;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
/** A sum of money cleared of floating-point noise (DuckDB adds DOUBLEs, ClickHouse decimals). */
const cents = (value: unknown): number => Math.round(Number(value ?? 0) * 1e6) / 1e6;

/** The weekdays starting at the store's week start (0 = Sunday). */
export function weekdayOrder(startOfWeek: number): number[] {
	return Array.from({ length: 7 }, (_, i) => (startOfWeek + i) % 7);
}

export async function orderTimes(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<OrderTimes> {
	const dialect = dialectOf(db);
	const range = dateRange(q.raw, settings.timeZone);
	const extra = await orderFilters(db, q);
	const where = whereClause(
		dateWhere(range, 's.date_created', dialect),
		statusWhere(q, settings),
		extra,
	);
	const rows = await db.all<{
		weekday: number;
		hour: number;
		orders_count: number;
		net_revenue: number;
	}>(
		`SELECT ${dialect.timePart('s.date_created', 'weekday')} AS weekday,
			${dialect.timePart('s.date_created', 'hour')} AS hour,
			${dialect.aggregate(ORDER_METRICS.orders_count.sql ?? '')} AS orders_count,
			${dialect.aggregate(ORDER_METRICS.net_revenue.sql ?? '')} AS net_revenue
		 FROM order_stats s ${where.sql}
		 GROUP BY ${dialect.groupBy(['weekday', 'hour'])}`,
		where.params,
	);
	const found = new Map(rows.map((r) => [`${Number(r.weekday)}:${Number(r.hour)}`, r]));
	const weekdays = weekdayOrder(settings.startOfWeek);
	const cells: OrderTimeCell[] = [];
	let orders = 0;
	let net = 0;
	let busiestHour: Busiest | null = null;
	let busiestWeekday: Busiest | null = null;
	for (const weekday of weekdays) {
		let dayOrders = 0;
		for (let hour = 0; hour < 24; hour++) {
			const row = found.get(`${weekday}:${hour}`);
			const cell = {
				weekday,
				hour,
				orders_count: row ? Number(row.orders_count) : 0,
				net_revenue: row ? round2(cents(row.net_revenue)) : 0,
			};
			orders += cell.orders_count;
			dayOrders += cell.orders_count;
			net = cents(net + (row ? cents(row.net_revenue) : 0));
			cells.push(cell);
			if (cell.orders_count > (busiestHour?.orders_count ?? 0)) {
				busiestHour = { weekday, hour, orders_count: cell.orders_count };
			}
		}
		if (dayOrders > (busiestWeekday?.orders_count ?? 0)) {
			busiestWeekday = { weekday, orders_count: dayOrders };
		}
	}
	return {
		weekdays,
		start_of_week: settings.startOfWeek,
		time_zone: settings.timeZone,
		cells,
		totals: {
			orders_count: orders,
			net_revenue: round2(net),
			avg_order_value: orders ? round2(net / orders) : 0,
			busiest_hour: busiestHour,
			busiest_weekday: busiestWeekday,
		},
	};
}

export const CELL_ORDERS_PARAMS: ParamSpecs = {
	...ORDER_TIMES_PARAMS,
	weekday: { type: 'integer', minimum: 0, maximum: 6 },
	hour: { type: 'integer', minimum: 0, maximum: 23 },
	page: { type: 'integer', default: 1, minimum: 1 },
	per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
};

export interface CellOrder {
	order_id: number;
	order_number: string;
	date: string;
	status: string;
	customer_name: string;
	num_items_sold: number;
	net_total: number;
}

/**
 * The orders of one heat-map cell (`reports/order-times/orders?weekday=2&hour=23`): the cell's
 * orders (not refunds) under the same range, statuses and filters, newest first, one page.
 */
export async function cellOrders(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const missing = ['weekday', 'hour'].filter((name) => q.raw[name] === undefined);
	if (missing.length) throw missingParams(missing);
	return rangeOrders(db, q, settings, { weekday: q.int('weekday', 0), hour: q.int('hour', 0) });
}

/** An order of the whole-report export: a cell order with its weekday and hour. */
export type TimedOrder = CellOrder & { weekday: number; hour: number };

/**
 * Every order (not refunds) of the range under the report's statuses and filters, newest first,
 * one page (`per_page` up to the export's batch): the whole-report export of "When orders come".
 * Grouped by `weekday` and `hour`, the rows are the 168 cells of `reports/order-times`.
 */
export async function orderTimesExportPage(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	return rangeOrders(db, q, settings, null);
}

async function rangeOrders(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	cell: { weekday: number; hour: number } | null,
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	const range = dateRange(q.raw, settings.timeZone);
	const extra = await orderFilters(db, q);
	const where = whereClause(
		dateWhere(range, 's.date_created', dialect),
		statusWhere(q, settings),
		extra,
		cell
			? {
					sql: [
						's.parent_id = 0',
						`${dialect.timePart('s.date_created', 'weekday')} = ?`,
						`${dialect.timePart('s.date_created', 'hour')} = ?`,
					],
					params: [cell.weekday, cell.hour],
				}
			: { sql: ['s.parent_id = 0'], params: [] },
	);
	const perPage = Math.max(1, q.int('per_page', 10));
	const page = q.int('page', 1);
	const count = await db.one<{ n: number }>(
		`SELECT COUNT(*) AS n FROM order_stats s ${where.sql}`,
		where.params,
	);
	const total = Number(count?.n ?? 0);
	const rows = await db.all<{
		order_id: number;
		number: string | null;
		date_text: string;
		weekday: number;
		hour: number;
		status: string;
		first_name: string | null;
		last_name: string | null;
		num_items_sold: number;
		net_total: number;
	}>(
		`SELECT s.order_id, s.number, ${dialect.isoText('s.date_created')} AS date_text,
			${dialect.timePart('s.date_created', 'weekday')} AS weekday,
			${dialect.timePart('s.date_created', 'hour')} AS hour,
			s.status, c.first_name, c.last_name, s.num_items_sold, s.net_total
		 FROM (
			SELECT s.order_id, o.number, s.date_created, s.status, s.customer_id, s.num_items_sold, s.net_total
			FROM order_stats s LEFT JOIN orders o ON o.id = s.order_id
			${where.sql}
		 ) s
		 LEFT JOIN customer_lookup c ON c.customer_id = s.customer_id
		 ORDER BY s.date_created DESC, s.order_id DESC
		 LIMIT ? OFFSET ?`,
		[...where.params, perPage, (page - 1) * perPage],
	);
	const body: TimedOrder[] = rows.map((r) => ({
		order_id: Number(r.order_id),
		order_number: String(r.number ?? r.order_id),
		date: String(r.date_text),
		weekday: Number(r.weekday),
		hour: Number(r.hour),
		status: String(r.status).replace(/^wc-/, ''),
		customer_name: [r.first_name, r.last_name].filter(Boolean).join(' '),
		num_items_sold: Number(r.num_items_sold),
		net_total: round2(Number(r.net_total)),
	}));
	return { body, total, totalPages: Math.max(1, Math.ceil(total / perPage)) };
}

const WEEKDAY_NAMES = [
	'Sunday',
	'Monday',
	'Tuesday',
	'Wednesday',
	'Thursday',
	'Friday',
	'Saturday',
];

/** The CSV heading of a column of the orders (the catalogue's, as the picked cell's table heads it). */
const heading = (key: ColumnKey<'order-times'>): string =>
	getColumn('order-times', key).exportLabel;

/** Columns of the whole-report export (`POST reports/order-times/export`): one row per order. */
export const ORDER_TIMES_EXPORT_COLUMNS: ExportColumn[] = [
	[heading('date'), (r) => r.date],
	[heading('weekday'), (r) => WEEKDAY_NAMES[Number(r.weekday)] ?? ''],
	[heading('hour'), (r) => `${String(r.hour).padStart(2, '0')}:00`],
	[heading('order_number'), (r) => r.order_number],
	[heading('status'), (r) => r.status],
	[heading('customer'), (r) => r.customer_name],
	[getMetric('orders', 'num_items_sold').columnLabel, (r) => r.num_items_sold],
	[getMetric('orders', 'net_revenue').columnLabel, (r) => r.net_total],
];

export async function orderTimesRoute(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	return { body: await orderTimes(db, q, settings) };
}
