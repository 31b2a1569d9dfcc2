/**
 * Store settings the date helpers depend on, read through @abacus/settings.
 */
import { getSetting } from '@abacus/settings';

/** The store time zone: an IANA name or a '+HH:MM' / '-HH:MM' offset; '' when not set. */
export function getStoreTimeZone(): string {
	const value: unknown = getSetting('timeZone', '');
	return typeof value === 'string' ? value.trim() : '';
}

/** The first day of the week, 0 = Sunday ... 6 = Saturday (default 1, Monday). */
export function getStartOfWeek(): number {
	const value: unknown = getSetting('startOfWeek', 1);
	const number = typeof value === 'string' ? Number(value) : value;
	return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= 6
		? number
		: 1;
}
