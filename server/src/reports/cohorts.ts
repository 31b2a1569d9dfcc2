/**
 * Cohorts and lifetime value.
 *
 * * `GET wc-analytics/reports/cohorts` — customers grouped by the month (or week) of their first
 *   order; per cohort its size and, for each following period, the customers who ordered in it
 *   (retention), the net sales in it and the cumulative net sales per customer.
 * * `GET wc-analytics/reports/cohorts/orders` — the orders behind one triangle cell: the orders
 *   (not refunds) placed in period `k` by the customers of cohort `cohort`, newest first, one page.
 * * `GET wc-analytics/reports/customers/lifetime` — average lifetime value and time to a second
 *   order of the customers whose first order falls in the range.
 *
 * A customer's first order is their earliest order (not a refund) whose status is not excluded
 * (the store's excluded statuses, or `status_is` / `status_is_not`), on the store's date basis
 * (`order_stats.date_created`, store-local time). Activity is counted up to `before`: periods that
 * start after it are `null` (not yet seen). Net sales are the order-stats net totals of orders and
 * refunds (a refund on its own date), the same figure as the revenue report's net sales.
 */
import { getMetric } from '@abacus/metrics';

import type { Db, SqlValue } from '../core/db.js';
import { formatSql } from '../db/store-time.js';
import type { StoreSettings } from '../db/store-settings.js';
import { invalidParams, missingParams, RestError } from '../http/errors.js';
import type { ParamSpecs, Query } from '../http/params.js';
import { ORDER_METRICS } from '../metrics/index.js';
import { dateRange, type DateRange } from './date-range.js';
import { statusWhere, whereClause } from './filters.js';
import type { CellOrder } from './order-times.js';
import { STATUSES } from './report-params.js';
import type { RouteResult } from './report-route.js';

/** Bounds of one cohorts request (bounded work: cohorts × periods cells at most). */
export const COHORT_LIMITS = { cohorts: 60, periods: 60 } as const;

export type CohortPeriod = 'month' | 'week';

export const COHORT_PARAMS: ParamSpecs = {
	after: { type: 'date-time' },
	before: { type: 'date-time' },
	period: { type: 'string', default: 'month', enum: ['month', 'week'] },
	periods: { type: 'integer', default: 12, minimum: 1 },
	status_is: { type: 'strings', enum: STATUSES },
	status_is_not: { type: 'strings', enum: STATUSES },
	context: { type: 'string', enum: ['view', 'edit', 'embed'] },
};

export const COHORT_ORDERS_PARAMS: ParamSpecs = {
	after: { type: 'date-time' },
	before: { type: 'date-time' },
	period: { type: 'string', default: 'month', enum: ['month', 'week'] },
	cohort: { type: 'string' },
	k: { type: 'integer', minimum: 0, maximum: COHORT_LIMITS.periods - 1 },
	status_is: { type: 'strings', enum: STATUSES },
	status_is_not: { type: 'strings', enum: STATUSES },
	page: { type: 'integer', default: 1, minimum: 1 },
	per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
	context: { type: 'string', enum: ['view', 'edit', 'embed'] },
};

export const LIFETIME_PARAMS: ParamSpecs = {
	after: { type: 'date-time' },
	before: { type: 'date-time' },
	status_is: { type: 'strings', enum: STATUSES },
	status_is_not: { type: 'strings', enum: STATUSES },
	context: { type: 'string', enum: ['view', 'edit', 'embed'] },
};

export interface Cohort {
	/** `YYYY-MM` for months, the first day `YYYY-MM-DD` of the week for weeks. */
	cohort: string;
	/** First day of the cohort's period (store time). */
	start: string;
	size: number;
	/** Customers of the cohort who ordered in period k (k = 0 is the cohort's own period). */
	customers: Array<number | null>;
	/** % of the cohort who ordered in period k (period 0 is 100). */
	retention: Array<number | null>;
	/** Net sales of the cohort in period k. */
	net_revenue: Array<number | null>;
	/** Net sales of the cohort in periods 0..k divided by its size. */
	cumulative_value: Array<number | null>;
}

export interface CohortsAnswer {
	period: CohortPeriod;
	periods: number;
	start_of_week: number;
	cohorts: Cohort[];
	totals: { customers: number; net_revenue: number };
}

const DAY = 86_400_000;
const round2 = (v: number): number => Math.round(v * 100) / 100;
const pad = (n: number): string => String(n).padStart(2, '0');
const dayText = (ms: number): string => formatSql(ms).slice(0, 10);

