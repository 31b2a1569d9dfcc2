/**
 * Notes on a time chart: the props that give a chart the notes of its dates (markers, the
 * "Show notes" toggle kept as the user's preference, "Add a note" on a date) and the dialog that
 * adds one. Used by every report and Overview chart (`ReportChart`).
 */
import { useCallback, useMemo, useState, type ReactElement } from 'react';
import { __ } from '@wordpress/i18n';
import {
	intervalEnd,
	type ChartAnnotation,
	type ChartInterval,
	type ChartProps,
	type ChartRow,
} from '@abacus/components';
import { useUserPreferences } from '@abacus/data';

import { AnnotationDialog } from './dialog.js';
import {
	ANNOTATIONS_HIDDEN_PREFERENCE,
	invalidateAnnotations,
	useAnnotations,
	webLink,
	type AnnotationInput,
} from './data.js';
import { LoadError } from '../../base/load-error.js';

const dayOf = (date: string | undefined): string | undefined =>
	date && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : undefined;

/** The last day an interval starting on `day` covers. */
function lastDayOf(day: string, interval: ChartInterval): string {
	const end = new Date(`${intervalEnd(day, interval)}T00:00:00Z`);
	end.setUTCDate(end.getUTCDate() - 1);
	return end.toISOString().slice(0, 10);
}

/**
 * The days whose notes a chart or table of intervals starting on `starts` shows: from the first
 * start to the last day of the last interval. A chart and a table of the same intervals give the
 * same range, so they share one request for their notes.
 */
export function notesRangeOf(
	starts: ReadonlyArray<string | undefined>,
	interval: ChartInterval,
): { after?: string; before?: string } {
	const days = starts.map(dayOf).filter((day): day is string => day !== undefined);
	if (!days.length) return {};
	days.sort();
	return { after: days[0], before: lastDayOf(days[days.length - 1], interval) };
}

/** A query's interval as a chart's (`day` for anything else). */
export function chartIntervalOf(interval: unknown): ChartInterval {
	return interval === 'hour' ||
		interval === 'week' ||
		interval === 'month' ||
		interval === 'quarter' ||
		interval === 'year'
		? interval
		: 'day';
}

export type ChartNoteProps = Pick<
	ChartProps,
	| 'annotations'
	| 'showAnnotations'
	| 'onShowAnnotationsChange'
	| 'onAddAnnotation'
	| 'pointActionName'
	| 'pointActionLabel'
>;

/**
 * The notes of the chart's dates and what the chart needs to show and add them. `pointActionLabel`
 * is the tooltip's line for a date that also opens something (its orders).
 */
export function useChartNotes(
	data: ChartRow[],
	interval: ChartInterval,
	pointActionLabel?: string,
): { chartProps: ChartNoteProps; dialog: ReactElement | null; error: ReactElement | null } {
	const preferences = useUserPreferences();
	const hidden = preferences[ANNOTATIONS_HIDDEN_PREFERENCE] === true;
	const { after, before } = notesRangeOf(
		data.map((row) => row.date),
		interval,
	);
	const state = useAnnotations(after, before, after !== undefined);
	const [adding, setAdding] = useState<AnnotationInput | null>(null);
	const notes = state.status === 'ready' ? state.notes : null;
	const annotations = useMemo<ChartAnnotation[] | undefined>(
		() =>
			notes?.map((note) => ({
				id: note.id,
				date: note.date_from,
				dateEnd: note.date_to,
				text: note.text,
				url: webLink(note.url) || undefined,
			})),
		[notes],
	);
	const onShowAnnotationsChange = useCallback(
		(show: boolean) =>
			void preferences.updateUserPreferences({ [ANNOTATIONS_HIDDEN_PREFERENCE]: !show }),
		[preferences],
	);
	const onAddAnnotation = useCallback(
		(row: ChartRow) => {
			const from = dayOf(row.date);
			if (!from) return;
			// A week or a month: the note covers the whole interval; a day or an hour: the day.
			const to = interval === 'hour' || interval === 'day' ? from : lastDayOf(from, interval);
			setAdding({ date_from: from, date_to: to, text: '', url: '' });
		},
		[interval],
	);
	// Where the route does not answer (an engine without notes), the chart shows none and offers none.
	const chartProps: ChartNoteProps = annotations
		? {
				annotations,
				showAnnotations: !hidden,
				onShowAnnotationsChange,
				onAddAnnotation,
				pointActionName: __('See these orders', 'abacus'),
				...(pointActionLabel ? { pointActionLabel } : {}),
			}
		: {};
	// A failed load says so with a Retry (a route this server does not answer, 501, stays quiet).
	const failed =
		state.status === 'error' &&
		(state.error.data as { status?: unknown } | undefined)?.status !== 501 ? (
			<LoadError
				title={__('The notes on this chart could not be loaded.', 'abacus')}
				error={state.error}
				onRetry={invalidateAnnotations}
			/>
		) : null;
	return {
		chartProps,
		dialog: adding ? <AnnotationDialog note={adding} onClose={() => setAdding(null)} /> : null,
		error: failed,
	};
}
