/**
 * The chart of a report: the selected tile's metric over the allowed interval, the primary period
 * against the comparison period, or one line per item when items are compared.
 */
import { memo, useCallback, useMemo } from 'react';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { Chart, type ChartRow } from '@abacus/components';
import { getReportChartData } from '@abacus/data';
import {
	getAllowedIntervalsForQuery,
	getChartTypeForQuery,
	getCurrentDates,
	getDateFormatsForInterval,
	getIntervalForQuery,
} from '@abacus/date';
import { flattenFilters, getHistory, getNewPath } from '@abacus/navigation';

import { ORDERS_PATH, intervalOrdersQuery, ordersFilterFor } from '../report/drill-down.js';
import { getSelectedChart, getStatsOptions } from '../report/query.js';
import type { ReportConfig, ReportFilter } from '../report/types.js';
import { ReportError } from './report-error.js';
import { useDefaultDateRange } from './use-default-date-range.js';
import { useReportContext } from './use-report-context.js';

interface Props {
	config: ReportConfig;
	path: string;
	query: Record<string, unknown>;
}

interface Interval {
	date_start: string;
	date_end?: string;
	subtotals: Record<string, unknown> & {
		segments?: Array<{
			segment_id: number | string;
			segment_label?: string;
			subtotals: Record<string, unknown>;
		}>;
	};
}

/** The chart mode of the active filter ('item-comparison' when items are compared). */
export function getChartMode(
	config: ReportConfig,
	query: Record<string, unknown>,
): 'item-comparison' | 'time-comparison' {
	for (const filterConfig of config.filters) {
		const value = query[filterConfig.param];
		if (value === undefined) {
			continue;
		}
		const filters = flattenFilters(filterConfig.filters) as ReportFilter[];
		const filter = filters.find((item) => item.value === value && item.chartMode);
		if (filter?.chartMode === 'item-comparison' && filter.value.startsWith('compare')) {
			return 'item-comparison';
		}
	}
	return 'time-comparison';
}

/** Each series' total of `key`, for the totals that have it as a number. */
function totalsFor(
	key: string,
	entries: Array<[string, Record<string, unknown> | null | undefined]>,
): Record<string, number> {
	const totals: Record<string, number> = {};
	for (const [series, values] of entries) {
		const value = values?.[key];
		if (typeof value === 'number' && Number.isFinite(value)) {
			totals[series] = value;
		}
	}
	return totals;
}

function toChartDate(date: string): string {
	return date.replace(' ', 'T');
}

