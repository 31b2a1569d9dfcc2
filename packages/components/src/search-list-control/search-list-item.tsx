import { __, sprintf } from '@wordpress/i18n';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

import type { SearchListItemProps } from './types.js';

/** `text` with the first case-insensitive match of `search` in <strong>. */
export function highlight(text: string, search: string): ReactNode {
	const query = search.trim();
	if (!query) return text;
	const index = text.toLowerCase().indexOf(query.toLowerCase());
	if (index < 0) return text;
	return (
		<>
			{text.slice(0, index)}
			<strong>{text.slice(index, index + query.length)}</strong>
			{text.slice(index + query.length)}
		</>
	);
}

/** One checkbox (or radio) row of a SearchListControl, with breadcrumbs and a count. */
export function SearchListItem({
	item,
	isSelected = false,
	isSingle = false,
	onSelect,
	search = '',
	depth = 0,
	countLabel,
	controlId,
	name,
	className,
}: SearchListItemProps) {
	const generated = useId();
	const id = controlId ?? `${generated}-${item.id}`;
	const breadcrumbs = item.breadcrumbs ?? [];
	const count = countLabel ?? item.count;
	return (
		<li
			className={clsx('abacus-search-list-item', className, `depth-${depth}`, {
				'is-selected': isSelected,
				'has-breadcrumbs': breadcrumbs.length > 0,
			})}
			style={depth > 0 ? { paddingInlineStart: `${depth * 24}px` } : undefined}
		>
			<input
				id={id}
				className="abacus-search-list-item__input"
				type={isSingle ? 'radio' : 'checkbox'}
				name={name}
				checked={isSelected}
				onChange={() => onSelect(item)}
			/>
			<label htmlFor={id} className="abacus-search-list-item__label">
				{breadcrumbs.length > 0 && (
					<span className="abacus-search-list-item__prefix">
						{breadcrumbs.join(' › ')} ›{' '}
					</span>
				)}
				<span className="abacus-search-list-item__name">
					{highlight(item.name, search)}
				</span>
			</label>
			{count !== undefined && count !== null && (
				<span
					className="abacus-search-list-item__count"
					aria-label={
						typeof count === 'number'
							? /* translators: %d: number of items in this entry */
								sprintf(__('%d items', 'abacus'), count)
							: undefined
					}
				>
					{count}
				</span>
			)}
		</li>
	);
}
