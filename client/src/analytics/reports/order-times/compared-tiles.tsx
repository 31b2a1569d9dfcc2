/**
 * Summary tiles of an analysis page with the comparison period of the date range (the `compare`
 * setting every report page uses): each tile shows the range's figure, the comparison period's and
 * the change, with the catalogue's name and "What is this?" definition (@abacus/metrics). A tile
 * whose figure is not an amount (the busiest hour) shows both periods' values without a change.
 * The page gives the range's answer (it draws it too); the comparison period's is asked here.
 */
import { __ } from '@wordpress/i18n';
import { SummaryList, SummaryListPlaceholder, SummaryNumber } from '@abacus/components';
import { appendTimestamp, getCurrentDates } from '@abacus/date';
import type { Query as NavQuery } from '@abacus/navigation';
import { calculateTrend } from '@abacus/number';

import { useDefaultDateRange } from '../../components/use-default-date-range.js';
import { Failure, useRequest, type Load } from './request.js';

export interface ComparedTile<T> {
	key: string;
	label: string;
	definition: string;
	/** A decrease is good news (days to a second order). */
	reverseTrend?: boolean;
	/** The figure the change is computed from; null when the period has none. */
	figure: (data: T) => number | null;
	/** The figure as written on the tile (N/A when null). */
	show: (data: T) => string | null;
	/** False for a tile without a change (a weekday, an hour). Default true. */
	compare?: boolean;
	/** Makes the tile a link (choosing what the page draws). */
	href?: string;
	selected?: boolean;
}

/** The range's and the comparison period's `after`/`before` (store time) of a report address. */
export function useComparedRanges(query: Record<string, unknown>): {
	primary: { after: string; before: string };
	secondary: { after: string; before: string };
	secondaryLabel: string;
} {
	const defaultDateRange = useDefaultDateRange();
	const dates = getCurrentDates(query as NavQuery, defaultDateRange);
	return {
		primary: {
			after: appendTimestamp(dates.primary.after.clone(), 'start'),
			before: appendTimestamp(dates.primary.before.clone(), 'end'),
		},
		secondary: {
			after: appendTimestamp(dates.secondary.after.clone(), 'start'),
			before: appendTimestamp(dates.secondary.before.clone(), 'end'),
		},
		secondaryLabel: `${dates.secondary.label} (${dates.secondary.range}):`,
	};
}

interface Props<T> {
	/** The range's answer (the page's own request). */
	primary: Load<T>;
	/** The same route for the comparison period; null asks nothing. */
	secondaryPath: string | null;
	/** The page's retry counter and its retry. */
	attempt: number;
	onRetry: () => void;
	/** What the comparison period is called ('Previous year (Jan 1 – 31, 2025):'). */
	prevLabel: string;
	tiles: Array<ComparedTile<T>>;
	/** Accessible name of the list. */
	label: string;
}

export function ComparedTiles<T>({
	primary,
	secondaryPath,
	attempt,
	onRetry,
	prevLabel,
	tiles,
	label,
}: Props<T>) {
	const secondary = useRequest<T>(secondaryPath, attempt);
	if (primary.state === 'needs-engine') return null;
	if (primary.state === 'error') return null; // The page says it once, with its Retry.
	if (secondary.state === 'error') {
		return (
			<Failure
				message={__('The comparison period could not be loaded.', 'abacus')}
				onRetry={onRetry}
			/>
		);
	}
	if (primary.state !== 'ready' || secondary.state !== 'ready') {
		return <SummaryListPlaceholder numberOfItems={tiles.length} />;
	}
	return (
		<SummaryList label={label}>
			{({ onToggle }: { onToggle?: () => void }) =>
				tiles.map((tile) => {
					const value = tile.figure(primary.data);
					const previous = tile.figure(secondary.data);
					return (
						<SummaryNumber
							key={tile.key}
							label={tile.label}
							value={tile.show(primary.data) ?? undefined}
							prevValue={tile.show(secondary.data) ?? undefined}
							prevLabel={prevLabel}
							delta={
								tile.compare === false
									? undefined
									: (calculateTrend(value, previous) ?? undefined)
							}
							reverseTrend={tile.reverseTrend}
							definition={tile.definition}
							selected={tile.selected}
							href={tile.href}
							onLinkClickCallback={onToggle}
						/>
					);
				})
			}
		</SummaryList>
	);
}
