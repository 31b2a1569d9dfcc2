/**
 * The catalogue of Abacus report metrics: one entry per metric key, read by the server's metric
 * layer and the client's report configs.
 */
import { INDICATOR_STATS, REPORTS, type MetricEntry, type ReportMetrics } from './catalogue.js';
import type { Metric, MetricReport } from './types.js';

export type { Metric, MetricReport, MetricType, TrendDirection } from './types.js';
export { getTooltipValueFormat } from './format.js';

type Reports = typeof REPORTS;

/** The metric keys of a report: `MetricKey<'revenue'>` is `'net_revenue' | 'gross_sales' | ...`. */
export type MetricKey<R extends MetricReport> = Extract<keyof Reports[R]['metrics'], string>;

/** A performance indicator of the dashboard (REST §6.13). */
export interface Indicator {
	/** `<report>/<key>`, e.g. `revenue/net_revenue`. */
	stat: string;
	report: MetricReport;
	metric: Metric;
}

/** Every report the catalogue names, in menu order. */
export const METRIC_REPORTS = Object.keys(REPORTS) as MetricReport[];

const has = (object: object, key: string): boolean =>
	Object.prototype.hasOwnProperty.call(object, key);

/** True for a report slug the catalogue knows (own keys only: `__proto__` is not a report). */
export function isMetricReport(report: unknown): report is MetricReport {
	return typeof report === 'string' && has(REPORTS, report);
}

function resolve(report: MetricReport, key: string, entry: MetricEntry): Metric {
	const override = (REPORTS[report] as ReportMetrics).overrides?.[key];
	const label = entry.label();
	const trend = entry.trend ?? 'up';
	return {
		key,
		label,
		columnLabel: entry.columnLabel?.() ?? label,
		indicatorLabel: (override?.indicatorLabel ?? entry.indicatorLabel)?.() ?? label,
		type: entry.type,
		trend,
		isReverseTrend: trend === 'down',
		definition: entry.definition(),
		summaryLabel: (value) => entry.summaryLabel?.(value) ?? label,
	};
}

function entries(report: MetricReport): Record<string, MetricEntry> {
	return (REPORTS[report] as ReportMetrics).metrics;
}

/**
 * One metric of a report, its words in the current locale: `getMetric('revenue', 'net_revenue')
 * .label` is 'Net sales'. The key is checked by TypeScript; for a key read from elsewhere use
 * findMetric().
 */
export function getMetric<R extends MetricReport>(report: R, key: MetricKey<R>): Metric {
	const metric = findMetric(report, key);
	if (!metric) throw new Error(`Unknown metric ${report}/${key}`);
	return metric;
}

/** A metric by report and key from any source (a URL, a REST answer), or undefined. */
export function findMetric(report: string, key: string): Metric | undefined {
	if (!isMetricReport(report)) return undefined;
	const set = entries(report);
	return has(set, key) ? resolve(report, key, set[key] as MetricEntry) : undefined;
}

/** Every metric of a report, in the catalogue's order. */
export function metricsFor(report: MetricReport): Metric[] {
	return Object.entries(entries(report)).map(([key, entry]) => resolve(report, key, entry));
}

/** The metric of a performance indicator's stat (`revenue/net_revenue`), or undefined. */
export function findIndicator(stat: string): Metric | undefined {
	const slash = stat.indexOf('/');
	return slash > 0 ? findMetric(stat.slice(0, slash), stat.slice(slash + 1)) : undefined;
}

/** The dashboard's performance indicators in the order the API lists them (REST §6.13). */
export function performanceIndicators(): Indicator[] {
	return INDICATOR_STATS.map((stat) => {
		const [report, key] = stat.split('/') as [MetricReport, string];
		return { stat, report, metric: findMetric(report, key) as Metric };
	});
}

/**
 * report → metric key → definition, for every report (the shape of
 * `abacusSettings.metricDefinitions`).
 */
export function metricDefinitions(
	reports: readonly MetricReport[] = METRIC_REPORTS,
): Record<string, Record<string, string>> {
	return Object.fromEntries(
		reports.map((report) => [
			report,
			Object.fromEntries(metricsFor(report).map((m) => [m.key, m.definition])),
		]),
	);
}

export { storeGroupMetric, type StoreGroupMetricKey } from './stores.js';
export {
	COLUMN_REPORTS,
	columnsFor,
	findColumn,
	getColumn,
	type ColumnKey,
	type ColumnReport,
	type ReportColumn,
} from './columns.js';
export * from './forecast/index.js';
