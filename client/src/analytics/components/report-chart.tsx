/**
 * The chart of a report: the selected tile's metric over the allowed interval, the primary period
 * against the comparison period, or one line per item when items are compared (and one line per
 * variation for a single variable product, `segmentby=variation`, as WooCommerce draws it).
 */
import { memo, useCallback, useMemo } from 'react';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { Chart, type ChartRow } from '@abacus/components';
import {
	getAllowedIntervalsForQuery,
	getChartTypeForQuery,
	getCurrentDates,
	getDateFormatsForInterval,
	getIntervalForQuery,
	getStoreTimeZoneMoment,
} from '@abacus/date';
import { getHistory, getNewPath } from '@abacus/navigation';
import { numberFormat } from '@abacus/number';
import { getSetting } from '@abacus/settings';

import { ORDERS_PATH, intervalOrdersQuery, ordersFilterFor } from './drill-down.js';
import { singleProductId } from './single-variable.js';
import { useProductType } from './use-product-type.js';
import { getSelectedChart } from './query.js';
import { getChartMode, selectChartData } from './selections.js';
import type { ReportConfig } from './types.js';
import { chartTimeLocale, currencyTickFormat, localizeDateFormats } from './chart-locale.js';
import { useChartNotes } from '../annotations/chart.js';
import { useChartForecast } from '../forecast/chart-forecast.js';
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

type Segment = NonNullable<Interval['subtotals']['segments']>[number];

/** A local `YYYY-MM-DD HH:MM:SS` date as milliseconds (read as UTC, so no zone shifts it). */
function localMs(date: string): number {
	const [day, time = '00:00:00'] = date.replace('T', ' ').split(' ');
	const [y, m, d] = day.split('-').map(Number);
	const [hh, mm, ss] = time.split(':').map(Number);
	return Date.UTC(y, m - 1, d, hh || 0, mm || 0, ss || 0);
}

function fromLocalMs(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19);
}

/**
 * The rows of a time comparison. The comparison is aligned to the current period's interval
 * positions (its n-th interval beside the current n-th, as WooCommerce does). When the comparison
 * has more intervals than the current period (a custom range whose previous period starts on
 * another weekday can span one more week), each extra interval is drawn at the next position on
 * the x axis, spaced as the comparison's own intervals are; the current period has no value
 * there. Each value carries its own interval's date (`labelDate`, in the chart's date format), which
 * the tooltip shows beside it. So every comparison interval is a point of the chart and a row of its screen-reader
 * table, and the legend's total (the period's total) is the sum of what is drawn. With `now` (the
 * store's current time, in the chart's date format), the current period's intervals starting after
 * it have no value: a range reaching into the future (today by hour, this month by day) stops its
 * line at the current interval instead of drawing the hours and days to come as zeros.
 */
export function getTimeComparisonRows(
	primary: Interval[],
	secondary: Interval[],
	key: string,
	primaryKey: string,
	secondaryKey: string,
	now?: string,
): ChartRow[] {
	const rows: ChartRow[] = primary.map((item, index) => {
		const previous = secondary[index];
		const date = toChartDate(item.date_start);
		return {
			date,
			[primaryKey]: {
				label: primaryKey,
				labelDate: date,
				value: now !== undefined && date > now ? null : Number(item.subtotals[key] ?? 0),
			},
			[secondaryKey]: {
				label: secondaryKey,
				labelDate: previous ? toChartDate(previous.date_start) : undefined,
				value: previous ? Number(previous.subtotals[key] ?? 0) : null,
			},
		};
	});
	if (primary.length === 0 || secondary.length <= primary.length) {
		return rows;
	}
	const lastPrimary = localMs(primary[primary.length - 1].date_start);
	const lastAligned = localMs(secondary[primary.length - 1].date_start);
	for (const previous of secondary.slice(primary.length)) {
		rows.push({
			date: fromLocalMs(lastPrimary + localMs(previous.date_start) - lastAligned),
			[primaryKey]: { label: primaryKey, value: null },
			[secondaryKey]: {
				label: secondaryKey,
				labelDate: toChartDate(previous.date_start),
				value: Number(previous.subtotals[key] ?? 0),
			},
		});
	}
	return rows;
}

/** Whether every figure of a segment is zero (or missing). */
function isEmptySegment(segment: Segment | undefined): boolean {
	return (
		!segment ||
		Object.values(segment.subtotals).every((value) => typeof value !== 'number' || value === 0)
	);
}

