import { __, _n, sprintf } from '@wordpress/i18n';

import { Tag } from '../tag/index.js';
import './style.scss';
import type { ViewMoreListProps } from './types.js';

/** The first item, and a '+n more' tag whose popover lists every item. */
export function ViewMoreList({ items = [] }: ViewMoreListProps) {
	if (items.length === 0) return null;
	const rest = items.length - 1;
	return (
		<span className="abacus-view-more-list">
			<span className="abacus-view-more-list__first">{items[0]}</span>
			{rest > 0 && (
				<Tag
					className="abacus-view-more-list__tag"
					label={sprintf(
						/* translators: %d: number of further items */ __('+%d more', 'abacus'),
						rest,
					)}
					screenReaderLabel={sprintf(
						/* translators: %d: number of further items */ _n(
							'%d more item',
							'%d more items',
							rest,
							'abacus',
						),
						rest,
					)}
					popoverContents={
						<ul className="abacus-view-more-list__popover">
							{items.map((item, index) => (
								<li key={index}>{item}</li>
							))}
						</ul>
					}
				/>
			)}
		</span>
	);
}
