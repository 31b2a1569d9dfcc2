import type { ReactNode } from 'react';

export interface TableHeader {
	/** Column key (used for sorting and visibility). Required. */
	key: string;
	/** Column label. Required. */
	label: ReactNode;
	/** Label read by screen readers instead of `label`. */
	screenReaderLabel?: string;
	/** Whether the column sorts. Default false. */
	isSortable?: boolean;
	/** Right-aligned numbers. Default false. */
	isNumeric?: boolean;
	/** Left-aligned even when numeric. Default false. */
	isLeftAligned?: boolean;
	/** The column the table sorts by by default. */
	defaultSort?: boolean;
	/** First direction when this column is chosen. Default 'desc'. */
	defaultOrder?: 'asc' | 'desc';
	/** Cannot be hidden. Default false. */
	required?: boolean;
	/** false hides the column. */
	visible?: boolean;
	/** Hidden until shown from the menu. Default false. */
	hiddenByDefault?: boolean;
}

export interface TableCell {
	/** What is shown. */
	display?: ReactNode;
	/** The raw value (sorting, CSV). */
	value?: string | number | boolean | null;
}

export type TableRow = TableCell[];

export interface TableQuery {
	orderby?: string;
	order?: string;
	paged?: string | number;
	per_page?: string | number;
	[key: string]: unknown;
}

export interface SummaryItem {
	label: ReactNode;
	value: ReactNode;
}
