import { __, sprintf } from '@wordpress/i18n';

import type { PlacedForecastPoint } from './utils/forecast.js';
import type { ChartColumn, ChartTableRow } from './utils/pieces.js';

/** A forecast's value with its interval, as the tooltip and the table write it. */
export function forecastText(
	point: { value: number; lower: number; upper: number },
	formatValue: (value: number) => string,
): string {
	return sprintf(
		/* translators: 1: projected value; 2: lower end; 3: upper end of its likely range */
		__('%1$s (%2$s to %3$s)', 'abacus'),
		formatValue(point.value),
		formatValue(point.lower),
		formatValue(point.upper),
	);
}

/**
 * The chart's data for screen readers: a visually hidden table, one row per date and a column per
 * visible series ('N/A' where a series has no value), and the forecast's column when one is drawn.
 */
export function ScreenReaderTable({
	caption,
	columns,
	getRows,
	formatValue,
	forecast,
}: {
	caption: string;
	columns: ChartColumn[];
	/** The table's rows (a row per date), worked out as the table is drawn. */
	getRows: () => ChartTableRow[];
	formatValue: (value: number) => string;
	forecast?: { points: readonly PlacedForecastPoint[]; coverage: number };
}) {
	const rows = getRows();
	const projected = new Map(forecast?.points.map((point) => [point.index, point]));
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
						{forecast && (
							<th scope="col">
								{sprintf(
									/* translators: %d: the interval's coverage, e.g. 80 */
									__('Forecast (%d %% likely range)', 'abacus'),
									forecast.coverage,
								)}
							</th>
						)}
					</tr>
				</thead>
				<tbody>
					{rows.map((row, rowIndex) => (
						<tr key={row.date}>
							<th scope="row">{row.heading}</th>
							{row.values.map((value, index) => (
								<td key={columns[index].key}>
									{value === null ? __('N/A', 'abacus') : formatValue(value)}
								</td>
							))}
							{forecast && (
								<td>
									{projected.has(rowIndex)
										? forecastText(
												projected.get(rowIndex) as PlacedForecastPoint,
												formatValue,
											)
										: ''}
								</td>
							)}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
