/**
 * Date constants: formats, presets, compare periods, thresholds and validation messages.
 */
import { __ } from '@wordpress/i18n';

/** Machine date format (moment). */
export const isoDateFormat = 'YYYY-MM-DD';
/** Date-time format of `after`/`before` request values (moment). */
export const defaultDateTimeFormat = 'YYYY-MM-DDTHH:mm:ss';
/** Display and typed-entry date format (moment). */
export const defaultDateFormat = 'MM/DD/YYYY';
/** Range label format (moment). */
export const rangeLabelFormat = 'MMM D, YYYY';
/** Table date format (PHP style). */
export const defaultTableDateFormat = 'm/d/Y';
/** Machine date-time format (PHP style). */
export const machineDateTimeFormat = 'Y-m-d H:i:s';
/** Screen-reader date format (PHP style). */
export const screenReaderDateFormat = 'F j, Y';
/** The store's default date range when none is configured. */
export const defaultDateRange = 'period=month&compare=previous_year';
/** With a day interval and at least this many dates, chart ticks reduce to month starts. */
export const dayTicksThreshold = 63;
/** With a week interval and at least this many weeks, chart ticks reduce to month starts. */
export const weekTicksThreshold = 9;

/** The date-range presets (`period` query values). */
export type PresetPeriod =
	| 'today'
	| 'yesterday'
	| 'week'
	| 'last_week'
	| 'month'
	| 'last_month'
	| 'quarter'
	| 'last_quarter'
	| 'year'
	| 'last_year'
	| 'last_7_days'
	| 'last_30_days'
	| 'last_90_days'
	| 'last_365_days'
	| 'custom';

/** The compare periods (`compare` query values). */
export type ComparePeriod = 'previous_period' | 'previous_year';

export interface ValueLabel<T extends string> {
	value: T;
	label: string;
}

/** Date-range presets in display order. */
export const presetValues: ReadonlyArray<ValueLabel<PresetPeriod>> = [
	{ value: 'today', label: __('Today', 'abacus') },
	{ value: 'yesterday', label: __('Yesterday', 'abacus') },
	{ value: 'week', label: __('Week to Date', 'abacus') },
	{ value: 'last_week', label: __('Last Week', 'abacus') },
	{ value: 'month', label: __('Month to Date', 'abacus') },
	{ value: 'last_month', label: __('Last Month', 'abacus') },
	{ value: 'quarter', label: __('Quarter to Date', 'abacus') },
	{ value: 'last_quarter', label: __('Last Quarter', 'abacus') },
	{ value: 'year', label: __('Year to Date', 'abacus') },
	{ value: 'last_year', label: __('Last Year', 'abacus') },
	{ value: 'last_7_days', label: __('Last 7 Days', 'abacus') },
	{ value: 'last_30_days', label: __('Last 30 Days', 'abacus') },
	{ value: 'last_90_days', label: __('Last 90 Days', 'abacus') },
	{ value: 'last_365_days', label: __('Last 365 Days', 'abacus') },
	{ value: 'custom', label: __('Custom', 'abacus') },
];

/** Compare periods in display order. */
export const periods: ReadonlyArray<ValueLabel<ComparePeriod>> = [
	{ value: 'previous_period', label: __('Previous Period', 'abacus') },
	{ value: 'previous_year', label: __('Previous Year', 'abacus') },
];

/** Messages of typed custom dates. */
export const dateValidationMessages = {
	invalid: __('Invalid date', 'abacus'),
	future: __('Select a date in the past', 'abacus'),
	startAfterEnd: __('Start date must be before end date', 'abacus'),
	endBeforeStart: __('Start date must be before end date', 'abacus'),
} as const;

export function isPresetPeriod(value: unknown): value is PresetPeriod {
	return typeof value === 'string' && presetValues.some((preset) => preset.value === value);
}

export function isComparePeriod(value: unknown): value is ComparePeriod {
	return typeof value === 'string' && periods.some((period) => period.value === value);
}