/**
 * The series of an item comparison: one per segment of the totals (in the server's order), keyed
 * by its label (a repeated label gets its id). With `variation` segments, a segment without any
 * sale or refund in the period is left out, as the variations table leaves it out (so the legend
 * lists the table's rows); the parent product's segment (id 0, sales recorded without a variation)
 * is drawn only when it has some.
 */
export function getItemSeries(
	totals: Record<string, unknown> | null | undefined,
	intervals: Interval[],
	segmentby: string | undefined,
): Array<{ id: number | string; label: string }> {
	const totalSegments = (totals?.segments ?? intervals[0]?.subtotals.segments ?? []) as Segment[];
	const used = new Set<string>();
	const series: Array<{ id: number | string; label: string }> = [];
	for (const segment of totalSegments) {
		if (segmentby === 'variation' && isEmptySegment(segment)) {
			continue;
		}
		let label = segment.segment_label || String(segment.segment_id);
		if (used.has(label)) label = `${label} (#${segment.segment_id})`;
		used.add(label);
		series.push({ id: segment.segment_id, label });
	}
	return series;
}

/**
 * The rows of an item comparison: each interval's value of `key` for each series; none for the
 * intervals starting after `now` (still to come, as in getTimeComparisonRows).
 */
export function getItemComparisonRows(
	intervals: Interval[],
	series: Array<{ id: number | string; label: string }>,
	key: string,
	now?: string,
): ChartRow[] {
	return intervals.map((item) => {
		const row: ChartRow = { date: toChartDate(item.date_start) };
		const toCome = now !== undefined && row.date > now;
		const segments = item.subtotals.segments ?? [];
		for (const { id, label } of series) {
			const segment = segments.find(
				(candidate) => String(candidate.segment_id) === String(id),
			);
			row[label] = { label, value: toCome ? null : Number(segment?.subtotals[key] ?? 0) };
		}
		return row;
	});
}

/** Each series' total of `key` from the totals' segments (the figures the table lists). */
export function getItemTotals(
	totals: Record<string, unknown> | null | undefined,
	series: Array<{ id: number | string; label: string }>,
	key: string,
): Record<string, number> {
	const segments = (totals?.segments ?? []) as Segment[];
	const result: Record<string, number> = {};
	for (const { id, label } of series) {
		const value = segments.find((segment) => String(segment.segment_id) === String(id))
			?.subtotals[key];
		if (typeof value === 'number' && Number.isFinite(value)) result[label] = value;
	}
	return result;
}

