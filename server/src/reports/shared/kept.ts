/**
 * Values read from an embedded store's rows and kept in memory until its next write
 * (`Db.generation`): the indicators' daily totals (`dashboard/day-totals.ts`) and the leaderboards'
 * daily item rows (`shared/board-rows.ts`), which answer without a statement on the request's path.
 *
 * A value is read when an answer first asks for it at a generation, beside that answer (which the
 * statements make meanwhile); a reading that a write began or ended during is not kept, and a
 * failed one is dropped (the next answer starts another).
 */
import type { Db } from '../../core/db.js';

interface Entry {
	/** The value as of `generation` (absent until a reading was kept). */
	kept?: { generation: number; value: unknown };
	/** The reading in progress. */
	reading?: Promise<void>;
}

const entries = new WeakMap<Db, Map<string, Entry>>();

function entryOf(db: Db, name: string): Entry {
	let byName = entries.get(db);
	if (!byName) {
		byName = new Map();
		entries.set(db, byName);
	}
	let entry = byName.get(name);
	if (!entry) {
		entry = {};
		byName.set(name, entry);
	}
	return entry;
}

function startReading<T>(db: Db, entry: Entry, read: (db: Db) => Promise<T>): Promise<void> {
	if (entry.reading) return entry.reading;
	const generation = db.generation;
	const reading = read(db).then(
		(value) => {
			if (db.generation === generation) entry.kept = { generation, value };
		},
		() => undefined,
	);
	entry.reading = reading;
	void reading.finally(() => {
		entry.reading = undefined;
	});
	return reading;
}

/**
 * `name`'s value for `db` as of its last write, or `undefined` when it is not read at this
 * generation yet: `read` then starts (once at a time), and the caller answers without it.
 */
export function keptValue<T>(db: Db, name: string, read: (db: Db) => Promise<T>): T | undefined {
	const entry = entryOf(db, name);
	if (entry.kept && entry.kept.generation === db.generation) return entry.kept.value as T;
	void startReading(db, entry, read);
	return undefined;
}

/**
 * Resolves once `name`'s value is read at `db`'s current generation (or a reading failed or met a
 * write three times): for tests and benches that want the answers from memory.
 */
export async function keptValueRead<T>(
	db: Db,
	name: string,
	read: (db: Db) => Promise<T>,
): Promise<void> {
	const entry = entryOf(db, name);
	for (let i = 0; i < 3; i++) {
		if (entry.kept && entry.kept.generation === db.generation) return;
		await startReading(db, entry, read);
	}
}

/**
 * A sum of doubles with Neumaier's compensation: within an ulp of the exact sum whatever the
 * order of its terms, as close as the statements' sums come (a kept value's sum over a range adds
 * its days in another order than a statement adds its rows).
 */
export class Sum {
	private sum = 0;
	private compensation = 0;
	add(value: number): void {
		const t = this.sum + value;
		if (Math.abs(this.sum) >= Math.abs(value)) this.compensation += this.sum - t + value;
		else this.compensation += value - t + this.sum;
		this.sum = t;
	}
	get value(): number {
		return this.sum + this.compensation;
	}
}
