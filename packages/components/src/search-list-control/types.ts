import type { ReactNode } from 'react';

/** One entry of the list. */
export interface SearchListItemData {
	/** Unique id. Required. */
	id: number | string;
	/** Text shown and searched. Required. */
	name: string;
	/** Id of the parent entry (hierarchical lists); 0 or absent for a top entry. Default 0. */
	parent?: number | string;
	/** Number shown beside the name. Default undefined (no count). */
	count?: number;
	/** Names of the ancestors, outermost first; filled in by the control. Default []. */
	breadcrumbs?: string[];
	/** Sub-entries; filled in by the control for hierarchical lists. Default []. */
	children?: SearchListItemData[];
	/** Anything the caller wants to carry along. Default undefined. */
	value?: unknown;
}

/** Texts of the control; every one has a default. */
export interface SearchListMessages {
	/** Label of the clear button. Default 'Clear all selected items'. */
	clear: string;
	/** Shown when the list is empty. Default 'No items found.'. */
	noItems: string;
	/** Shown when nothing matches `search`. Default 'No results for %s'. */
	noResults: (search: string) => string;
	/** Label of the search input. Default 'Search for items'. */
	search: string;
	/** Heading of the selected area. Default '%d item selected' / '%d items selected'. */
	selected: (count: number) => string;
	/** Announced after the search changes. Default 'Search results updated.'. */
	updated: string;
}

export interface SearchListItemProps {
	/** The entry. Required. */
	item: SearchListItemData;
	/** Whether it is checked. Default false. */
	isSelected?: boolean;
	/** Radio (single choice) instead of checkbox. Default false. */
	isSingle?: boolean;
	/** Called when the entry is toggled. Required. */
	onSelect: (item: SearchListItemData) => void;
	/** Text to highlight in the name. Default ''. */
	search?: string;
	/** Nesting depth (indentation). Default 0. */
	depth?: number;
	/** Count text shown instead of `item.count`. Default undefined. */
	countLabel?: ReactNode;
	/** id of the input. Default: generated. */
	controlId?: string;
	/** name of the input (radio group). Default: generated per control. */
	name?: string;
	/** Extra class. Default undefined. */
	className?: string;
}

/** Arguments of a custom `renderItem`. */
export interface SearchListRenderItemArgs extends SearchListItemProps {
	isSelected: boolean;
	isSingle: boolean;
	search: string;
	depth: number;
}

export interface SearchListControlProps {
	/** The entries. Default []. */
	list?: SearchListItemData[];
	/** The selected entries. Required. */
	selected: SearchListItemData[];
	/** Called with the new selection. Required. */
	onChange: (selected: SearchListItemData[]) => void;
	/** Shows the list as a tree (by `parent`), and breadcrumbs while searching. Default false. */
	isHierarchical?: boolean;
	/** One choice only (radio buttons). Default false. */
	isSingle?: boolean;
	/** Smaller layout. Default false. */
	isCompact?: boolean;
	/** Shows a loading message instead of the list. Default false. */
	isLoading?: boolean;
	/** Text overrides. Default {} (all texts default). */
	messages?: Partial<SearchListMessages>;
	/** Called with the search text on every change (e.g. to fetch). Default: no-op. */
	onSearch?: (search: string) => void;
	/** Renders one entry. Default: `SearchListItem`. */
	renderItem?: (args: SearchListRenderItemArgs) => ReactNode;
	/** Initial search text. Default ''. */
	search?: string;
	/** Extra class. Default undefined. */
	className?: string;
}
