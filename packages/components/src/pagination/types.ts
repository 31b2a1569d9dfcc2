export interface PaginationProps {
	/** Current page, 1-based. Required. */
	page: number;
	/** Rows per page. Required. */
	perPage: number;
	/** Total rows. Required. */
	total: number;
	/** Called with the new page and how it was chosen. */
	onPageChange?: (page: number, action?: 'previous' | 'next' | 'goto') => void;
	/** Called with the new rows-per-page value. */
	onPerPageChange?: (perPage: number) => void;
	/** Shows the 'Go to page' input. Default true. */
	showPagePicker?: boolean;
	/** Shows the rows-per-page select. Default true. */
	showPerPagePicker?: boolean;
	/** Shows 'Page x of y' beside the arrows. Default true. */
	showPageArrowsLabel?: boolean;
	className?: string;
}
