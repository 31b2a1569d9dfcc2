/** Small SQL builders over bound parameters (no value is ever spliced into SQL text). */
import type { Db, SqlValue } from '../core/db.js';

/** Placeholders `?, ?, ?` for an IN list or a VALUES tuple. */
export function placeholders(count: number): string {
	return Array.from({ length: count }, () => '?').join(', ');
}

/** `column IN (?, ?, …)` for `ids` (bind `ids` as its parameters). */
export function inList(column: string, ids: readonly unknown[]): string {
	return `${column} IN (${placeholders(ids.length)})`;
}

/**
 * INSERTs many rows in statements of at most `chunk` rows each. `table` and `columns` are the
 * caller's constants, never input. Runs in the caller's transaction when there is one.
 */
export async function insertRows(
	db: Db,
	table: string,
	columns: readonly string[],
	rows: readonly SqlValue[][],
	chunk = 200,
): Promise<void> {
	const tuple = `(${placeholders(columns.length)})`;
	for (let i = 0; i < rows.length; i += chunk) {
		const part = rows.slice(i, i + chunk);
		await db.run(
			`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => tuple).join(', ')}`,
			part.flat(),
		);
	}
}
