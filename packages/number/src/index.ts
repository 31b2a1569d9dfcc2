/**
 * @abacus/number: number formatting for reports (PHP number_format style), value formatting by type
 * and percentage deltas.
 */

export interface NumberConfig {
	/** Decimal places; null keeps every decimal the number has. Clamped to 0..20. */
	precision?: number | string | null;
	decimalSeparator?: string;
	thousandSeparator?: string;
}

export type ValueType = 'average' | 'number' | 'currency' | string;

/** Largest precision the formatter accepts; larger values are clamped rather than rejected. */
export const MAX_PRECISION = 20;

/** Rounds `value` to `precision` decimals by shifting the decimal point through the exponent. */
function round(value: number, precision: number): string {
	// At 1e21 and above String() and toFixed() switch to exponent notation; such numbers have no
	// fraction, so their exact integer digits come from BigInt.
	if (Math.abs(value) >= 1e21) {
		const integer = BigInt(value).toString();
		return precision > 0 ? `${integer}.${'0'.repeat(precision)}` : integer;
	}
	if (precision === 0) return String(Math.round(value));
	const shifted = Math.round(Number(`${value}e+${precision}`));
	const result = Number(`${shifted}e-${precision}`);
	if (!Number.isFinite(result)) return value.toFixed(precision);
	// Pad the shortest exact form rather than print binary noise (0.1 at 20 places stays 0.1000…).
	const text = String(result);
	if (!/e/i.test(text)) {
		const [integer, decimals = ''] = text.split('.');
		if (decimals.length <= precision) return `${integer}.${decimals.padEnd(precision, '0')}`;
	}
	return result.toFixed(precision);
}

/** Decimal places in the string form of a number ('1.25' → 2; exponential forms → 0). */
function decimalsOf(value: number): number {
	const text = String(value);
	if (/e/i.test(text)) return 0;
	const dot = text.indexOf('.');
	return dot === -1 ? 0 : text.length - dot - 1;
}

/**
 * Formats a number with separators, PHP number_format style: numberFormat({}, 1000) → '1,000';
 * precision 2 + '1337.4498' → '1,337.45'. Non-numeric input gives ''.
 */
export function numberFormat(
	{ precision = null, decimalSeparator = '.', thousandSeparator = ',' }: NumberConfig = {},
	value?: number | string | null,
): string {
	const number = typeof value === 'number' ? value : parseFloat(String(value ?? ''));
	if (Number.isNaN(number) || !Number.isFinite(number)) return '';
	let places = parseInt(String(precision), 10);
	if (Number.isNaN(places)) places = decimalsOf(number);
	places = Math.min(Math.max(places, 0), MAX_PRECISION);
	const fixed = round(number, places);
	const negative = fixed.startsWith('-');
	const [integer, decimals = ''] = (negative ? fixed.slice(1) : fixed).split('.');
	const grouped =
		integer.length > 3
			? integer.replace(/\B(?=(\d{3})+(?!\d))/g, () => thousandSeparator)
			: integer;
	const body =
		places > 0 ? `${grouped}${decimalSeparator}${decimals.padEnd(places, '0')}` : grouped;
	const isZero = /^[0.]*$/.test(integer + decimals);
	return negative && !isZero ? `-${body}` : body;
}

/**
 * Formats a value by type: 'average' → rounded number; 'number' → numberFormat with every decimal;
 * other types → undefined (currency is formatted by @abacus/currency). Non-finite values → null.
 */
export function formatValue(
	numberConfig: NumberConfig,
	type: ValueType,
	value: unknown,
): string | number | null | undefined {
	const number = typeof value === 'number' ? value : Number(value);
	if (value === null || value === '' || !Number.isFinite(number)) return null;
	switch (type) {
		case 'average':
			return Math.round(number);
		case 'number':
			return numberFormat({ ...numberConfig, precision: null }, number);
		default:
			return undefined;
	}
}

/**
 * Percentage change from secondary to primary, rounded: calculateDelta(120, 100) → 20.
 * null when either is not a finite number, and when secondary is 0 but primary is not (no
 * percentage measures a change from nothing: calculateTrend says "new"); 0 when both are 0. A
 * negative secondary counts by its size, so a rise stays positive: calculateDelta(5, -10) → 150.
 */
export function calculateDelta(primary: unknown, secondary: unknown): number | null {
	if (typeof primary !== 'number' || typeof secondary !== 'number') return null;
	if (!Number.isFinite(primary) || !Number.isFinite(secondary)) return null;
	if (secondary === 0) return primary === 0 ? 0 : null;
	return Math.round(((primary - secondary) / Math.abs(secondary)) * 100);
}

/** What calculateTrend answers for a value up from 0: shown as "New", never as a percentage. */
export const NEW_TREND = 'new';

/**
 * The change a tile shows: calculateDelta's percentage, or NEW_TREND when secondary is 0 and
 * primary above it (32 orders against none); null when there is nothing to show (not numbers, or
 * down from 0 to a negative value).
 */
export function calculateTrend(
	primary: unknown,
	secondary: unknown,
): number | typeof NEW_TREND | null {
	if (secondary === 0 && typeof primary === 'number' && Number.isFinite(primary) && primary > 0) {
		return NEW_TREND;
	}
	return calculateDelta(primary, secondary);
}
