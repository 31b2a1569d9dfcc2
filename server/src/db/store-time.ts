/**
 * Store time, the one place that converts between UTC instants and store-local wall time for an
 * IANA time zone (reports, the pipeline, the generator and request dates all use it). Wall times
 * are handled as "naive" milliseconds (the wall clock read as if it were UTC).
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

/**
 * The UTC instants whose wall time in the zone is `localMs`: one normally, two when the clocks go
 * back (the wall time happens twice, earlier first), none when the clocks go forward over it.
 */
function instantsOf(localMs: number, timeZone: string): number[] {
	if (timeZone === 'UTC') return [localMs];
	// Offsets in force a day either side cover every transition near this wall time.
	const offsets = new Set([
		zoneOffset(localMs - 86_400_000, timeZone),
		zoneOffset(localMs, timeZone),
		zoneOffset(localMs + 86_400_000, timeZone),
	]);
	const found = new Set<number>();
	for (const offset of offsets) {
		const utc = localMs - offset;
		if (utcToLocal(utc, timeZone) === localMs) found.add(utc);
	}
	return [...found].sort((a, b) => a - b);
}

/**
 * Naive local wall time → UTC instant. A wall time that happens twice (clocks go back) gives its
 * FIRST instant, in every zone (east or west of UTC); a wall time skipped when the clocks go
 * forward gives the instant the same offset as just before the change would.
 */
export function localToUtc(localMs: number, timeZone: string): number {
	const instants = instantsOf(localMs, timeZone);
	if (instants.length) return instants[0];
	const guess = localMs - zoneOffset(localMs, timeZone);
	return localMs - zoneOffset(guess, timeZone);
}

/** Naive local wall time → its LAST UTC instant (the later one when the wall time happens twice). */
export function localToUtcLast(localMs: number, timeZone: string): number {
	const instants = instantsOf(localMs, timeZone);
	return instants.length ? instants[instants.length - 1] : localToUtc(localMs, timeZone);
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

/** Naive local milliseconds → `YYYY-MM-DD HH:MM:SS` of the instant in UTC. */
export function gmtText(localMs: number, timeZone: string): string {
	return formatSql(localToUtc(localMs, timeZone));
}

/**
 * Reads a request's date (`after`, `before`, …) as naive store-local milliseconds, whole seconds:
 * without an offset the text is store-local; with `Z` or `±HH:MM` it is an instant, converted to
 * the store's wall time. A bare date is the start of that day, or its last second with `endOfDay`.
 * Null when the text is not a real date.
 * `parseRequestTime('2021-07-15T12:00:00Z', 'Europe/London') === Date.UTC(2021, 6, 15, 13)`
 */
export function parseRequestTime(text: string, timeZone: string, endOfDay = false): number | null {
	const m =
		/^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
			text,
		);
	let ms = m ? parseNaive(`${m[1]}T${m[2] ?? (endOfDay ? '23:59:59' : '00:00:00')}`) : Number.NaN;
	const check = m && !Number.isNaN(ms) ? new Date(ms).toISOString().slice(0, 10) : '';
	if (!m || Number.isNaN(ms) || check !== m[1]) return null;
	if (m[3]) {
		const sign = m[3] === 'Z' ? 0 : m[3][0] === '-' ? -1 : 1;
		const digits = m[3].replace(/[^0-9]/g, '');
		const offset =
			sign === 0
				? 0
				: sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
		ms = utcToLocal(ms - offset, timeZone);
	}
	return Math.floor(ms / 1000) * 1000;
}
