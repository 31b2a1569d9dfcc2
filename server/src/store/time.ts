/**
 * Store time: conversions between UTC instants and store-local wall time for an IANA time zone.
 * Wall times are handled as "naive" milliseconds (the wall clock read as if it were UTC).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();

function formatter(timeZone: string): Intl.DateTimeFormat {
	let f = formatters.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, f);
	}
	return f;
}

/** True when `timeZone` is a time zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
	try {
		formatter(timeZone);
		return true;
	} catch {
		return false;
	}
}

/** Offset of the zone from UTC at a UTC instant, in milliseconds (cached per quarter hour). */
export function zoneOffset(utcMs: number, timeZone: string): number {
	if (timeZone === 'UTC') return 0;
	const slot = Math.floor(utcMs / 900_000);
	const key = `${timeZone}|${slot}`;
	const cached = offsetCache.get(key);
	if (cached !== undefined) return cached;
	const parts = formatter(timeZone).formatToParts(new Date(slot * 900_000));
	const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
	const wall = Date.UTC(
		get('year'),
		get('month') - 1,
		get('day'),
		get('hour'),
		get('minute'),
		get('second'),
	);
	const offset = wall - slot * 900_000;
	if (offsetCache.size > 200_000) offsetCache.clear();
	offsetCache.set(key, offset);
	return offset;
}

/** UTC instant → naive local wall-time milliseconds. */
export function utcToLocal(utcMs: number, timeZone: string): number {
	return utcMs + zoneOffset(utcMs, timeZone);
}

/** Naive local wall time → UTC instant (the earlier instant for ambiguous wall times). */
export function localToUtc(localMs: number, timeZone: string): number {
	const guess = localMs - zoneOffset(localMs, timeZone);
	const second = localMs - zoneOffset(guess, timeZone);
	return second;
}

function pad(value: number, width = 2): string {
	return String(value).padStart(width, '0');
}

/** `YYYY-MM-DD HH:MM:SS` of naive milliseconds. */
export function formatSql(ms: number): string {
	const d = new Date(ms);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(
		d.getUTCHours(),
	)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DDTHH:MM:SS` of naive milliseconds. */
export function formatIso(ms: number): string {
	return formatSql(ms).replace(' ', 'T');
}

/** Parses `YYYY-MM-DD HH:MM:SS` / ISO text (no offset) as naive milliseconds. */
export function parseNaive(text: string): number {
	const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
	if (!m) return Number.NaN;
	return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
}