/** Start (naive local ms, midnight) of the period holding `ms`. */
export function periodStart(ms: number, period: CohortPeriod, startOfWeek: number): number {
	const d = new Date(ms);
	if (period === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
	const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
	return day - ((d.getUTCDay() - startOfWeek + 7) % 7) * DAY;
}

/** Start of the period `k` periods after the one starting at `start`. */
function periodAfter(start: number, k: number, period: CohortPeriod): number {
	if (period === 'week') return start + k * 7 * DAY;
	const d = new Date(start);
	return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1);
}

/** The cohort periods a range touches. */
export function cohortStarts(
	range: DateRange,
	period: CohortPeriod,
	startOfWeek: number,
): number[] {
	const starts: number[] = [];
	const last = periodStart(range.before, period, startOfWeek);
	for (
		let s = periodStart(range.after, period, startOfWeek);
		s <= last && starts.length <= COHORT_LIMITS.cohorts;
		s = periodAfter(s, 1, period)
	) {
		starts.push(s);
	}
	return starts;
}

const cohortKey = (start: number, period: CohortPeriod): string => {
	const d = new Date(start);
	return period === 'month'
		? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`
		: dayText(start);
};

/** SQL: the start of the period holding a TIMESTAMP column, as a DATE. */
function periodStartSql(column: string, period: CohortPeriod, startOfWeek: number): string {
	if (period === 'month') return `CAST(date_trunc('month', ${column}) AS DATE)`;
	return `(CAST(${column} AS DATE) - CAST((dayofweek(${column}) - ${startOfWeek} + 7) % 7 AS INTEGER))`;
}

/** SQL: the index of the period of `column` counted from the cohort start `cohort` (a DATE). */
function periodIndexSql(
	column: string,
	cohort: string,
	period: CohortPeriod,
	startOfWeek: number,
): string {
	if (period === 'month') {
		return `CAST((year(${column}) * 12 + month(${column})) - (year(${cohort}) * 12 + month(${cohort})) AS INTEGER)`;
	}
	return `CAST(date_diff('day', ${cohort}, ${periodStartSql(column, 'week', startOfWeek)}) / 7 AS INTEGER)`;
}

function tooLarge(name: string, message: string): RestError {
	return new RestError('abacus_cohorts_too_large', message, 400, { params: { [name]: message } });
}

/** The customers' first orders (CTE text) for the statuses of a request. */
function firstOrdersSql(
	q: Query,
	settings: StoreSettings,
	range: DateRange,
): { sql: string; params: SqlValue[] } {
	const status = whereClause(statusWhere(q, settings), {
		sql: ['s.customer_id IS NOT NULL', 's.date_created <= CAST(? AS TIMESTAMP)'],
		params: [formatSql(range.before)],
	});
	return {
		sql: `o AS (SELECT s.order_id, s.customer_id, s.parent_id, s.date_created, s.net_total FROM order_stats s ${status.sql}),
			f AS (SELECT customer_id, MIN(date_created) AS first_at FROM o WHERE parent_id = 0 GROUP BY customer_id),
			c AS (SELECT customer_id, first_at FROM f WHERE first_at BETWEEN CAST(? AS TIMESTAMP) AND CAST(? AS TIMESTAMP))`,
		params: [...status.params, formatSql(range.after), formatSql(range.before)],
	};
}

export async function cohorts(db: Db, q: Query, settings: StoreSettings): Promise<CohortsAnswer> {
	const range = dateRange(q.raw, settings.timeZone);
	const period = q.str('period', 'month') === 'week' ? 'week' : 'month';
	const periods = q.int('periods', 12);
	if (periods > COHORT_LIMITS.periods) {
		throw tooLarge(
			'periods',
			`periods=${periods} asks for too many periods; at most ${COHORT_LIMITS.periods} are answered.`,
		);
	}
	const starts = cohortStarts(range, period, settings.startOfWeek);
	if (starts.length > COHORT_LIMITS.cohorts) {
		throw tooLarge(
			'after',
			`This date range holds more than ${COHORT_LIMITS.cohorts} ${period === 'month' ? 'monthly' : 'weekly'} cohorts; at most ${COHORT_LIMITS.cohorts} are answered. Choose a shorter range${period === 'week' ? ' or monthly cohorts' : ''}.`,
		);
	}
	const sow = settings.startOfWeek;
	const first = firstOrdersSql(q, settings, range);
	const cohortSql = periodStartSql('c.first_at', period, sow);
	const rows = await db.all<{
		cohort: string;
		period: number;
		active: number;
		net: number;
	}>(
		`WITH ${first.sql},
			cc AS (SELECT customer_id, ${cohortSql} AS cohort FROM c)
		 SELECT strftime(cc.cohort, '%Y-%m-%d') AS cohort,
			${periodIndexSql('o.date_created', 'cc.cohort', period, sow)} AS period,
			COUNT(DISTINCT o.customer_id) FILTER (WHERE o.parent_id = 0) AS active,
			${ORDER_METRICS.net_revenue.sql?.replace(/\bs\./g, 'o.')} AS net
		 FROM cc JOIN o ON o.customer_id = cc.customer_id AND o.date_created >= cc.cohort
		 GROUP BY 1, 2
		 HAVING period < ?`,
		[...first.params, periods],
	);
	const sizes = await db.all<{ cohort: string; size: number }>(
		`WITH ${first.sql}
		 SELECT strftime(${cohortSql}, '%Y-%m-%d') AS cohort, COUNT(*) AS size FROM c GROUP BY 1`,
		first.params,
	);
	const sizeOf = new Map(sizes.map((r) => [String(r.cohort), Number(r.size)]));
	const cell = new Map(rows.map((r) => [`${String(r.cohort)}|${Number(r.period)}`, r]));
	let customers = 0;
	let net = 0;
	const list: Cohort[] = starts.map((start) => {
		const day = dayText(start);
		const size = sizeOf.get(day) ?? 0;
		customers += size;
		const answer: Cohort = {
			cohort: cohortKey(start, period),
			start: day,
			size,
			customers: [],
			retention: [],
			net_revenue: [],
			cumulative_value: [],
		};
		let cumulative = 0;
		for (let k = 0; k < periods; k++) {
			if (periodAfter(start, k, period) > range.before) {
				answer.customers.push(null);
				answer.retention.push(null);
				answer.net_revenue.push(null);
				answer.cumulative_value.push(null);
				continue;
			}
			const row = cell.get(`${day}|${k}`);
			const active = row ? Number(row.active) : 0;
			const value = row ? Number(row.net) : 0;
			cumulative += value;
			net += value;
			answer.customers.push(active);
			answer.retention.push(size ? round2((active / size) * 100) : 0);
			answer.net_revenue.push(round2(value));
			answer.cumulative_value.push(size ? round2(cumulative / size) : 0);
		}
		return answer;
	});
	return {
		period,
		periods,
		start_of_week: sow,
		cohorts: list,
		totals: { customers, net_revenue: round2(net) },
	};
}

/** One order of a triangle cell: the heat map's order row and the customer's id. */
export type CohortOrder = CellOrder & { customer_id: number };

/**
 * The orders behind one triangle cell (`reports/cohorts/orders?cohort=2026-08&k=2`): the orders
 * (not refunds) placed in period `k` of the cohort by its customers, with the same range and
 * statuses as `reports/cohorts`, so their distinct customers are the cell's `customers[k]`.
 */
export async function cohortOrders(
	db: Db,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const missing = ['cohort', 'k'].filter((name) => q.raw[name] === undefined);
	if (missing.length) throw missingParams(missing);
	const range = dateRange(q.raw, settings.timeZone);
	const period = q.str('period', 'month') === 'week' ? 'week' : 'month';
	const sow = settings.startOfWeek;
	const key = q.str('cohort', '');
	const start = cohortStarts(range, period, sow)
		.slice(0, COHORT_LIMITS.cohorts)
		.find((s) => cohortKey(s, period) === key);
	if (start === undefined) {
		throw invalidParams({
			cohort: `cohort=${key} is not a ${period === 'month' ? 'monthly cohort (YYYY-MM)' : 'weekly cohort (the first day of a store week, YYYY-MM-DD)'} of the date range.`,
		});
	}
	const first = firstOrdersSql(q, settings, range);
	const cohortSql = periodStartSql('c.first_at', period, sow);
	const cell = `WITH ${first.sql},
			cc AS (SELECT customer_id, CAST(? AS DATE) AS cohort FROM c WHERE ${cohortSql} = CAST(? AS DATE)),
			cell AS (
				SELECT o.order_id FROM o JOIN cc ON cc.customer_id = o.customer_id
				WHERE o.parent_id = 0 AND o.date_created >= cc.cohort
					AND ${periodIndexSql('o.date_created', 'cc.cohort', period, sow)} = ?
			)`;
	const day = dayText(start);
	const params = [...first.params, day, day, q.int('k', 0)];
	const perPage = q.int('per_page', 10);
	const page = q.int('page', 1);
	const count = await db.one<{ n: number }>(`${cell} SELECT COUNT(*) AS n FROM cell`, params);
	const total = Number(count?.n ?? 0);
	const rows = await db.all<{
		order_id: number;
		customer_id: number;
		number: string | null;
		date_created: string;
		status: string;
		first_name: string | null;
		last_name: string | null;
		num_items_sold: number;
		net_total: number;
	}>(
		`${cell}
		 SELECT s.order_id, s.customer_id, r.number, strftime(s.date_created, '%Y-%m-%dT%H:%M:%S') AS date_created,
			s.status, l.first_name, l.last_name, s.num_items_sold, s.net_total
		 FROM cell JOIN order_stats s ON s.order_id = cell.order_id
		 LEFT JOIN orders r ON r.id = s.order_id
		 LEFT JOIN customer_lookup l ON l.customer_id = s.customer_id
		 ORDER BY s.date_created DESC, s.order_id DESC
		 LIMIT ? OFFSET ?`,
		[...params, perPage, (page - 1) * perPage],
	);
	const body: CohortOrder[] = rows.map((r) => ({
		order_id: Number(r.order_id),
		customer_id: Number(r.customer_id),
		order_number: String(r.number ?? r.order_id),
		date: String(r.date_created),
		status: String(r.status).replace(/^wc-/, ''),
		customer_name: [r.first_name, r.last_name].filter(Boolean).join(' '),
		num_items_sold: Number(r.num_items_sold),
		net_total: round2(Number(r.net_total)),
	}));
	return { body, total, totalPages: Math.max(1, Math.ceil(total / perPage)) };
}

export interface Lifetime {
	/** Customers whose first order falls in the range. */
	customers: number;
	/** Of them, those with a second order (up to `before`). */
	repeat_customers: number;
	/** % of `customers` with a second order. */
	repeat_rate: number;
	/** Net sales of those customers (all their orders and refunds up to `before`) per customer. */
	avg_lifetime_value: number;
	/** Average days from a customer's first to their second order (customers with one); null without any. */
	avg_days_to_second_order: number | null;
	/** Median of the same days (the middle two averaged); null without any. */
	median_days_to_second_order: number | null;
}

export async function lifetime(db: Db, q: Query, settings: StoreSettings): Promise<Lifetime> {
	const range = dateRange(q.raw, settings.timeZone);
	const first = firstOrdersSql(q, settings, range);
	const row = await db.one<{
		customers: number;
		net: number;
		repeaters: number;
		days: number | null;
		median_days: number | null;
	}>(
		`WITH ${first.sql},
			ranked AS (
				SELECT o.customer_id, o.date_created,
					row_number() OVER (PARTITION BY o.customer_id ORDER BY o.date_created) AS n
				FROM o JOIN c ON c.customer_id = o.customer_id WHERE o.parent_id = 0
			),
			second AS (SELECT customer_id, date_created AS second_at FROM ranked WHERE n = 2),
			value AS (
				SELECT c.customer_id, ${ORDER_METRICS.net_revenue.sql?.replace(/\bs\./g, 'o.')} AS net
				FROM c JOIN o ON o.customer_id = c.customer_id GROUP BY c.customer_id
			)
		 SELECT (SELECT COUNT(*) FROM c) AS customers,
			(SELECT COALESCE(SUM(net), 0) FROM value) AS net,
			(SELECT COUNT(*) FROM second) AS repeaters,
			(SELECT AVG(date_diff('second', c.first_at, second.second_at)) / 86400.0
				FROM second JOIN c ON c.customer_id = second.customer_id) AS days,
			(SELECT quantile_cont(date_diff('second', c.first_at, second.second_at), 0.5) / 86400.0
				FROM second JOIN c ON c.customer_id = second.customer_id) AS median_days`,
		first.params,
	);
	const customers = Number(row?.customers ?? 0);
	const repeaters = Number(row?.repeaters ?? 0);
	const days = (value: number | null | undefined): number | null =>
		value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
	return {
		customers,
		repeat_customers: repeaters,
		repeat_rate: customers ? round2((repeaters / customers) * 100) : 0,
		avg_lifetime_value: customers ? round2(Number(row?.net ?? 0) / customers) : 0,
		avg_days_to_second_order: days(row?.days),
		median_days_to_second_order: days(row?.median_days),
	};
}

/** A customer of the cohorts (a row of the whole-report export). */
export interface CohortCustomer {
	cohort: string;
	customer_id: number;
	customer_name: string;
	first_order: string;
	second_order: string | null;
	/** Days from the first to the second order, one decimal; null without a second order. */
	days_to_second_order: number | null;
	/** Orders (not refunds) up to `before`. */
	orders_count: number;
	/** Net sales of all the customer's orders and refunds up to `before`. */
	net_revenue: number;
}

/**
 * The customers of the range's cohorts, one page (by first order, then customer id): the
 * whole-report export of Cohorts (`POST reports/cohorts/export`). Their count is the cohorts'
 * size total; summed per cohort, their net sales are the cohort's net sales up to `before`.
 */
export async function cohortCustomersPage(
	db: Db,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const range = dateRange(q.raw, settings.timeZone);
	const period = q.str('period', 'month') === 'week' ? 'week' : 'month';
	const sow = settings.startOfWeek;
	const first = firstOrdersSql(q, settings, range);
	const perPage = Math.max(1, q.int('per_page', 25));
	const page = q.int('page', 1);
	const count = await db.one<{ n: number }>(
		`WITH ${first.sql} SELECT COUNT(*) AS n FROM c`,
		first.params,
	);
	const total = Number(count?.n ?? 0);
	const rows = await db.all<{
		cohort: string;
		customer_id: number;
		first_name: string | null;
		last_name: string | null;
		first_at: string;
		second_at: string | null;
		seconds: number | null;
		orders: number;
		net: number;
	}>(
		`WITH ${first.sql},
			page AS (SELECT customer_id, first_at FROM c ORDER BY first_at, customer_id LIMIT ? OFFSET ?),
			ranked AS (
				SELECT o.customer_id, o.date_created,
					row_number() OVER (PARTITION BY o.customer_id ORDER BY o.date_created) AS n
				FROM o JOIN page ON page.customer_id = o.customer_id WHERE o.parent_id = 0
			),
			figures AS (
				SELECT page.customer_id,
					COUNT(*) FILTER (WHERE o.parent_id = 0) AS orders,
					${ORDER_METRICS.net_revenue.sql?.replace(/\bs\./g, 'o.')} AS net
				FROM page JOIN o ON o.customer_id = page.customer_id GROUP BY page.customer_id
			)
		 SELECT strftime(${periodStartSql('page.first_at', period, sow)}, '%Y-%m-%d') AS cohort,
			page.customer_id, l.first_name, l.last_name,
			strftime(page.first_at, '%Y-%m-%dT%H:%M:%S') AS first_at,
			strftime(r.date_created, '%Y-%m-%dT%H:%M:%S') AS second_at,
			date_diff('second', page.first_at, r.date_created) AS seconds,
			f.orders, f.net
		 FROM page
		 JOIN figures f ON f.customer_id = page.customer_id
		 LEFT JOIN ranked r ON r.customer_id = page.customer_id AND r.n = 2
		 LEFT JOIN customer_lookup l ON l.customer_id = page.customer_id
		 ORDER BY page.first_at, page.customer_id`,
		[...first.params, perPage, (page - 1) * perPage],
	);
	const body: CohortCustomer[] = rows.map((r) => ({
		cohort: period === 'month' ? String(r.cohort).slice(0, 7) : String(r.cohort).slice(0, 10),
		customer_id: Number(r.customer_id),
		customer_name: [r.first_name, r.last_name].filter(Boolean).join(' '),
		first_order: String(r.first_at),
		second_order: r.second_at === null ? null : String(r.second_at),
		days_to_second_order:
			r.seconds === null ? null : Math.round((Number(r.seconds) / 86400) * 10) / 10,
		orders_count: Number(r.orders),
		net_revenue: round2(Number(r.net)),
	}));
	return { body, total, totalPages: Math.max(1, Math.ceil(total / perPage)) };
}

type ExportColumn = [string, (row: Record<string, unknown>) => unknown];

/** Columns of the whole-report export (`POST reports/cohorts/export`): one row per customer. */
export const COHORT_EXPORT_COLUMNS: ExportColumn[] = [
	['Cohort', (r) => r.cohort],
	['Customer ID', (r) => r.customer_id],
	['Customer', (r) => r.customer_name],
	['First order', (r) => r.first_order],
	['Second order', (r) => r.second_order],
	['Days to second order', (r) => r.days_to_second_order],
	[getMetric('customers', 'orders_count').columnLabel, (r) => r.orders_count],
	[getMetric('revenue', 'net_revenue').columnLabel, (r) => r.net_revenue],
];
