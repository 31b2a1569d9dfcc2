import { Button } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { SearchListItem } from './search-list-item.js';
import type { SearchListControlProps, SearchListItemData, SearchListMessages } from './types.js';
import './style.scss';

function defaultMessages(): SearchListMessages {
	return {
		clear: __('Clear all selected items', 'abacus'),
		noItems: __('No items found.', 'abacus'),
		/* translators: %s: the search term */
		noResults: (search) => sprintf(__('No results for %s', 'abacus'), search),
		search: __('Search for items', 'abacus'),
		selected: (count) =>
			sprintf(
				/* translators: %d: number of selected items */
				_n('%d item selected', '%d items selected', count, 'abacus'),
				count,
			),
		updated: __('Search results updated.', 'abacus'),
	};
}

/**
 * The entries arranged as a tree by `parent`, each with its `children` and `breadcrumbs`
 * (ancestor names). Entries whose parent is not in the list are appended at the top level.
 */
export function buildTermsTree(list: SearchListItemData[]): SearchListItemData[] {
	const ids = new Set(list.map((item) => item.id));
	const byParent = new Map<string, SearchListItemData[]>();
	for (const item of list) {
		const parent = item.parent && ids.has(item.parent) ? String(item.parent) : '';
		byParent.set(parent, [...(byParent.get(parent) ?? []), item]);
	}
	const seen = new Set<string>();
	const build = (parent: string, breadcrumbs: string[]): SearchListItemData[] =>
		(byParent.get(parent) ?? [])
			.filter((item) => !seen.has(String(item.id)))
			.map((item) => {
				seen.add(String(item.id));
				return {
					...item,
					breadcrumbs,
					children: build(String(item.id), [...breadcrumbs, item.name]),
				};
			});
	return build('', []);
}

/** Entries whose name contains `search` (case-insensitive); breadcrumbs kept when hierarchical. */
export function filterList(
	list: SearchListItemData[],
	search: string,
	isHierarchical = false,
): SearchListItemData[] {
	const query = search.trim().toLowerCase();
	const flat: SearchListItemData[] = [];
	const walk = (items: SearchListItemData[]) => {
		for (const item of items) {
			flat.push({ ...item, children: [] });
			walk(item.children ?? []);
		}
	};
	if (isHierarchical) walk(buildTermsTree(list));
	else flat.push(...list.map((item) => ({ ...item, breadcrumbs: [] })));
	return flat.filter((item) => item.name.toLowerCase().includes(query));
}

/**
 * A searchable list of checkboxes (or radio buttons with `isSingle`), with the selection shown as
 * removable tags above. Hierarchical lists show as a tree, and with breadcrumbs while searching.
 */
export function SearchListControl({
	list = [],
	selected,
	onChange,
	isHierarchical = false,
	isSingle = false,
	isCompact = false,
	isLoading = false,
	messages: customMessages = {},
	onSearch = () => {},
	renderItem,
	search: initialSearch = '',
	className,
}: SearchListControlProps) {
	const id = useId();
	const messages = { ...defaultMessages(), ...customMessages };
	const [search, setSearch] = useState(initialSearch);
	const [announcement, setAnnouncement] = useState('');
	const isFirst = useRef(true);

	useEffect(() => {
		if (isFirst.current) {
			isFirst.current = false;
			return;
		}
		setAnnouncement(messages.updated);
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [search]);

	const selectedIds = selected.map((item) => String(item.id));
	const isSelected = (item: SearchListItemData) => selectedIds.includes(String(item.id));

	const toggle = (item: SearchListItemData) => {
		if (isSingle) {
			onChange([item]);
		} else if (isSelected(item)) {
			onChange(selected.filter((entry) => String(entry.id) !== String(item.id)));
		} else {
			onChange([...selected, item]);
		}
	};

	const renderOne = (item: SearchListItemData, depth: number): ReactNode => {
		const args = {
			item,
			isSelected: isSelected(item),
			isSingle,
			onSelect: toggle,
			search,
			depth,
			name: `${id}-item`,
		};
		return renderItem ? (
			<li key={item.id} className="abacus-search-list-control__custom">
				{renderItem(args)}
			</li>
		) : (
			<SearchListItem key={item.id} {...args} />
		);
	};

	const renderTree = (items: SearchListItemData[], depth: number): ReactNode[] =>
		items.flatMap((item) => [
			renderOne(item, depth),
			...renderTree(item.children ?? [], depth + 1),
		]);

	let body: ReactNode;
	if (isLoading) {
		body = (
			<p className="abacus-search-list-control__loading" role="status">
				{__('Loading…', 'abacus')}
			</p>
		);
	} else if (!list.length) {
		body = <p className="abacus-search-list-control__empty">{messages.noItems}</p>;
	} else {
		const items =
			search.trim() || !isHierarchical
				? filterList(list, search, isHierarchical)
				: buildTermsTree(list);
		body = items.length ? (
			<ul className="abacus-search-list-control__list" aria-label={__('Items', 'abacus')}>
				{search.trim() || !isHierarchical
					? items.map((item) => renderOne(item, 0))
					: renderTree(items, 0)}
			</ul>
		) : (
			<p className="abacus-search-list-control__empty">{messages.noResults(search)}</p>
		);
	}

	return (
		<div
			className={clsx('abacus-search-list-control', className, {
				'is-compact': isCompact,
				'is-single': isSingle,
				'is-hierarchical': isHierarchical,
			})}
		>
			{!isSingle && (
				<div className="abacus-search-list-control__selected">
					<div className="abacus-search-list-control__selected-header">
						<strong>{messages.selected(selected.length)}</strong>
						{selected.length > 0 && (
							<Button variant="link" isDestructive onClick={() => onChange([])}>
								{messages.clear}
							</Button>
						)}
					</div>
					{selected.length > 0 && (
						<ul className="abacus-search-list-control__tags">
							{selected.map((item) => (
								<li key={item.id} className="abacus-search-list-control__tag">
									<span>{item.name}</span>
									<button
										type="button"
										className="abacus-search-list-control__tag-remove"
										aria-label={sprintf(
											/* translators: %s: name of a selected item */
											__('Remove %s', 'abacus'),
											item.name,
										)}
										onClick={() =>
											onChange(
												selected.filter(
													(entry) => String(entry.id) !== String(item.id),
												),
											)
										}
									>
										×
									</button>
								</li>
							))}
						</ul>
					)}
				</div>
			)}
			<div className="abacus-search-list-control__search">
				<label htmlFor={`${id}-search`}>{messages.search}</label>
				<input
					id={`${id}-search`}
					type="search"
					value={search}
					onChange={(event) => {
						setSearch(event.target.value);
						onSearch(event.target.value);
					}}
				/>
			</div>
			{body}
			<div className="screen-reader-text" role="status" aria-live="polite">
				{announcement}
			</div>
		</div>
	);
}
