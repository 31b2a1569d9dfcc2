/**
 * Stats of the taxes report (`reports/taxes/stats`).
 */
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { TAX_METRICS } from '../../metrics/index.js';
import { inList } from '../../db/sql.js';
import { runStats, type StatsResult } from '../shared/stats-query.js';
import { dateWhere, statusWhere, whereClause } from '../shared/filters.js';
import { base, metricsOf } from '../shared/item-stats.js';
import { Query } from '../../http/params.js';
import { type StoreSettings } from '../../db/store-settings.js';

/** A tax rate's label: COUNTRY-STATE-NAME-PRIORITY in capitals, empty parts left out. */
function taxRateLabel(r: Record<string, unknown>): string {
	return [r.tax_rate_country, r.tax_rate_state, r.tax_rate_name]
		.map((v) => (v === null || v === undefined ? '' : String(v)))
		.filter((v) => v !== '')
		.concat(String(Number(r.tax_rate_priority)))
		.join('-')
		.toUpperCase();
}

export async function taxStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<StatsResult> {
	const { range, common } = base(q, settings);
	const taxes = q.ids('taxes');
	const where = whereClause(
		dateWhere(range, 's.date_created', dialectOf(db)),
		statusWhere(new Query({}), settings),
		taxes.length ? { sql: [inList('t.tax_rate_id', taxes)], params: taxes } : null,
	);
	const metrics = metricsOf(TAX_METRICS, [
		'tax_codes',
		'total_tax',
		'order_tax',
		'shipping_tax',
		'orders_count',
	]);
	const from = `FROM order_tax_lookup t JOIN order_stats s ON s.order_id = t.order_id ${where.sql}`;
	let segments;
	if (q.str('segmentby') === 'tax_rate_id') {
		const rows = await db.all(
			`SELECT tax_rate_id AS id, tax_rate_country, tax_rate_state, tax_rate_name, tax_rate_priority FROM tax_rates ${taxes.length ? `WHERE ${inList('tax_rate_id', taxes)}` : ''} ORDER BY tax_rate_id`,
			taxes,
		);
		segments = {
			candidates: rows.map((r) => ({ id: Number(r.id), label: taxRateLabel(r) })),
			metrics,
			sources: [
				{
					from,
					params: where.params,
					date: 's.date_created',
					segment: 't.tax_rate_id',
					metrics: Object.values(metrics),
				},
			],
		};
	}
	return runStats(db, {
		...common,
		metrics,
		sources: [
			{ from, params: where.params, date: 's.date_created', metrics: Object.values(metrics) },
		],
		segments,
	});
}
