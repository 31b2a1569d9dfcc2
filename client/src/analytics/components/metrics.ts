/**
 * Report config pieces that name a metric, built from the metric catalogue (@abacus/metrics): a
 * tile, a table column or a table summary item says what the catalogue says (label, value type,
 * trend direction, definition), so that a metric is named and explained in one place.
 */
import { getMetric, type MetricKey, type MetricReport } from '@abacus/metrics';

import { currencyColumn, numberColumn } from './columns.js';
import type { ChartMetric, TableColumn, TableSummaryItem } from './types.js';

type ColumnOptions = Parameters<typeof currencyColumn>[2];

/**
 * The summary tile (and chart) of a metric. `orderby` is the table column the table is sorted by
 * when the tile is selected.
 */
export function chartMetric<R extends MetricReport>(
	report: R,
	key: MetricKey<R>,
	orderby?: string,
): ChartMetric {
	const metric = getMetric(report, key);
	return {
		key,
		label: metric.label,
		type: metric.type,
		...(orderby ? { orderby } : {}),
		...(metric.isReverseTrend ? { isReverseTrend: true } : {}),
		definition: metric.definition,
	};
}

/**
 * The table column of a metric: money or a count by the metric's value type, headed by its column
 * label. `columnKey` and `source` default to the metric key (the orders table's `net_total` is
 * the orders' net sales).
 */
export function metricColumn<R extends MetricReport>(
	report: R,
	key: MetricKey<R>,
	options: ColumnOptions = {},
	columnKey: string = key,
): TableColumn {
	const metric = getMetric(report, key);
	const build = metric.type === 'currency' ? currencyColumn : numberColumn;
	return build(columnKey, metric.columnLabel, options);
}

/** The column label of a metric (for columns with cells of their own, e.g. linked order counts). */
export function metricColumnLabel<R extends MetricReport>(report: R, key: MetricKey<R>): string {
	return getMetric(report, key).columnLabel;
}

/** The summary-row item of a metric: its value and the catalogue's words after it ('12 orders'). */
export function summaryItem<R extends MetricReport>(
	report: R,
	key: MetricKey<R>,
): TableSummaryItem {
	const metric = getMetric(report, key);
	return { key, type: metric.type, label: (value) => metric.summaryLabel(value) };
}
