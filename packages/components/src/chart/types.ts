import type { TimeLocaleDefinition } from 'd3-time-format';
import type {
	ChartInterval,
	ChartMode,
	ChartRow,
	ChartType,
	ChartValueType,
	LegendPosition,
} from './utils/index.js';
import type { ChartAnnotation } from './utils/annotations.js';
import type { ChartForecast, ChartForecastPoint } from './utils/forecast.js';

export type { ChartAnnotation, ChartForecast, ChartForecastPoint };
export type { ChartInterval, ChartMode, ChartRow, ChartType, ChartValueType, LegendPosition };

export interface ChartProps {
	/** Rows: `{ date, [seriesKey]: { value, label, labelDate } }`. Required. */
	data: ChartRow[];
	/** d3-time-format specifier of the row dates. Default '%Y-%m-%dT%H:%M:%S'. */
	dateParser?: string;
	/** 'time-comparison' (periods) or 'item-comparison' (items). Default 'time-comparison'. */
	mode?: ChartMode;
	/** 'line' or 'bar'. Default 'line'. */
	chartType?: ChartType;
	/** Current interval. Default 'day'. */
	interval?: ChartInterval;
	/** Intervals offered in the interval select. Default [] (no select). */
	allowedIntervals?: ChartInterval[];
	/** Current query; the interval and type changes are merged into it. Default {}. */
	query?: Record<string, unknown>;
	/** Page path the query belongs to. Default: the current path. */
	path?: string;
	/** Label of the legend with the item count for item comparison (sprintf with %d). */
	itemsLabel?: string;
	/** Header title. */
	title?: string;
	/** Shows the loading placeholder. Default false. */
	isRequesting?: boolean;
	/** Legend checkboxes toggle series. Default true. */
	interactiveLegend?: boolean;
	/** Forces the legend position. Default: top (wide, time), side (wide, item), bottom. */
	legendPosition?: LegendPosition;
	/** Legend totals per series key, instead of the sum of the values. */
	legendTotals?: Record<string, number>;
	/** Message when every value is empty. Default 'No data for the selected date range'. */
	emptyMessage?: string;
	/** d3-time-format of the dates for screen readers. Default '%B %-d, %Y'. */
	screenReaderFormat?: string;
	/** d3-time-format of the tooltip date. Default '%B %-d, %Y'. */
	tooltipLabelFormat?: string;
	/** Formats tooltip and legend values; overrides the value-type formatters. */
	tooltipValueFormat?: (value: number) => string;
	/** Title of the tooltip (else the date). */
	tooltipTitle?: string;
	/** Value type of the series: 'currency', 'number' or 'average'. Default 'number'. */
	valueType?: ChartValueType;
	/** Formatter of currency values (e.g. from @abacus/currency). Default d3 '$,.2f'. */
	formatCurrency?: (value: number) => string;
	/** Formatter of number values. Default d3 ',.0f'. */
	formatNumber?: (value: number) => string;
	/** Formatter of average values. Default d3 ',.2f'. */
	formatAverage?: (value: number) => string;
	/** d3-time-format of the x-axis labels. Default '%d'. */
	xFormat?: string;
	/** d3-time-format of the second x-axis line (month and year). Default '%b %Y'. */
	x2Format?: string;
	/**
	 * The y-axis labels: a d3-format, or a function writing a tick (e.g. the store's currency
	 * format). Default by value type: currency '$.3~s', number ',.0f', '.3~s'.
	 */
	yFormat?: string | ((value: number) => string);
	/**
	 * The month and weekday names (and date patterns) of the x-axis labels, the tooltip and the
	 * screen-reader table: a d3 time locale (d3-time-format's TimeLocaleDefinition). Default: d3's
	 * en-US.
	 */
	timeLocale?: TimeLocaleDefinition;
	/** Shows the interval select and type toggle. Default true. */
	showHeaderControls?: boolean;
	/** Called with the new interval (the query is written too, unless it returns false). */
	onIntervalChange?: (interval: ChartInterval) => void | false;
	/** Called with the new chart type (the query is written too, unless it returns false). */
	onChartTypeChange?: (chartType: ChartType) => void | false;
	/** Height of the body; default by viewport width (180 / 220 / 300). */
	height?: number;
	className?: string;
	/**
	 * Called with a date's row when a person clicks the chart at that date or presses Enter on it
	 * (e.g. to open the orders behind it). The chart then shows `pointActionLabel` in its tooltip.
	 */
	onPointClick?: (row: ChartRow, index: number) => void;
	/** What a click on a date does, shown in the tooltip, e.g. 'Click to see these orders'. */
	pointActionLabel?: string;
	/**
	 * Whether a date has something to open (default: every date); on the others a click or Enter
	 * does nothing and the tooltip does not offer it.
	 */
	isPointActionable?: (row: ChartRow, index: number) => boolean;
	/**
	 * The date menu's name of the point action, e.g. 'See these orders': when a date offers both
	 * `onPointClick` and `onAddAnnotation`, a click or Enter opens a small menu of the two.
	 * Default 'Open'.
	 */
	pointActionName?: string;
	/**
	 * Notes on days or ranges of days (annotations): a marker (a flag above the first date and a
	 * light band over the dates covered) on each date a note falls on, the notes of a date in its
	 * tooltip, and every note in the chart's accessible description. Default: none, no markers.
	 */
	annotations?: ChartAnnotation[];
	/** Whether the notes' markers are shown. Default true. */
	showAnnotations?: boolean;
	/**
	 * Called with the new choice when the header's "Show notes" toggle is pressed; the toggle is
	 * shown only with this callback and `annotations`.
	 */
	onShowAnnotationsChange?: (show: boolean) => void;
	/**
	 * Called with a date's row when a person chooses "Add a note" on it: a click or Enter on a
	 * date does it at once, or opens the date menu when the date also has `onPointClick`.
	 */
	onAddAnnotation?: (row: ChartRow, index: number) => void;
	/** The tooltip's line when adding a note is what a click does. Default 'Click or press Enter to add a note'. */
	addAnnotationActionLabel?: string;
	/**
	 * The projected values of the rest of the period (time comparison only): a dashed line from the
	 * current period's last value through them and a shaded band for their interval; dates after
	 * the last row extend the chart. Each date's forecast is in its tooltip and in the
	 * screen-reader table, and the period's end value (`total`) in the chart's accessible
	 * description. Compared by identity: keep the object while it is the same forecast.
	 */
	forecast?: ChartForecast;
}
