/**
 * The date range of a report request: `after` / `before` read in store time (a bad date is a 400
 * naming the parameter); without them the last 7 days up to now.
 */
import { parseRequestTime, utcToLocal } from '../../db/store-time.js';
import { invalidParams } from '../../http/errors.js';

/**
 * Parses an `after`/`before` value to naive store-local milliseconds (`db/store-time.ts
 * parseRequestTime`); 400 naming the parameter when it is not a date.
 */
export function parseStoreDate(
	name: string,
	text: string,
	timeZone: string,
	endOfDay = false,
): number {
	const ms = parseRequestTime(text, timeZone, endOfDay);
	if (ms === null) {
		throw invalidParams({
			[name]: `Invalid date: ${name} must be a date-time like 2021-12-01T00:00:00.`,
		});
	}
	return ms;
}

export interface DateRange {
	after: number;
	before: number;
}

/** `after`/`before` of a request; defaults: before = now, after = before − 7 days (store time). */
export function dateRange(raw: Record<string, unknown>, timeZone: string): DateRange {
	const now = Math.floor(utcToLocal(Date.now(), timeZone) / 1000) * 1000;
	const before =
		typeof raw.before === 'string' ? parseStoreDate('before', raw.before, timeZone, true) : now;
	const after =
		typeof raw.after === 'string'
			? parseStoreDate('after', raw.after, timeZone)
			: before - 7 * 86_400_000;
	return { after, before };
}
