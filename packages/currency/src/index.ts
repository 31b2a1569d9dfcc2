/**
 * @abacus/currency: the store currency (from @abacus/settings or given), amount formatting, and
 * money arithmetic on dinero.js that refuses what would lose money.
 */
import { add, allocate, dinero, multiply, subtract, toDecimal, type Dinero } from 'dinero.js';

import deprecatedImport from '@wordpress/deprecated';
import { sprintf as i18nSprintf } from '@wordpress/i18n';
import { numberFormat } from '@abacus/number';
import { CURRENCY as storeCurrency, type CurrencySettings } from '@abacus/settings';

import { COUNTRY_CURRENCY_INFO, CURRENCY_SYMBOLS, type CountryCurrencyInfo } from './countries.js';

export { COUNTRY_CURRENCY_INFO, CURRENCY_SYMBOLS };

/** printf-style formatting with a price format known only at run time. */
const sprintf = i18nSprintf as unknown as (
	format: string,
	...args: Array<string | number>
) => string;

// The package's type declarations are CommonJS-flavoured: under NodeNext the default import is
// typed as the module namespace, while at runtime (ESM build, bundlers, jest) it is the function.
type Deprecated = (
	feature: string,
	options?: { since?: string; alternative?: string; plugin?: string; hint?: string },
) => void;
const deprecated = ((deprecatedImport as unknown as { default?: Deprecated }).default ??
	deprecatedImport) as unknown as Deprecated;
export type { CountryCurrencyInfo, CurrencySettings };

/** Store currency defaults (SPEC §9). */
export const DEFAULT_CURRENCY_CONFIG: CurrencySettings = {
	code: 'USD',
	symbol: '$',
	symbolPosition: 'left',
	thousandSeparator: ',',
	decimalSeparator: '.',
	precision: 2,
};
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_FORMAT = '$0,0.00';

export interface CurrencyConfig extends CurrencySettings {
	priceFormat: string;
}

const POSITIONS: Record<string, string> = {
	left: '%1$s%2$s',
	right: '%2$s%1$s',
	left_space: '%1$s %2$s',
	right_space: '%2$s %1$s',
};

/** Decodes the HTML entities a symbol may be stored with ('&euro;' → '€'). */
export function decodeEntities(text: string): string {
	const named: Record<string, string> = {
		amp: '&',
		lt: '<',
		gt: '>',
		quot: '"',
		apos: "'",
		nbsp: '\u00a0',
		euro: '€',
		pound: '£',
		yen: '¥',
		cent: '¢',
	};
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
		if (entity[0] === '#') {
			const code =
				entity[1].toLowerCase() === 'x'
					? parseInt(entity.slice(2), 16)
					: parseInt(entity.slice(1), 10);
			return Number.isFinite(code) ? String.fromCodePoint(code) : match;
		}
		return named[entity.toLowerCase()] ?? match;
	});
}

function stripTags(text: string): string {
	return text.replace(/<[^>]*>/g, '');
}

export interface Currency {
	getCurrencyConfig(): CurrencyConfig;
	setCurrency(setting?: Partial<CurrencySettings> & { priceFormat?: string }): void;
	getPriceFormat(config: Partial<CurrencyConfig>): string;
	formatAmount(value: number | string | null | undefined | boolean): string;
	/** Deprecated alias of formatAmount. */
	formatCurrency(value: number | string | null | undefined | boolean): string;
	formatDecimal(value: unknown): number;
	formatDecimalString(value: unknown): string;
	/** The formatted amount, marked as negative: { text, isNegative } for the caller to render. */
	render(value: number | string): { text: string; isNegative: boolean };
	getDataForCountry(
		countryCode: string,
		localeInfo?: Record<string, CountryCurrencyInfo>,
		currencySymbols?: Record<string, string>,
	): Partial<CurrencySettings>;
}

function getPriceFormat(config: Partial<CurrencyConfig>): string {
	if (config.priceFormat) return decodeEntities(stripTags(config.priceFormat));
	return POSITIONS[config.symbolPosition ?? 'left'] ?? POSITIONS.left;
}

