/**
 * The store's locale on the report chart: the month and weekday names of its time axis and tooltip
 * dates (a d3 time locale made with the browser's Intl for the user's WordPress locale), and the
 * money ticks of its value axis in the store's currency format (symbol, position, separators).
 */
import { sprintf } from '@wordpress/i18n';
import type { CurrencySettings } from '@abacus/settings';
import { numberFormat } from '@abacus/number';

type Seven = [string, string, string, string, string, string, string];
type Twelve = [
	string,
	string,
	string,
	string,
	string,
	string,
	string,
	string,
	string,
	string,
	string,
	string,
];

/** A d3 time locale (d3-time-format's TimeLocaleDefinition). */
export interface ChartTimeLocale {
	dateTime: string;
	date: string;
	time: string;
	periods: [string, string];
	days: Seven;
	shortDays: Seven;
	months: Twelve;
	shortMonths: Twelve;
}

/**
 * What a locale gives is kept for the page's life (a few entries: the locales a user sees). The
 * report chart asked Intl again at each of the 20-odd drawings of a page's load, while its
 * requests come in (14 ms of the revenue report's load in wp-admin, in a profile).
 */
const TAGS = new Map<string, string>();
const TIME_LOCALES = new Map<string, ChartTimeLocale>();
const NAMED_DATES = new Map<string, string>();

/** `key`'s value in `map`, made by `make` the first time. */
function kept<T>(map: Map<string, T>, key: string, make: () => T): T {
	let value = map.get(key);
	if (value === undefined) {
		value = make();
		map.set(key, value);
	}
	return value;
}

/** A WordPress locale (`de_DE`, `pt_BR`, `de_DE_formal`) as a language tag Intl knows (`de-DE`). */
export function languageTag(wpLocale: string | undefined): string {
	const key = String(wpLocale ?? '');
	return kept(TAGS, key, () => findLanguageTag(key));
}

/**
 * The longest of `de-DE`, `de` whose language the browser's Intl has, else `en-US`. Asked of a
 * formatter's resolved locale: `Intl.DateTimeFormat.supportedLocalesOf` reads the browser's whole
 * list of locales the first time (10 ms of a report page's first drawing, in a profile). English
 * (United States), WordPress's default, is not asked: Intl always has it, and the first date
 * formatter a page makes costs 6 ms of loading the browser's date data (in a profile).
 */
function findLanguageTag(wpLocale: string): string {
	if (wpLocale === '' || wpLocale === 'en_US' || wpLocale === 'en-US') return 'en-US';
	const parts = wpLocale.split(/[_-]/).filter(Boolean);
	const language = (parts[0] ?? '').toLowerCase();
	for (let length = Math.min(parts.length, 2); length > 0; length--) {
		const tag = parts.slice(0, length).join('-');
		try {
			const resolved = new Intl.DateTimeFormat(tag).resolvedOptions().locale;
			if (resolved.split('-')[0].toLowerCase() === language) return tag;
		} catch {
			// Not a valid tag: try a shorter one.
		}
	}
	return 'en-US';
}

/** A d3 pattern of a date or time, from the order of Intl's parts (`%d.%m.%Y`, `%H:%M:%S`). */
function pattern(tag: string, options: Intl.DateTimeFormatOptions): string {
	const codes: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
		day: '%d',
		month: '%m',
		year: '%Y',
		hour: options.hour12 === false ? '%H' : '%I',
		minute: '%M',
		second: '%S',
		dayPeriod: '%p',
	};
	return new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' })
		.formatToParts(Date.UTC(2001, 1, 3, 4, 5, 6))
		.map((part) => (part.type === 'literal' ? part.value : (codes[part.type] ?? '')))
		.join('');
}

/** The d3 time locale of a WordPress locale, its names from the browser's Intl. */
export function chartTimeLocale(wpLocale: string | undefined): ChartTimeLocale {
	const tag = languageTag(wpLocale);
	return kept(TIME_LOCALES, tag, () => (tag === 'en-US' ? EN_US : intlTimeLocale(tag)));
}

/**
 * English (United States) as Intl writes it (the same names, order and patterns), without asking
 * Intl: see findLanguageTag.
 */
const EN_US: ChartTimeLocale = {
	dateTime: '%m/%d/%Y, %I:%M:%S %p',
	date: '%m/%d/%Y',
	time: '%I:%M:%S %p',
	periods: ['AM', 'PM'],
	days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
	shortDays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
	months: [
		'January',
		'February',
		'March',
		'April',
		'May',
		'June',
		'July',
		'August',
		'September',
		'October',
		'November',
		'December',
	],
	shortMonths: [
		'Jan',
		'Feb',
		'Mar',
		'Apr',
		'May',
		'Jun',
		'Jul',
		'Aug',
		'Sep',
		'Oct',
		'Nov',
		'Dec',
	],
};

