import type { ReactNode } from 'react';

import type { LinkType } from '@abacus/navigation';

export interface SummaryNumberProps {
	/** What is measured. Required. */
	label: string;
	/** The formatted value; missing shows 'N/A'. */
	value?: ReactNode;
	/** The formatted value of the comparison period; missing shows 'N/A'. */
	prevValue?: ReactNode;
	/** Label of the comparison period. Default 'Previous period:'. */
	prevLabel?: string;
	/**
	 * Percentage change, or 'new' for a value up from nothing (shown "New", no percentage:
	 * `calculateTrend` of @abacus/number gives either); missing or null hides the delta.
	 */
	delta?: number | 'new' | null;
	/** Makes the tile a link to this address. Default ''. */
	href?: string;
	/** Type of that link. Default 'wc-admin'. */
	hrefType?: LinkType;
	/** Whether this tile is the one charted. Default false. */
	selected?: boolean;
	/** A decrease is good news (refunds). Default false. */
	reverseTrend?: boolean;
	/** In the collapsed (dropdown) list: whether it is open. Default false. */
	isOpen?: boolean;
	/** Makes the tile a button (used by SummaryList's dropdown). */
	onToggle?: () => void;
	/** Called after the link is clicked. */
	onLinkClickCallback?: () => void;
	/** A short definition shown on demand. */
	definition?: string;
	children?: ReactNode;
}

export interface SummaryListProps {
	/** Returns the SummaryNumber tiles; gets { onToggle } for the collapsed dropdown. Required. */
	children: (args: { onToggle: () => void }) => ReactNode;
	/** Accessible name of the list. Default 'Performance Indicators'. */
	label?: string;
}
