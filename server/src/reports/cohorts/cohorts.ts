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
 *
 * Every read goes through the reader a route is handed, in SQL both engines run (DuckDB and
 * ClickHouse 18.16): subqueries instead of CTEs, one JOIN per SELECT, periods as whole numbers
 * (the dialect's day and month numbers), and a customer's second order found without window
 * functions (the earliest order after the first, or the first's own time when two share it).
 */
import { getMetric } from '@abacus/metrics';

import type { SqlValue } from '../../core/db.js';
import { formatSql } from '../../db/store-time.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { invalidParams, missingParams, RestError } from '../../http/errors.js';
import type { ParamSpecs, Query } from '../../http/params.js';
import { dialectOf, type Dialect, type SqlReader } from '../../metrics/dialect.js';
import { ORDER_METRICS } from '../../metrics/index.js';
import { dateRange, type DateRange } from '../shared/date-range.js';
import { statusWhere, whereClause } from '../shared/filters.js';
import type { CellOrder } from '../order-times/order-times.js';
import { STATUSES } from '../shared/report-params.js';
import type { ExportColumn } from '../shared/export-columns.js';
import type { RouteResult } from '../shared/report-route.js';

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

/**
 * A cohort's number: the month number (year × 12 + month − 1) or the day number of the week's
 * first day (days since 1970-01-01), as the dialect computes them in SQL and `cohortNumber` here.
 */
function cohortNumberSql(
	dialect: Dialect,
	column: string,
	period: CohortPeriod,
	startOfWeek: number,
): string {
	if (period === 'month') return dialect.timePart(column, 'month');
	return `(${dialect.timePart(column, 'day')} - (${dialect.timePart(column, 'weekday')} - ${startOfWeek} + 7) % 7)`;
}

/** The number of the cohort starting at `start` (naive local ms of the period's first day). */
function cohortNumber(start: number, period: CohortPeriod): number {
	const d = new Date(start);
	return period === 'month' ? d.getUTCFullYear() * 12 + d.getUTCMonth() : Math.floor(start / DAY);
}

/** The first day (naive local ms) of the cohort numbered `n`. */
function cohortOfNumber(n: number, period: CohortPeriod): number {
	return period === 'month' ? Date.UTC(Math.floor(n / 12), n % 12, 1) : n * DAY;
}

/** SQL: the index of the period of `column` counted from the cohort numbered `cohort`. */
function periodIndexSql(
	dialect: Dialect,
	column: string,
	cohort: string,
	period: CohortPeriod,
	startOfWeek: number,
): string {
	if (period === 'month') return `(${dialect.timePart(column, 'month')} - ${cohort})`;
	return `CAST((${cohortNumberSql(dialect, column, 'week', startOfWeek)} - ${cohort}) / 7 AS INTEGER)`;
}

/** SQL: `column` (an order's time) lies in or after the cohort numbered `cohort`. */
function fromCohortSql(
	dialect: Dialect,
	column: string,
	cohort: string,
	period: CohortPeriod,
): string {
	return `${dialect.timePart(column, period === 'month' ? 'month' : 'day')} >= ${cohort}`;
}

function tooLarge(name: string, message: string): RestError {
	return new RestError('abacus_cohorts_too_large', message, 400, { params: { [name]: message } });
}

/** A subquery's text and its parameters. */
interface Sub {
	sql: string;
	params: SqlValue[];
}

/**
 * The subqueries of a request: `orders` (alias it `o`), the order-stats rows of customers up to
 * `before` under the request's statuses, and `first` (alias it `c`), the customers whose first
 * order (not a refund) falls in the range, with its time `first_at`.
 */
function cohortSources(
	dialect: Dialect,
	q: Query,
	settings: StoreSettings,
	range: DateRange,
): { orders: Sub; first: Sub } {
	const status = whereClause(statusWhere(q, settings), {
		sql: ['s.customer_id IS NOT NULL', `s.date_created <= ${dialect.timestamp('?')}`],
		params: [formatSql(range.before)],
	});
	const orders = {
		sql: `SELECT s.order_id, s.customer_id, s.parent_id, s.date_created, s.net_total, s.status, s.num_items_sold FROM order_stats s ${status.sql}`,
		params: status.params,
	};
	return {
		orders,
		first: {
			sql: `SELECT f.customer_id, f.first_at FROM (
				SELECT o.customer_id, MIN(o.date_created) AS first_at FROM (${orders.sql}) o
				WHERE o.parent_id = 0 GROUP BY o.customer_id
			) f WHERE f.first_at BETWEEN ${dialect.timestamp('?')} AND ${dialect.timestamp('?')}`,
			params: [...orders.params, formatSql(range.after), formatSql(range.before)],
		},
	};
}

/**
 * Per customer of `customers` (a subquery of `customer_id`, `first_at`): net sales of all their
 * orders and refunds, their orders count, and the second order's time (`second_at`, as text)
 * with the seconds from the first to it (`gap`, null without a second order).
 */
function customerFigures(dialect: Dialect, customers: Sub, orders: Sub): Sub {
	const net = dialect.aggregate((ORDER_METRICS.net_revenue.sql ?? '').replace(/\bs\./g, 'o.'));
	return {
		sql: `SELECT v.customer_id, v.first_at, v.net, v.orders,
				CASE WHEN v.ties >= 2 THEN v.first_at ELSE v.next_at END AS second_at,
				CASE WHEN v.ties >= 2 THEN 0
					ELSE ${dialect.timePart('v.next_at', 'second')} - ${dialect.timePart('v.first_at', 'second')} END AS gap
			FROM (
				SELECT c.customer_id, c.first_at, ${net} AS net,
					SUM(CASE WHEN o.parent_id = 0 THEN 1 ELSE 0 END) AS orders,
					SUM(CASE WHEN o.parent_id = 0 AND o.date_created = c.first_at THEN 1 ELSE 0 END) AS ties,
					MIN(CASE WHEN o.parent_id = 0 AND o.date_created > c.first_at THEN o.date_created END) AS next_at
				FROM (${customers.sql}) c JOIN (${orders.sql}) o ON o.customer_id = c.customer_id
				GROUP BY c.customer_id, c.first_at
			) v`,
		params: [...customers.params, ...orders.params],
	};
}

/** A sum of money cleared of floating-point noise (DuckDB adds DOUBLEs, ClickHouse decimals). */
const cents = (value: unknown): number => Math.round(Number(value ?? 0) * 1e6) / 1e6;

export async function cohorts(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<CohortsAnswer> {
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
	const dialect = dialectOf(db);
	const { orders, first } = cohortSources(dialect, q, settings, range);
	const cohortSql = cohortNumberSql(dialect, 'c.first_at', period, sow);
	const netSql = dialect.aggregate((ORDER_METRICS.net_revenue.sql ?? '').replace(/\bs\./g, 'o.'));
	const rows = await db.all<{
		cohort: number;
		period: number;
		active: number;
		net: number;
	}>(
		`SELECT cc.cohort_number AS cohort,
			${periodIndexSql(dialect, 'o.date_created', 'cc.cohort_number', period, sow)} AS period,
			${dialect.aggregate('COUNT(DISTINCT o.customer_id) FILTER (WHERE o.parent_id = 0)')} AS active,
			${netSql} AS net
		 FROM (${orders.sql}) o
		 JOIN (SELECT c.customer_id, ${cohortSql} AS cohort_number FROM (${first.sql}) c) cc
			ON cc.customer_id = o.customer_id
		 WHERE ${fromCohortSql(dialect, 'o.date_created', 'cc.cohort_number', period)}
		 GROUP BY ${dialect.groupBy(['cohort', 'period'])}
		 HAVING period < ?`,
		[...orders.params, ...first.params, periods],
	);
	const sizes = await db.all<{ cohort: number; size: number }>(
		`SELECT ${cohortSql} AS cohort, COUNT(*) AS size FROM (${first.sql}) c
		 GROUP BY ${dialect.groupBy(['cohort'])}`,
		first.params,
	);
	const dayOf = (n: unknown): string => dayText(cohortOfNumber(Number(n), period));
	const sizeOf = new Map(sizes.map((r) => [dayOf(r.cohort), Number(r.size)]));
	const cell = new Map(rows.map((r) => [`${dayOf(r.cohort)}|${Number(r.period)}`, r]));
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
			const value = row ? cents(row.net) : 0;
			cumulative = cents(cumulative + value);
			net = cents(net + value);
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
	db: SqlReader,
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
	const dialect = dialectOf(db);
	const { orders, first } = cohortSources(dialect, q, settings, range);
	const cohort = cohortNumber(start, period);
	const cell: Sub = {
		sql: `SELECT o.order_id, o.customer_id, o.date_created, o.status, o.num_items_sold, o.net_total
			FROM (${orders.sql}) o
			JOIN (SELECT c.customer_id FROM (${first.sql}) c WHERE ${cohortNumberSql(dialect, 'c.first_at', period, sow)} = ?) cc
				ON cc.customer_id = o.customer_id
			WHERE o.parent_id = 0 AND ${fromCohortSql(dialect, 'o.date_created', String(cohort), period)}
				AND ${periodIndexSql(dialect, 'o.date_created', String(cohort), period, sow)} = ?`,
		params: [...orders.params, ...first.params, cohort, q.int('k', 0)],
	};
	const perPage = q.int('per_page', 10);
	const page = q.int('page', 1);
	const count = await db.one<{ n: number }>(
		`SELECT COUNT(*) AS n FROM (${cell.sql}) x`,
		cell.params,
	);
	const total = Number(count?.n ?? 0);
	const rows = await db.all<{
		order_id: number;
		customer_id: number;
		number: string | null;
		date_text: string;
		status: string;
		first_name: string | null;
		last_name: string | null;
		num_items_sold: number;
		net_total: number;
	}>(
		`SELECT x.order_id, x.customer_id, x.number, ${dialect.isoText('x.date_created')} AS date_text,
			x.status, l.first_name, l.last_name, x.num_items_sold, x.net_total
		 FROM (
			SELECT x.order_id, x.customer_id, x.date_created, x.status, x.num_items_sold, x.net_total, r.number
			FROM (${cell.sql}) x LEFT JOIN orders r ON r.id = x.order_id
		 ) x
		 LEFT JOIN customer_lookup l ON l.customer_id = x.customer_id
		 ORDER BY x.date_created DESC, x.order_id DESC
		 LIMIT ? OFFSET ?`,
		[...cell.params, perPage, (page - 1) * perPage],
	);
	const body: CohortOrder[] = rows.map((r) => ({
		order_id: Number(r.order_id),
		customer_id: Number(r.customer_id),
		order_number: String(r.number ?? r.order_id),
		date: String(r.date_text),
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

export async function lifetime(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<Lifetime> {
	const range = dateRange(q.raw, settings.timeZone);
	const dialect = dialectOf(db);
	const { orders, first } = cohortSources(dialect, q, settings, range);
	const figures = customerFigures(dialect, first, orders);
	const row = await db.one<{
		customers: number;
		net: number;
		repeaters: number;
		gaps: number | null;
	}>(
		`SELECT COUNT(*) AS customers, SUM(f.net) AS net,
			SUM(CASE WHEN f.orders >= 2 THEN 1 ELSE 0 END) AS repeaters, SUM(f.gap) AS gaps
		 FROM (${figures.sql}) f`,
		figures.params,
	);
	const customers = Number(row?.customers ?? 0);
	const repeaters = Number(row?.repeaters ?? 0);
	const days = (seconds: number): number => Math.round((seconds / 86400) * 10) / 10;
	let median: number | null = null;
	if (repeaters) {
		// The middle gap (the middle two averaged), as quantile_cont(0.5) gives it.
		const middle = await db.all<{ gap: number }>(
			`SELECT f.gap AS gap FROM (${figures.sql}) f WHERE f.gap IS NOT NULL
			 ORDER BY f.gap LIMIT ? OFFSET ?`,
			[...figures.params, repeaters % 2 ? 1 : 2, Math.floor((repeaters - 1) / 2)],
		);
		median = middle.reduce((sum, r) => sum + Number(r.gap), 0) / Math.max(1, middle.length);
	}
	return {
		customers,
		repeat_customers: repeaters,
		repeat_rate: customers ? round2((repeaters / customers) * 100) : 0,
		avg_lifetime_value: customers ? round2(cents(row?.net) / customers) : 0,
		avg_days_to_second_order: repeaters ? days(Number(row?.gaps ?? 0) / repeaters) : null,
		median_days_to_second_order: median === null ? null : days(median),
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
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const range = dateRange(q.raw, settings.timeZone);
	const period = q.str('period', 'month') === 'week' ? 'week' : 'month';
	const sow = settings.startOfWeek;
	const dialect = dialectOf(db);
	const { orders, first } = cohortSources(dialect, q, settings, range);
	const perPage = Math.max(1, q.int('per_page', 25));
	const page = q.int('page', 1);
	const count = await db.one<{ n: number }>(
		`SELECT COUNT(*) AS n FROM (${first.sql}) c`,
		first.params,
	);
	const total = Number(count?.n ?? 0);
	const figures = customerFigures(
		dialect,
		{
			sql: `SELECT c.customer_id, c.first_at FROM (${first.sql}) c
				ORDER BY c.first_at, c.customer_id LIMIT ? OFFSET ?`,
			params: [...first.params, perPage, (page - 1) * perPage],
		},
		orders,
	);
	const rows = await db.all<{
		cohort: number;
		customer_id: number;
		first_name: string | null;
		last_name: string | null;
		first_text: string;
		second_text: string | null;
		gap: number | null;
		orders: number;
		net: number;
	}>(
		`SELECT ${cohortNumberSql(dialect, 'f.first_at', period, sow)} AS cohort,
			f.customer_id, l.first_name, l.last_name,
			${dialect.isoText('f.first_at')} AS first_text,
			${dialect.isoText('f.second_at')} AS second_text,
			f.gap, f.orders, f.net
		 FROM (${figures.sql}) f
		 LEFT JOIN customer_lookup l ON l.customer_id = f.customer_id
		 ORDER BY f.first_at, f.customer_id`,
		figures.params,
	);
	const body: CohortCustomer[] = rows.map((r) => {
		const start = cohortOfNumber(Number(r.cohort), period);
		return {
			cohort: cohortKey(start, period),
			customer_id: Number(r.customer_id),
			customer_name: [r.first_name, r.last_name].filter(Boolean).join(' '),
			first_order: String(r.first_text),
			second_order: r.second_text === null ? null : String(r.second_text),
			days_to_second_order:
				r.gap === null ? null : Math.round((Number(r.gap) / 86400) * 10) / 10,
			orders_count: Number(r.orders),
			net_revenue: round2(cents(r.net)),
		};
	});
	return { body, total, totalPages: Math.max(1, Math.ceil(total / perPage)) };
}

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