function ReportChartView({ config, path, query }: Props) {
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	const selected = getSelectedChart(config, query);
	const mode = getChartMode(config, query);
	const interval = getIntervalForQuery(query, defaultDateRange);
	const chartQuery = useMemo(
		() =>
			mode === 'item-comparison' && config.comparisonSegment
				? { ...query, segmentby: config.comparisonSegment }
				: query,
		[mode, config, query],
	);
	const { primary, secondary } = useSelect(
		(select) => ({
			primary: getReportChartData({
				...getStatsOptions(config, chartQuery),
				select,
				defaultDateRange,
				dataType: 'primary',
			}),
			secondary:
				mode === 'time-comparison'
					? getReportChartData({
							...getStatsOptions(config, chartQuery),
							select,
							defaultDateRange,
							dataType: 'secondary',
						})
					: null,
		}),
		[config, chartQuery, defaultDateRange, mode],
	);
	// Drill-down: a click (or Enter) on a date opens the orders of that interval, same filters.
	const ordersFilter = useMemo(() => ordersFilterFor(config.report, query), [config, query]);
	const intervals = primary.data?.intervals as Interval[] | undefined;
	const openOrders = useCallback(
		(_row: ChartRow, index: number) => {
			const interval = intervals?.[index];
			if (!ordersFilter || !interval) return;
			getHistory().push(
				getNewPath(
					intervalOrdersQuery(ordersFilter, interval, query),
					ORDERS_PATH,
					{},
					'abacus',
				),
			);
		},
		[ordersFilter, intervals, query],
	);
	if (!selected) {
		return null;
	}
	if (primary.isError || secondary?.isError) {
		return <ReportError title={__('The chart could not be loaded.', 'abacus')} />;
	}
	const isRequesting = primary.isRequesting || Boolean(secondary?.isRequesting);
	const dates = getCurrentDates(query, defaultDateRange);
	const primaryIntervals = ((primary.data?.intervals ?? []) as Interval[]) || [];
	const secondaryIntervals = ((secondary?.data?.intervals ?? []) as Interval[]) || [];
	const primaryKey = `${dates.primary.label} (${dates.primary.range})`;
	const secondaryKey = `${dates.secondary.label} (${dates.secondary.range})`;
	const data: ChartRow[] = isRequesting
		? []
		: primaryIntervals.map((item, index) => {
				const row: ChartRow = { date: toChartDate(item.date_start) };
				if (mode === 'item-comparison') {
					for (const segment of item.subtotals.segments ?? []) {
						const label = segment.segment_label || String(segment.segment_id);
						row[label] = {
							label,
							value: Number(segment.subtotals[selected.key] ?? 0),
						};
					}
					return row;
				}
				row[primaryKey] = {
					label: primaryKey,
					labelDate: item.date_start,
					value: Number(item.subtotals[selected.key] ?? 0),
				};
				const previous = secondaryIntervals[index];
				row[secondaryKey] = {
					label: secondaryKey,
					labelDate: previous?.date_start,
					value: previous ? Number(previous.subtotals[selected.key] ?? 0) : null,
				};
				return row;
			});
	// The legend totals are the periods' totals (the tiles' figures), not the sum of the drawn
	// intervals: the comparison period can have one more (partial) interval than the current one,
	// and an average is not the sum of its intervals.
	const legendTotals: Record<string, number> | undefined =
		mode === 'time-comparison' && !isRequesting
			? totalsFor(selected.key, [
					[primaryKey, primary.data?.totals],
					[secondaryKey, secondary?.data?.totals],
				])
			: undefined;
	const formats = getDateFormatsForInterval(interval, data.length);
	return (
		<Chart
			data={data}
			title={selected.label}
			interval={interval}
			allowedIntervals={getAllowedIntervalsForQuery(query, defaultDateRange)}
			chartType={getChartTypeForQuery(query)}
			mode={mode}
			legendTotals={legendTotals}
			path={path}
			isRequesting={isRequesting}
			dateParser="%Y-%m-%dT%H:%M:%S"
			valueType={selected.type === 'percent' ? 'number' : selected.type}
			formatCurrency={context.formatAmount}
			formatNumber={context.formatNumber}
			tooltipLabelFormat={formats.tooltipLabelFormat}
			screenReaderFormat={formats.screenReaderFormat}
			xFormat={formats.xFormat}
			x2Format={formats.x2Format}
			itemsLabel={
				/* translators: %d: number of compared items */
				__('%d items', 'abacus')
			}
			onPointClick={ordersFilter ? openOrders : undefined}
			pointActionLabel={__('Click or press Enter to see these orders', 'abacus')}
			emptyMessage={sprintf(
				/* translators: %s: metric name */
				__('There is no %s data for the selected period.', 'abacus'),
				selected.label.toLowerCase(),
			)}
		/>
	);
}

/** Query keys that only page or sort the table: the chart does not depend on them. */
const TABLE_ONLY_KEYS = new Set(['paged', 'per_page', 'orderby', 'order']);

/** Whether two queries differ only in table-only keys. */
export function sameChartQuery(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
	const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
	for (const key of keys) {
		if (TABLE_ONLY_KEYS.has(key)) continue;
		if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
	}
	return true;
}

/**
 * The report chart; a page change or a sort of the table does not redraw it (its interval and type
 * controls write to the address as it is when they are used).
 */
export const ReportChart = memo(
	ReportChartView,
	(previous, next) =>
		previous.config === next.config &&
		previous.path === next.path &&
		sameChartQuery(previous.query, next.query),
);
