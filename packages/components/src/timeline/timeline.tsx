import clsx from 'clsx';
import moment from 'moment';
import { useMemo } from 'react';

import { format } from '@wordpress/date';
import { __ } from '@wordpress/i18n';

import type { TimelineGroupBy, TimelineItem, TimelineOrder, TimelineProps } from './types.js';
import './style.scss';

export interface TimelineGroup {
	/** Start of the group's day, week or month. */
	start: Date;
	items: TimelineItem[];
}

/** Groups items by the start of their day, week or month, sorted by date in the given order. */
export function groupTimelineItems(
	items: TimelineItem[],
	groupBy: TimelineGroupBy = 'day',
	orderBy: TimelineOrder = 'desc',
): TimelineGroup[] {
	const sign = orderBy === 'asc' ? 1 : -1;
	const byDate = (a: { getTime(): number }, b: { getTime(): number }) =>
		sign * (a.getTime() - b.getTime());
	const groups = new Map<number, TimelineGroup>();
	for (const item of items) {
		const start = moment(item.date)
			.startOf(groupBy === 'week' ? 'isoWeek' : groupBy)
			.toDate();
		const key = start.getTime();
		const group = groups.get(key) ?? { start, items: [] };
		group.items.push(item);
		groups.set(key, group);
	}
	return [...groups.values()]
		.sort((a, b) => byDate(a.start, b.start))
		.map((group) => ({
			...group,
			items: [...group.items].sort((a, b) => byDate(a.date, b.date)),
		}));
}

/** A list of events grouped by day (or week, month), newest first by default. */
export function Timeline({
	items = [],
	groupBy = 'day',
	orderBy = 'desc',
	dateFormat = 'F j, Y',
	clockFormat = 'g:ia',
	className = '',
}: TimelineProps) {
	const groups = useMemo(
		() => groupTimelineItems(items, groupBy, orderBy),
		[items, groupBy, orderBy],
	);
	if (groups.length === 0) {
		return (
			<div className={clsx('abacus-timeline', 'is-empty', className)}>
				<p>{__('No data to display', 'abacus')}</p>
			</div>
		);
	}
	return (
		<div className={clsx('abacus-timeline', className)}>
			<ul className="abacus-timeline__groups">
				{groups.map((group) => (
					<li key={group.start.getTime()} className="abacus-timeline__group">
						<p className="abacus-timeline__group-title">
							{format(dateFormat, group.start)}
						</p>
						<ul className="abacus-timeline__items">
							{group.items.map((item, index) => (
								<li
									key={`${item.date.getTime()}-${index}`}
									className="abacus-timeline__item"
								>
									<div className="abacus-timeline__item-head">
										<span
											className="abacus-timeline__item-icon"
											aria-hidden="true"
										>
											{item.icon}
										</span>
										<span className="abacus-timeline__item-headline">
											{item.headline}
										</span>
										{!item.hideTimestamp && (
											<time
												className="abacus-timeline__item-time"
												dateTime={moment(item.date).toISOString()}
											>
												{format(clockFormat, item.date)}
											</time>
										)}
									</div>
									{(item.body ?? []).map((paragraph, i) => (
										<div key={i} className="abacus-timeline__item-body">
											{paragraph}
										</div>
									))}
								</li>
							))}
						</ul>
					</li>
				))}
			</ul>
		</div>
	);
}
