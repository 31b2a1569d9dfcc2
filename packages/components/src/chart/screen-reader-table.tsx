import { __ } from '@wordpress/i18n';

import type { ChartColumn, ChartTableRow } from './utils/pieces.js';

/**
 * The chart's data for screen readers: a visually hidden table, one row per date and a column per
 * visible series ('N/A' where a series has no value).
 */
export function ScreenReaderTable({
	caption,
	columns,
	rows,
	formatValue,
}: {
	caption: string;
	columns: ChartColumn[];
	rows: ChartTableRow[];
	formatValue: (value: number) => string;
}) {
	// The visually hidden box is a div around the table: a table ignores the 1 px height and, as
	// tall as its rows, made the page scroll far below its end.
	return (
		<div className="screen-reader-text">
			<table>
				<caption>{caption}</caption>
				<thead>
					<tr>
						<th scope="col">{__('Date', 'abacus')}</th>
						{columns.map((column) => (
							<th key={column.key} scope="col">
								{column.label}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.date}>
							<th scope="row">{row.heading}</th>
							{row.values.map((value, index) => (
								<td key={columns[index].key}>
									{value === null ? __('N/A', 'abacus') : formatValue(value)}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
