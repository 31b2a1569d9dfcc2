/** What every step of the generator shares: the seeded random source, the output files and the clock. */
import type { TsvWriter } from './tsv.js';

export const DAY = 86_400_000;

export interface DemoContext {
	/** The seeded random source; the steps draw from it in a fixed order (same seed, same store). */
	rand: () => number;
	/** A random element of `list`. */
	pick: <T>(list: readonly T[]) => T;
	/** The TSV writer of a table. */
	out: (table: string) => TsvWriter;
	/** Store-local 'YYYY-MM-DD HH:MM:SS' of a UTC instant. */
	local: (utc: number) => string;
	/** Store-local wall time of a UTC instant, as naive milliseconds (read with getUTC…). */
	wall: (utc: number) => number;
	/** UTC 'YYYY-MM-DD HH:MM:SS' of a UTC instant. */
	gmt: (utc: number) => string;
	/** "Today" (UTC ms). */
	nowMs: number;
	/** Days of history, and the first day (UTC ms). */
	days: number;
	startMs: number;
	/** When the catalogue was created (a month before the first order). */
	catalogueDate: number;
}