function ReportChartView({ config, path, query }: Props) {
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	// The store's locale: month and weekday names of the dates, money ticks in its currency.
	const locale = getSetting('locale', {}) as { userLocale?: string; siteLocale?: string };
	const wpLocale = locale.userLocale || locale.siteLocale;
	const timeLocale = useMemo(() => chartTimeLocale(wpLocale), [wpLocale]);
	const moneyTicks = useMemo(
		() => currencyTickFormat(context.currencyConfig, wpLocale),
		[context.currencyConfig, wpLocale],
	);
	const selected = getSelectedChart(config, query);
	// The products page's single-product look-up (the page asks the same, so no second request).
	const product = useProductType(config.report === 'products' ? singleProductId(query) : null);
	const isVariable = product.type === 'variable';
	// A single variable product: one line per variation (REST.md §5), like an item comparison.
	const mode = isVariable ? 'item-comparison' : getChartMode(config, query);
	const segmentby = isVariable
		? 'variation'
		: mode === 'item-comparison'
			? config.comparisonSegment
			: undefined;
	const interval = getIntervalForQuery(query, defaultDateRange);
	const chartQuery = useMemo(
		() => (segmentby ? { ...query, segmentby } : query),
		[segmentby, query],
	);
	const { primary, secondary } = useSelect(
		(select) =>
			product.isRequesting
				? { primary: null, secondary: null }
				: selectChartData(select, config, chartQuery, defaultDateRange, mode),
		[config, chartQuery, defaultDateRange, mode, product.isRequesting],
	);
	// Drill-down: a click (or Enter) on a date opens the orders of that interval, same filters.
	const ordersFilter = useMemo(() => ordersFilterFor(config.report, query), [config, query]);
	const intervals = primary?.data?.intervals as Interval[] | undefined;
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
	// A comparison's extra interval (drawn after the current period's) has no current orders.
	const hasOrders = useCallback(
		(_row: ChartRow, index: number) => index < (intervals?.length ?? 0),
		[intervals],
	);
	// Notes on the chart's dates (markers, "Add a note"), asked once the dates are known.
	const primaryRows = (primary && !primary.isRequesting ? primary.data?.intervals : undefined) as
		Interval[] | undefined;
	// The forecast of the rest of the period (revenue, orders, net sales by day): a dashed line.
	const forecast = useChartForecast({
		endpoint: config.endpoint,
		metric: selected?.key,
		interval,
		mode,
		query,
	});
	// The notes are asked for the forecast's later dates too (the chart draws them).
	const noteRows = useMemo(() => {
		const rows = (primaryRows ?? []).map((item) => ({ date: toChartDate(item.date_start) }));
		const last = rows[rows.length - 1]?.date;
		const later = (forecast?.points ?? [])
			.filter((point) => last !== undefined && point.date > last)
			.map((point) => ({ date: point.date }));
		return later.length ? [...rows, ...later] : rows;
	}, [primaryRows, forecast]);
	const notes = useChartNotes(
		noteRows,
		interval,
		__('Click or press Enter to see these orders or add a note', 'abacus'),
	);
	if (!selected) {
		return null;
	}
	if (primary?.isError || secondary?.isError) {
		return <ReportError title={__('The chart could not be loaded.', 'abacus')} />;
	}
	const isRequesting = !primary || primary.isRequesting || Boolean(secondary?.isRequesting);
	const dates = getCurrentDates(query, defaultDateRange);
	const primaryIntervals = (primary?.data?.intervals ?? []) as Interval[];
	const secondaryIntervals = (secondary?.data?.intervals ?? []) as Interval[];
	const primaryKey = `${dates.primary.label} (${dates.primary.range})`;
	const secondaryKey = `${dates.secondary.label} (${dates.secondary.range})`;
	const series =
		mode === 'item-comparison' && !isRequesting
			? getItemSeries(primary?.data?.totals, primaryIntervals, segmentby)
			: [];
	// The store's current time: the current period's intervals after it are still to come.
	const now = getStoreTimeZoneMoment().format('YYYY-MM-DDTHH:mm:ss');
	const data: ChartRow[] = isRequesting
		? []
		: mode === 'item-comparison'
			? getItemComparisonRows(primaryIntervals, series, selected.key, now)
			: getTimeComparisonRows(
					primaryIntervals,
					secondaryIntervals,
					selected.key,
					primaryKey,
					secondaryKey,
					now,
				);
	// The legend totals are the totals of the periods (the tiles' figures) or of the items (the
	// table's figures), not the sum of the drawn intervals: an average is not the sum of its
	// intervals. For a sum they are the sum of the drawn points (every comparison interval is
	// drawn, see getTimeComparisonRows).
	const legendTotals: Record<string, number> | undefined = isRequesting
		? undefined
		: mode === 'time-comparison'
			? totalsFor(selected.key, [
					[primaryKey, primary?.data?.totals],
					[secondaryKey, secondary?.data?.totals],
				])
			: getItemTotals(primary?.data?.totals, series, selected.key);
	const formats = localizeDateFormats(getDateFormatsForInterval(interval, data.length), wpLocale);
	// An average (items per order) with two decimals in the store's number format (d3's default
	// wrote 3.75 in a store that writes 3,75).
	const formatAverage = (value: number) =>
		numberFormat(
			{
				precision: 2,
				decimalSeparator: context.currencyConfig.decimalSeparator,
				thousandSeparator: context.currencyConfig.thousandSeparator,
			},
			value,
		);
	return (
		<>
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
				formatNumber={
					selected.type === 'percent'
						? (value: number) => context.formatMetric('percent', value)
						: context.formatNumber
				}
				formatAverage={formatAverage}
				yFormat={selected.type === 'currency' ? moneyTicks : undefined}
				timeLocale={timeLocale}
				tooltipLabelFormat={formats.tooltipLabelFormat}
				screenReaderFormat={formats.screenReaderFormat}
				xFormat={formats.xFormat}
				x2Format={formats.x2Format}
				itemsLabel={
					segmentby === 'variation'
						? /* translators: %d: number of variations drawn */
							__('%d variations', 'abacus')
						: /* translators: %d: number of compared items */
							__('%d items', 'abacus')
				}
				onPointClick={ordersFilter ? openOrders : undefined}
				isPointActionable={hasOrders}
				pointActionLabel={__('Click or press Enter to see these orders', 'abacus')}
				emptyMessage={sprintf(
					/* translators: %s: metric name */
					__('There is no %s data for the selected period.', 'abacus'),
					selected.label.toLowerCase(),
				)}
				forecast={forecast}
				{...notes.chartProps}
			/>
			{notes.error}
			{notes.dialog}
		</>
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
