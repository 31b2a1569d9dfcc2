/**
 * Values read from database rows, written into responses: numbers, amounts, text and dates.
 *
 * Two kinds of amount: report figures are numbers (`amount`, rounded to 4 decimals); WooCommerce's
 * core objects (orders, products, coupons in the v3 and lookup routes) carry prices as strings
 * with the store's decimals (`priceString`).
 */
import type { SqlValue } from '../core/db.js';

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
/** A report amount: a number rounded to 4 decimals. */
export const amount = (v: unknown): number => Math.round(num(v) * 10000) / 10000;
export const int = (v: unknown): number => Math.round(num(v));
export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** A price as WooCommerce core objects carry it: a string with 2 (or `decimals`) decimals; '' when empty. */
export function priceString(value: SqlValue | undefined, decimals = 2): string {
	if (value === null || value === undefined || value === '') return '';
	return Number(value).toFixed(decimals);
}

/** `YYYY-MM-DD HH:MM:SS` of a TIMESTAMP value (or null). */
export function sqlDate(v: unknown): string | null {
	if (v === null || v === undefined || v === '') return null;
	return String(v).slice(0, 19).replace('T', ' ');
}

/** ISO `YYYY-MM-DDTHH:MM:SS` of a TIMESTAMP value (or null). */
export function isoDate(v: unknown): string | null {
	const d = sqlDate(v);
	return d === null ? null : d.replace(' ', 'T');
}

/** Strips tags (names are shown as plain text). */
export function stripTags(value: string): string {
	return value.replace(/<[^>]*>/g, '');
}
