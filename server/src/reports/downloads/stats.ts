/**
 * Stats of the downloads report (`reports/downloads/stats`).
 */
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { DOWNLOAD_METRICS } from '../../metrics/index.js';
import { runStats, type StatsResult } from '../shared/stats-query.js';
import { base, metricsOf } from '../shared/item-stats.js';
import { type Query } from '../../http/params.js';
import { type StoreSettings } from '../../db/store-settings.js';
import { downloadWhere } from './list.js';

export async function downloadStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<StatsResult> {
	const { common } = base(q, settings);
	const where = await downloadWhere(db, q, settings);
	const metrics = metricsOf(DOWNLOAD_METRICS, ['download_count']);
	// Buckets are store-local: convert the UTC log time with the store offset in SQL when not UTC.
	const date =
		settings.timeZone === 'UTC'
			? 'd.timestamp'
			: dialectOf(db).localTime('d.timestamp', settings.timeZone);
	return runStats(db, {
		...common,
		metrics,
		sources: [
			{
				from: `FROM download_log d JOIN downloadable_product_permissions perm ON perm.permission_id = d.permission_id ${where.sql}`,
				params: where.params,
				date,
				metrics: Object.values(metrics),
			},
		],
	});
}
