/**
 * The table cell of a list (an order's products).
 */
import { _n, sprintf } from '@wordpress/i18n';

/**
 * A cell listing several items: the first one and a '+N more' disclosure that shows the whole list
 * (keyboard and screen reader reachable), so one long order does not widen every row.
 */
export function ListCell({ items }: { items: string[] }) {
	const [first, ...rest] = items;
	return (
		<span className="abacus-report-table__list">
			<span className="abacus-report-table__list-first" title={first}>
				{first}
			</span>
			<details className="abacus-report-table__more">
				<summary>
					{sprintf(
						/* translators: %d: number of further items */
						_n('+%d more', '+%d more', rest.length, 'abacus'),
						rest.length,
					)}
				</summary>
				<ul>
					{rest.map((item, index) => (
						<li key={index}>{item}</li>
					))}
				</ul>
			</details>
		</span>
	);
}