function normalize(
	setting: Partial<CurrencySettings> & { priceFormat?: string } = {},
): CurrencyConfig {
	// Fields the page left empty (null, undefined) keep their defaults.
	const given = Object.fromEntries(
		Object.entries(setting ?? {}).filter(([, value]) => value !== null && value !== undefined),
	) as Partial<CurrencySettings>;
	const merged = { ...DEFAULT_CURRENCY_CONFIG, ...given };
	const precision = parseInt(String(merged.precision), 10);
	const config = {
		code: String(merged.code),
		symbol: decodeEntities(String(merged.symbol)),
		symbolPosition: (POSITIONS[String(merged.symbolPosition)]
			? merged.symbolPosition
			: 'left') as CurrencySettings['symbolPosition'],
		thousandSeparator: String(merged.thousandSeparator),
		decimalSeparator: String(merged.decimalSeparator),
		precision: Number.isNaN(precision) ? 2 : Math.min(Math.max(precision, 0), 20),
		priceFormat: '',
	};
	config.priceFormat = getPriceFormat({ ...config, priceFormat: setting.priceFormat });
	return config;
}

/** Rounds half away from zero at `precision` decimals, shifting through the exponent (1.005 → 1.01). */
function roundTo(value: number, precision: number): number {
	if (Math.abs(value) >= 1e21) return value;
	const sign = value < 0 ? -1 : 1;
	const shifted = Math.round(Number(`${Math.abs(value)}e+${precision}`));
	const result = sign * Number(`${shifted}e-${precision}`);
	return Number.isFinite(result) ? result : Number(value.toFixed(precision));
}

