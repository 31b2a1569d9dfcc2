/** The coupons table (`reports/coupons`): amounts and orders per coupon, its code and dates. */
import type { Row, SqlValue } from '../../core/db.js';
import { inList } from '../../db/sql.js';
import { int, isoDate, amount, text } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { dateWhere, whereClause } from '../shared/filters.js';
import type { Query } from '../../http/params.js';
import type { RouteResult } from '../shared/report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { dateRange } from '../shared/date-range.js';
import { COUPON_COLUMNS, keptBoard } from '../shared/board-rows.js';
import {
	NS,
	link,
	result,
	orderScope,
	dailyRollupRange,
	type ListOptions,
} from '../shared/list-query.js';

export async function couponsList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	options: ListOptions = {},
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	const ids = q.ids('coupons');
	// The orders in range passing the status filter, then their coupon lines, read in range too (a
	// lookup row carries its order's creation date, `db/date-basis.ts`): one JOIN.
	const orders = whereClause(...orderScope(q, settings, true, dialect));
	const lines = whereClause(
		dateWhere(dateRange(q.raw, settings.timeZone), 'c.date_created', dialect),
		ids.length ? { sql: [inList('c.coupon_id', ids)], params: ids } : null,
	);
	// Per coupon and order first: a coupon's orders (COUNT(DISTINCT c.order_id)) are then its rows,
	// counted without a distinct aggregate, and its amount the sum of theirs.
	const perOrder = `SELECT c.coupon_id AS coupon_id, c.order_id AS order_id, SUM(c.discount_amount) AS amount
		FROM order_coupon_lookup c JOIN (SELECT s.order_id AS order_id FROM order_stats s ${orders.sql}) s ON s.order_id = c.order_id ${lines.sql} GROUP BY c.coupon_id, c.order_id`;
	let sums = `SELECT g.coupon_id AS coupon_id, ${dialect.aggregate('COALESCE(SUM(g.amount), 0)')} AS amount, COUNT(*) AS orders_count FROM (${perOrder}) g GROUP BY g.coupon_id`;
	let sumsParams = [...orders.params, ...lines.params];
	const rollupRows = dailyRollupRange(
		dateRange(q.raw, settings.timeZone),
		q,
		settings,
		dialect,
		ids.length ? { sql: [inList('c.coupon_id', ids)], params: ids } : null,
		'c',
	);
	if (rollupRows) {
		// Whole days: the daily coupon roll-up (an order falls on one day, so the days' counts of
		// a coupon's orders add up to its distinct count; the same figures, far fewer rows).
		const rolled = whereClause(rollupRows);
		sums = `SELECT c.coupon_id AS coupon_id, ${dialect.aggregate('COALESCE(SUM(c.discount_amount), 0)')} AS amount, COALESCE(SUM(c.orders_count), 0) AS orders_count FROM order_coupon_daily c ${rolled.sql} GROUP BY c.coupon_id`;
		sumsParams = rolled.params;
	}
	const chosen = ids.length
		? `SELECT l.id AS coupon_id, COALESCE(a.amount, 0) AS amount, COALESCE(a.orders_count, 0) AS orders_count FROM (${dialect.idRows(ids.map(() => '?').join(', '))}) l LEFT JOIN (${sums}) a ON a.coupon_id = l.id`
		: sums;
	const params: SqlValue[] = ids.length ? [...ids, ...sumsParams] : sumsParams;
	const orderby = ['coupon_id', 'code', 'amount', 'orders_count'].includes(q.str('orderby'))
		? q.str('orderby')
		: 'coupon_id';
	// The codes only to order by them (the answer's come with `extended_info`, below).
	const base =
		orderby === 'code'
			? `SELECT a.coupon_id AS coupon_id, a.amount AS amount, a.orders_count AS orders_count, k.code AS code FROM (${chosen}) a LEFT JOIN coupons k ON k.id = a.coupon_id`
			: chosen;
	// A board's coupons in its page's statement, on DuckDB (http/paging.ts).
	const joinNames = q.bool('extended_info') && options.namesOnly && dialect.name === 'duckdb';
	// A board over whole days on the embedded store: its rows kept in memory (shared/board-rows.ts).
	const page =
		keptBoard(
			'coupons',
			joinNames === true && options.total === false && rollupRows !== null && !ids.length,
			db,
			q,
			settings,
			dateRange(q.raw, settings.timeZone),
			orderby,
		) ??
		(await pageRows(
			db,
			base,
			params,
			`${orderby} ${q.direction()} NULLS LAST, coupon_id ASC`,
			q,
			joinNames
				? {
						...options,
						names: {
							of: 'coupon_id',
							from: `SELECT id AS named_id, ${COUPON_COLUMNS.map((c) => `${c} AS coupon_${c}`).join(', ')} FROM coupons`,
						},
					}
				: options,
		));
	const info = new Map<number, Row>();
	const pageIds = page.rows.map((r) => int(r.coupon_id));
	if (joinNames) {
		for (const r of page.rows)
			if (r.named === true)
				info.set(
					int(r.coupon_id),
					Object.fromEntries(COUPON_COLUMNS.map((c) => [c, r[`coupon_${c}`]])),
				);
	} else if (q.bool('extended_info') && pageIds.length) {
		for (const c of await db.all(
			`SELECT id, ${COUPON_COLUMNS.join(', ')} FROM coupons WHERE ${inList('id', pageIds)}`,
			pageIds,
		))
			info.set(int(c.id), c);
	}
	return result(
		page,
		page.rows.map((r) => {
			const id = int(r.coupon_id);
			const c = info.get(id);
			return {
				coupon_id: id,
				amount: amount(r.amount),
				orders_count: int(r.orders_count),
				extended_info: q.bool('extended_info')
					? c
						? {
								code: text(c.code),
								date_created: isoDate(c.date_created) ?? '',
								date_created_gmt: isoDate(c.date_created_gmt) ?? '',
								date_expires: isoDate(c.date_expires) ?? '',
								date_expires_gmt: isoDate(c.date_expires_gmt) ?? '',
								discount_type: text(c.discount_type),
							}
						: {
								code: '(Deleted)',
								date_created: '',
								date_created_gmt: '',
								date_expires: '',
								date_expires_gmt: '',
								discount_type: 'N/A',
							}
					: {},
				_links: { coupon: link(`${NS}/coupons/${id}`) },
			};
		}),
	);
}