/** The d3 time locale of a language tag, from the browser's Intl. */
export function intlTimeLocale(tag: string): ChartTimeLocale {
	/** One formatter for each list of names (the days' or months', long or short). */
	const names = (options: Intl.DateTimeFormatOptions, dates: number[]): string[] => {
		const format = new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' });
		return dates.map((date) => format.format(date));
	};
	// 2 January 2000 was a Sunday (d3's weeks start on Sunday).
	const days = Array.from({ length: 7 }, (_, i) => Date.UTC(2000, 0, 2 + i));
	const months = Array.from({ length: 12 }, (_, i) => Date.UTC(2000, i, 15));
	const dayPeriods = new Intl.DateTimeFormat(tag, {
		hour: 'numeric',
		hour12: true,
		timeZone: 'UTC',
	});
	const periods = [Date.UTC(2000, 0, 1, 9), Date.UTC(2000, 0, 1, 21)].map(
		(date) =>
			dayPeriods.formatToParts(date).find((part) => part.type === 'dayPeriod')?.value ?? '',
	);
	const hour12 =
		new Intl.DateTimeFormat(tag, { hour: 'numeric' }).resolvedOptions().hour12 ?? false;
	const time = pattern(tag, {
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
		hour12,
	});
	const date = pattern(tag, { day: '2-digit', month: '2-digit', year: 'numeric' });
	return {
		dateTime: `${date}, ${time}`,
		date,
		time,
		periods: [periods[0] || 'AM', periods[1] || 'PM'],
		days: names({ weekday: 'long' }, days) as Seven,
		shortDays: names({ weekday: 'short' }, days) as Seven,
		months: names({ month: 'long' }, months) as Twelve,
		shortMonths: names({ month: 'short' }, months) as Twelve,
	};
}

const PRICE_FORMATS: Record<string, string> = {
	left: '%1$s%2$s',
	right: '%2$s%1$s',
	left_space: '%1$s\u00a0%2$s',
	right_space: '%2$s\u00a0%1$s',
};

/** Decimals a tick needs (0.25 → 2, 1.5 → 1, 1500 → 0), at most `max`. */
function decimalsOf(value: number, max: number): number {
	for (let decimals = 0; decimals < max; decimals++) {
		const scaled = value * 10 ** decimals;
		if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return decimals;
	}
	return max;
}

/**
 * The money ticks of the chart's value axis in the store's currency format: whole amounts without
 * decimals (`1.500 €`, `$1,500`), a fraction with the decimals it needs (`0,5 €`); from a million,
 * the locale's short form with the store's separators (`1,5 Mio. €`, `$1.5M`).
 */
export function currencyTickFormat(
	currency: Pick<
		CurrencySettings,
		'symbol' | 'symbolPosition' | 'decimalSeparator' | 'thousandSeparator' | 'precision'
	>,
	wpLocale: string | undefined,
): (value: number) => string {
	const priceFormat = PRICE_FORMATS[currency.symbolPosition] ?? PRICE_FORMATS.left;
	const separators = {
		decimalSeparator: currency.decimalSeparator,
		thousandSeparator: currency.thousandSeparator,
	};
	// Made when a tick first reaches a million: the browser's compact-notation data takes several
	// milliseconds to load, and most charts never need it.
	let compact: Intl.NumberFormat | null = null;
	return (value: number) => {
		const amount = Math.abs(value);
		let number: string;
		if (amount >= 1e6) {
			compact ??= new Intl.NumberFormat(languageTag(wpLocale), {
				notation: 'compact',
				maximumFractionDigits: 1,
			});
			number = compact
				.formatToParts(amount)
				.map((part) => {
					if (part.type === 'decimal') return separators.decimalSeparator;
					if (part.type === 'group') return separators.thousandSeparator;
					return part.value;
				})
				.join('');
		} else {
			number = numberFormat(
				{ ...separators, precision: decimalsOf(amount, currency.precision) },
				amount,
			);
		}
		const text = sprintf(priceFormat, currency.symbol, number);
		return value < 0 ? `-${text}` : text;
	};
}

/** A d3 pattern of a day with its month's name in the locale's order (`%-d. %B %Y`, `%B %-d, %Y`). */
function namedDatePattern(tag: string, month: 'long' | 'short'): string {
	// English (United States) as Intl writes it, without asking Intl (see findLanguageTag).
	if (tag === 'en-US') return month === 'long' ? '%B %-d, %Y' : '%b %-d, %Y';
	return kept(NAMED_DATES, `${tag} ${month}`, () => intlNamedDatePattern(tag, month));
}

/** The pattern of a day with its month's name as the browser's Intl writes it for `tag`. */
export function intlNamedDatePattern(tag: string, month: 'long' | 'short'): string {
	const codes: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
		day: '%-d',
		month: month === 'long' ? '%B' : '%b',
		year: '%Y',
	};
	return new Intl.DateTimeFormat(tag, {
		day: 'numeric',
		month,
		year: 'numeric',
		timeZone: 'UTC',
	})
		.formatToParts(Date.UTC(2001, 1, 3))
		.map((part) => (part.type === 'literal' ? part.value : (codes[part.type] ?? '')))
		.join('');
}

/**
 * The chart's date formats with their full dates in the order of the user's locale: `%B %-d, %Y`
 * (October 1, 2026) becomes `%-d. %B %Y` (1. Oktober 2026) in German; English stays as it is.
 */
export function localizeDateFormats<F extends { [K in keyof F]: string }>(
	formats: F,
	wpLocale: string | undefined,
): F {
	const tag = languageTag(wpLocale);
	const long = namedDatePattern(tag, 'long');
	const short = namedDatePattern(tag, 'short');
	const localized = { ...formats };
	for (const name of Object.keys(formats) as Array<keyof F>) {
		localized[name] = formats[name]
			.split('%B %-d, %Y')
			.join(long)
			.split('%b %-d, %Y')
			.join(short) as F[keyof F];
	}
	return localized;
}