function isNumeric(value: unknown): value is number | string {
	if (typeof value === 'number') return Number.isFinite(value);
	return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/**
 * The currency factory: CurrencyFactory() uses the store currency from @abacus/settings;
 * CurrencyFactory({ code: 'EUR', ... }) uses the given one over the defaults.
 */
export function CurrencyFactory(
	currencySetting?: Partial<CurrencySettings> & { priceFormat?: string },
): Currency {
	let config = normalize(currencySetting ?? storeCurrency());

	const formatAmount = (value: number | string | null | undefined | boolean): string => {
		if (!isNumeric(value)) return '';
		const formatted = numberFormat(config, value);
		if (formatted === '') return '';
		// The minus sign goes before the whole amount: -$5.00, not $-5.00.
		if (formatted.startsWith('-')) {
			return `-${sprintf(config.priceFormat, config.symbol, formatted.slice(1))}`;
		}
		return sprintf(config.priceFormat, config.symbol, formatted);
	};

	return {
		getCurrencyConfig: () => ({ ...config }),
		setCurrency: (setting) => {
			config = normalize(setting);
		},
		getPriceFormat,
		formatAmount,
		formatCurrency: (value) => {
			deprecated('Currency.formatCurrency', {
				since: '0.1.0',
				alternative: 'Currency.formatAmount',
				plugin: 'Abacus',
			});
			return formatAmount(value);
		},
		formatDecimal: (value) => {
			if (!isNumeric(value)) return 0;
			return roundTo(Number(value), config.precision);
		},
		formatDecimalString: (value) => {
			if (!isNumeric(value)) return '';
			return roundTo(Number(value), config.precision).toFixed(config.precision);
		},
		render: (value) => {
			const number = Number(value);
			return { text: formatAmount(value), isNegative: Number.isFinite(number) && number < 0 };
		},
		getDataForCountry: (
			countryCode,
			localeInfo = COUNTRY_CURRENCY_INFO,
			currencySymbols = CURRENCY_SYMBOLS,
		) => {
			const info = localeInfo[countryCode];
			const symbol = info ? currencySymbols[info.currency_code] : undefined;
			if (!info || !symbol) return {};
			return {
				code: info.currency_code,
				symbol: decodeEntities(symbol),
				symbolPosition: info.currency_pos,
				thousandSeparator: info.thousand_sep,
				decimalSeparator: info.decimal_sep,
				precision: info.num_decimals,
			};
		},
	};
}

export default CurrencyFactory;

/** Currency data for a country, using the built-in table (SPEC "Country data"). */
export function getDataForCountry(countryCode: string): Partial<CurrencySettings> {
	return CurrencyFactory(DEFAULT_CURRENCY_CONFIG).getDataForCountry(countryCode);
}

const region = (
	code: string,
	symbol: string,
	symbolPosition: CurrencySettings['symbolPosition'],
	thousandSeparator: string,
	decimalSeparator: string,
	precision: number,
): CurrencySettings => ({
	code,
	symbol,
	symbolPosition,
	thousandSeparator,
	decimalSeparator,
	precision,
});

/** Fixed currency configurations of 13 regions (deprecated: use getDataForCountry). */
const CURRENCY_DATA: Readonly<Record<string, CurrencySettings>> = {
	US: region('USD', '$', 'left', ',', '.', 2),
	EU: region('EUR', '€', 'left', '.', ',', 2),
	IN: region('INR', '₹', 'left', ',', '.', 2),
	GB: region('GBP', '£', 'left', ',', '.', 2),
	BR: region('BRL', 'R$', 'left', '.', ',', 2),
	VN: region('VND', '₫', 'right', '.', ',', 1),
	ID: region('IDR', 'Rp', 'left', '.', ',', 0),
	BD: region('BDT', '৳', 'left', ',', '.', 0),
	PK: region('PKR', '₨', 'left', ',', '.', 2),
	RU: region('RUB', '₽', 'right', ' ', ',', 2),
	TR: region('TRY', '₺', 'left', '.', ',', 2),
	MX: region('MXN', '$', 'left', ',', '.', 2),
	CA: region('CAD', '$', 'left', ',', '.', 2),
};

/**
 * Deprecated: a fixed map of 13 regions (US, EU, IN, GB, BR, VN, ID, BD, PK, RU, TR, MX, CA) to
 * full currency configurations. Use getDataForCountry instead.
 */
export function getCurrencyData(): Record<string, CurrencySettings> {
	deprecated('getCurrencyData', {
		since: '0.1.0',
		alternative: 'CurrencyFactory().getDataForCountry',
		plugin: 'Abacus',
	});
	return Object.fromEntries(
		Object.entries(CURRENCY_DATA).map(([key, value]) => [key, { ...value }]),
	);
}

/* Money helpers on dinero.js: amounts are integers in the currency's minor unit. */

export const MONEY_ERRORS = {
	percentage: 'You must provide a numeric value between 0 and 100.',
	integer: 'You must provide an integer.',
	sameCurrency: 'You must provide a Dinero instance with the same currency.',
} as const;

export type Money = Dinero<number>;

/** Money from an integer amount in minor units: createMoney(1999, 'USD', 2) is $19.99. */
export function createMoney(amount: number, code = 'USD', precision = 2): Money {
	if (!Number.isInteger(amount) || !Number.isInteger(precision) || precision < 0) {
		throw new TypeError(MONEY_ERRORS.integer);
	}
	return dinero({ amount, currency: { code, base: 10, exponent: precision } });
}

function currencyOf(money: Money): string {
	return money.toJSON().currency.code;
}

function assertSameCurrency(a: Money, b: Money): void {
	if (
		currencyOf(a) !== currencyOf(b) ||
		a.toJSON().currency.exponent !== b.toJSON().currency.exponent
	) {
		throw new TypeError(MONEY_ERRORS.sameCurrency);
	}
}

export function addMoney(a: Money, b: Money): Money {
	assertSameCurrency(a, b);
	return add(a, b);
}

export function subtractMoney(a: Money, b: Money): Money {
	assertSameCurrency(a, b);
	return subtract(a, b);
}

/** Multiplies by an integer factor. */
export function multiplyMoney(money: Money, factor: number): Money {
	if (!Number.isInteger(factor)) throw new TypeError(MONEY_ERRORS.integer);
	return multiply(money, factor);
}

/** The given percentage (0-100) of an amount, rounded to the minor unit by allocation. */
export function percentageOf(money: Money, percentage: number): Money {
	if (
		typeof percentage !== 'number' ||
		!Number.isFinite(percentage) ||
		percentage < 0 ||
		percentage > 100
	) {
		throw new RangeError(MONEY_ERRORS.percentage);
	}
	if (percentage === 0) return multiply(money, 0);
	if (percentage === 100) return money;
	const scale = 1000;
	const share = Math.round(percentage * scale);
	const [part] = allocate(money, [share, 100 * scale - share]);
	return part;
}

/** The amount as a decimal string: '19.99'. */
export function moneyToDecimal(money: Money): string {
	return toDecimal(money);
}
