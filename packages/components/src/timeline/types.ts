import type { ReactNode } from 'react';

export interface TimelineItem {
	/** When it happened. Required. */
	date: Date;
	/** Icon shown beside the item. Required. */
	icon: ReactNode;
	/** Headline. Required. */
	headline: ReactNode;
	/** Body paragraphs. Default []. */
	body?: ReactNode[];
	/** Hide the time of day for this item. Default false. */
	hideTimestamp?: boolean;
}

export type TimelineGroupBy = 'day' | 'week' | 'month';
export type TimelineOrder = 'asc' | 'desc';

export interface TimelineProps {
	/** Items to show. Default []. */
	items?: TimelineItem[];
	/** How items are grouped. Default 'day'. */
	groupBy?: TimelineGroupBy;
	/** Order of groups and of items within a group. Default 'desc' (newest first). */
	orderBy?: TimelineOrder;
	/** PHP-style format of a group's date heading. Default 'F j, Y'. */
	dateFormat?: string;
	/** PHP-style format of an item's time. Default 'g:ia'. */
	clockFormat?: string;
	/** Extra class name. Default ''. */
	className?: string;
}
