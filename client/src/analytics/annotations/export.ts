/**
 * The notes column of a report's CSV by date (an option on export): for each row, the notes that
 * meet its interval, as "text (link)" joined with "; ".
 */
import type { Annotation } from './data.js';

/** The notes text of each row (`date_start`, `date_end`: the row's interval). */
export function notesColumn(
	rows: ReadonlyArray<Record<string, unknown>>,
	notes: readonly Annotation[],
): string[] {
	return rows.map((row) => {
		const from = String(row.date_start ?? '').slice(0, 10);
		const to = String(row.date_end ?? row.date_start ?? '').slice(0, 10);
		if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return '';
		return notes
			.filter((note) => note.date_from <= to && note.date_to >= from)
			.map((note) => (note.url ? `${note.text} (${note.url})` : note.text))
			.join('; ');
	});
}
