/**
 * Formatting helpers a report row and tile need, built once from the store settings.
 */
import { useMemo } from 'react';
import { dateI18n, gmdateI18n } from '@wordpress/date';
import { CurrencyFactory } from '@abacus/currency';
import { defaultTableDateFormat } from '@abacus/date';
import { getNewPath, getPersistedQuery } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';
import { formatValue, numberFormat } from '@abacus/number';
import { getSetting } from '@abacus/settings';
import type { CurrencySettings } from '@abacus/settings';

import { applyReportCurrencyFilter } from './extension-hooks.js';
import type { RowContext, ValueType } from './types.js';

export interface ReportFormatters extends RowContext {
	currencyConfig: CurrencySettings;
}

/** The date format of table cells: the store's date format, or `m/d/Y` where none is set. */
export function tableDateFormat(): string {
	const format = getSetting('dateFormat', defaultTableDateFormat);
	return typeof format === 'string' && format.trim() ? format : defaultTableDateFormat;
}

/**
 * A date of a report row in the store's date format. WooCommerce gives the store's local time
 * without a zone (`2026-10-11 23:30:00`): it is written as it is, whatever the browser's time zone
 * (read as the browser's time and moved to the store's zone, a late order showed the next day).
 * A date with a zone (`…Z`, `…+02:00`) is written in the store's zone.
 */
export function formatStoreDate(format: string, value: string): string {
	const text = value.trim();
	if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
		return dateI18n(format, text, undefined);
	}
	// WooCommerce's usual `2026-10-11 23:30:00` (or a bare day) read field by field: moment's
	// reading of a date string was most of the time of a report table's date cells.
	const fields = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
	if (fields) {
		const [, year, month, day, hours = '0', minutes = '0', seconds = '0'] = fields;
		const date = new Date(Date.UTC(+year, +month - 1, +day, +hours, +minutes, +seconds));
		// Years 0–99 are kept as they are (Date.UTC reads them as 1900–1999).
		date.setUTCFullYear(+year);
		// A field out of range (a 13th month, a 31st of April) is not moved to the next month.
		if (date.getUTCMonth() === +month - 1 && date.getUTCDate() === +day && +hours < 24) {
			return gmdateI18n(format, date);
		}
	}
	return gmdateI18n(format, `${text.replace(' ', 'T')}Z`);
}

/** Formatters and link builders for the current store (currency, separators, dates). */
export function useReportContext(query: Record<string, unknown>): ReportFormatters {
	return useMemo(() => {
		const currencySetting = applyReportCurrencyFilter(
			getSetting('currency', {}) as Partial<CurrencySettings>,
			query,
		);
		const currency = CurrencyFactory(currencySetting);
		const currencyConfig = currency.getCurrencyConfig() as CurrencySettings;
		const numberConfig = {
			precision: 0,
			decimalSeparator: currencyConfig.decimalSeparator,
			thousandSeparator: currencyConfig.thousandSeparator,
		};
		const formatNumber = (value: unknown) => {
			const text = numberFormat({ ...numberConfig, precision: null }, value as number);
			return text;
		};
		const formatAmount = (value: unknown) => currency.formatAmount(value as number);
		const persisted = getPersistedQuery(query as NavQuery) as Record<string, unknown>;
		// The store's own date format (WordPress's "Date Format" setting, PHP-style, e.g. `F j, Y`).
		const dateFormat = tableDateFormat();
		return {
			currencyConfig,
			formatAmount,
			formatNumber,
			formatDate: (value: string) => formatStoreDate(dateFormat, value),
			formatMetric: (type: ValueType, value: unknown) => {
				if (typeof value !== 'number' || !Number.isFinite(value)) {
					return '';
				}
				switch (type) {
					case 'currency':
						return formatAmount(value);
					case 'percent':
						return `${numberFormat({ ...numberConfig, precision: 2 }, value)}%`;
					case 'average':
						return String(formatValue(numberConfig, 'average', value) ?? '');
					default:
						return String(formatValue(numberConfig, 'number', value) ?? '');
				}
			},
			reportLink: (path: string, params: Record<string, string>) =>
				getNewPath({ ...persisted, ...params }, path, {}, 'abacus'),
			orderStatuses: (getSetting('orderStatuses', {}) as Record<string, string>) ?? {},
			countries: (getSetting('countries', {}) as Record<string, string>) ?? {},
			query,
		};
	}, [query]);
}
