/**
 * The option of a report's download by date to add a Notes column (`export.ts`): a
 * checkbox beside the table, shown when the store has notes.
 */
import { useState, type ReactElement } from 'react';
import { CheckboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { CSVCell, CSVHeader } from '@abacus/csv-export';

import { useAnnotations, type Annotation } from './data.js';
import { notesColumn } from './export.js';

/**
 * Whether the download includes the notes, the notes of its dates (`after`..`before`, the table's
 * rows: the chart's range when the table shows the chart's intervals, so the page asks once), and
 * the checkbox (null when the table is not by date, its rows are not all at hand, or no note
 * meets them).
 */
export function useNotesExport(
	enabled: boolean,
	after?: string,
	before?: string,
): {
	include: boolean;
	notes: Annotation[];
	option: ReactElement | null;
} {
	const state = useAnnotations(after, before, enabled && after !== undefined);
	const [include, setInclude] = useState(false);
	const notes = enabled && after !== undefined && state.status === 'ready' ? state.notes : [];
	const option =
		notes.length > 0 ? (
			<CheckboxControl
				__nextHasNoMarginBottom
				className="abacus-report-table__notes-option"
				label={__('Include the notes on these dates in the download', 'abacus')}
				checked={include}
				onChange={setInclude}
			/>
		) : null;
	return { include: include && notes.length > 0, notes, option };
}

/** Adds the Notes column to a CSV table whose rows are `rows` (by date). */
export function withNotesColumn(
	csv: { headers: CSVHeader[]; rows: CSVCell[][] },
	rows: ReadonlyArray<Record<string, unknown>>,
	notes: readonly Annotation[],
): void {
	const column = notesColumn(rows, notes);
	csv.headers.push({ key: 'abacus_notes', label: __('Notes', 'abacus') });
	csv.rows.forEach((row, index) => {
		row.push({ display: column[index] ?? '', value: column[index] ?? '' });
	});
}
