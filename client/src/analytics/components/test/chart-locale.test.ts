import { timeFormatLocale } from 'd3-time-format';

import { getDateFormatsForInterval } from '@abacus/date';

import {
	chartTimeLocale,
	currencyTickFormat,
	intlNamedDatePattern,
	intlTimeLocale,
	languageTag,
	localizeDateFormats,
} from '../chart-locale.js';

const EURO = {
	symbol: '€',
	symbolPosition: 'right_space' as const,
	decimalSeparator: ',',
	thousandSeparator: '.',
	precision: 2,
};
const DOLLAR = {
	symbol: '$',
	symbolPosition: 'left' as const,
	decimalSeparator: '.',
	thousandSeparator: ',',
	precision: 2,
};

describe('the chart in the store’s locale', () => {
	it('reads WordPress locales as language tags', () => {
		expect(languageTag('de_DE')).toBe('de-DE');
		expect(languageTag('de_DE_formal')).toBe('de-DE');
		expect(languageTag('pt_BR')).toBe('pt-BR');
		expect(languageTag('')).toBe('en-US');
		expect(languageTag(undefined)).toBe('en-US');
		// A language the browser lacks: English; a region it does not know keeps its language.
		expect(languageTag('zz_ZZ')).toBe('en-US');
		expect(languageTag('fr_XX')).toBe('fr-XX');
	});

	it('writes German month and weekday names on the time axis and in the tooltip', () => {
		const locale = timeFormatLocale(chartTimeLocale('de_DE'));
		const date = new Date(2026, 2, 8);
		expect(locale.format('%B %-d, %Y')(date)).toBe('März 8, 2026');
		expect(locale.format('%b')(new Date(2026, 9, 1))).toBe('Okt');
		expect(locale.format('%A')(date)).toBe('Sonntag');
		expect(locale.format('%x')(date)).toBe('08.03.2026');
		expect(locale.format('%X')(new Date(2026, 2, 8, 14, 5, 6))).toBe('14:05:06');
	});

	it('keeps English names for an English store', () => {
		const locale = timeFormatLocale(chartTimeLocale('en_US'));
		expect(locale.format('%B %-d, %Y')(new Date(2026, 8, 8))).toBe('September 8, 2026');
		expect(locale.format('%X')(new Date(2026, 2, 8, 14, 5, 6))).toMatch(/^02:05:06\s?PM$/);
	});

	it('gives an English (United States) store the names and patterns Intl gives', () => {
		const intl = intlTimeLocale('en-US');
		const kept = chartTimeLocale('en_US');
		// Intl may write a narrow no-break space before AM and PM.
		const spaces = (text: string) => text.replace(/\s/gu, ' ');
		expect({ ...kept, time: spaces(kept.time), dateTime: spaces(kept.dateTime) }).toEqual({
			...intl,
			time: spaces(intl.time),
			dateTime: spaces(intl.dateTime),
		});
		expect(chartTimeLocale('')).toBe(kept);
	});

	it('writes money ticks in the store’s currency format', () => {
		const euro = currencyTickFormat(EURO, 'de_DE');
		expect([0, 500, 1500, 0.5, 0.25, 1234.56, -200].map(euro)).toEqual([
			'0\u00a0€',
			'500\u00a0€',
			'1.500\u00a0€',
			'0,5\u00a0€',
			'0,25\u00a0€',
			'1.234,56\u00a0€',
			'-200\u00a0€',
		]);
		expect(euro(1500000)).toBe('1,5\u00a0Mio.\u00a0€');
		const dollar = currencyTickFormat(DOLLAR, 'en_US');
		expect([0, 1500, 0.5, -200, 2500000].map(dollar)).toEqual([
			'$0',
			'$1,500',
			'$0.5',
			'-$200',
			'$2.5M',
		]);
		// A currency without decimals never writes a fraction.
		expect(currencyTickFormat({ ...DOLLAR, symbol: '¥', precision: 0 }, 'ja')(0.5)).toBe('¥1');
	});

	it('writes full dates in the order of the user’s language', () => {
		const day = new Date(2026, 9, 1);
		const german = localizeDateFormats(getDateFormatsForInterval('day', 10), 'de_DE');
		const de = timeFormatLocale(chartTimeLocale('de_DE'));
		expect(de.format(german.tooltipLabelFormat)(day)).toBe('1. Oktober 2026');
		expect(de.format(german.screenReaderFormat)(day)).toBe('1. Oktober 2026');
		const hourly = localizeDateFormats(getDateFormatsForInterval('hour', 10), 'de_DE');
		expect(de.format(hourly.x2Format)(day)).toBe('1. Okt 2026');

		const english = localizeDateFormats(getDateFormatsForInterval('day', 10), 'en_US');
		expect(english).toEqual(getDateFormatsForInterval('day', 10));
		expect(localizeDateFormats(getDateFormatsForInterval('hour', 10), 'en_US')).toEqual(
			getDateFormatsForInterval('hour', 10),
		);
		const en = timeFormatLocale(chartTimeLocale('en_US'));
		expect(en.format(english.tooltipLabelFormat)(day)).toBe('October 1, 2026');
		// English (United States) is not asked of Intl: what Intl gives is what is kept.
		expect(intlNamedDatePattern('en-US', 'long')).toBe('%B %-d, %Y');
		expect(intlNamedDatePattern('en-US', 'short')).toBe('%b %-d, %Y');
	});
});
