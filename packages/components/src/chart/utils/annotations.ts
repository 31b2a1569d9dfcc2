/**
 * Notes on a chart's dates (annotations): which of the chart's dates each note covers, and the
 * notes of each date. Pure: no React and no DOM.
 */
import type { ChartInterval, ChartRow } from './index.js';

/** A note on a day or a range of days, shown as a marker on the dates it covers. */
export interface ChartAnnotation {
	/** Identifies the note (React key). */
	id: string | number;
	/** First day, `YYYY-MM-DD`. */
	date: string;
	/** Last day (inclusive), `YYYY-MM-DD`; the first day when absent. */
	dateEnd?: string;
	/** The note's text, shown as text (never as HTML). */
	text: string;
	/** An http(s) address the note links to. */
	url?: string;
}

/** A note placed on the chart: the first and last row index (inclusive) it covers. */
export interface PlacedAnnotation {
	annotation: ChartAnnotation;
	first: number;
	last: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** The `YYYY-MM-DD` day a row date or note date starts with, or null. */
export function dayOf(date: string): string | null {
	const match = DAY.exec(date);
	return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** The day after an interval starting on `day` (exclusive end), `YYYY-MM-DD`. */
export function intervalEnd(day: string, interval: ChartInterval): string {
	const [year, month, date] = day.split('-').map(Number);
	const start = new Date(Date.UTC(year, month - 1, date));
	switch (interval) {
		case 'hour':
		case 'day':
			start.setUTCDate(start.getUTCDate() + 1);
			break;
		case 'week':
			start.setUTCDate(start.getUTCDate() + 7);
			break;
		case 'month':
			start.setUTCMonth(start.getUTCMonth() + 1, 1);
			break;
		case 'quarter':
			start.setUTCMonth(start.getUTCMonth() + 3, 1);
			break;
		case 'year':
			start.setUTCFullYear(start.getUTCFullYear() + 1, 0, 1);
			break;
	}
	return start.toISOString().slice(0, 10);
}

/**
 * The notes that fall on the chart's dates, each with the rows it covers: a row covers the days
 * from its date to the next row's date (the last row: to the end of its interval); an hourly row
 * covers its day. Notes outside the rows are left out; the order of `annotations` is kept.
 */
export function placeAnnotations(
	data: ChartRow[],
	annotations: readonly ChartAnnotation[],
	interval: ChartInterval,
): PlacedAnnotation[] {
	const starts = data.map((row) => dayOf(row.date));
	const ends = starts.map((start, index) => {
		if (start === null) return null;
		const next = starts[index + 1];
		if (interval !== 'hour' && next !== undefined && next !== null && next > start) return next;
		return intervalEnd(start, interval);
	});
	const placed: PlacedAnnotation[] = [];
	for (const annotation of annotations) {
		const from = dayOf(annotation.date);
		const to = dayOf(annotation.dateEnd ?? annotation.date) ?? from;
		if (from === null || to === null) continue;
		let first = -1;
		let last = -1;
		starts.forEach((start, index) => {
			const end = ends[index];
			if (start === null || end === null) return;
			// The row's days [start, end) meet the note's days [from, to].
			if (start <= to && end > from) {
				if (first < 0) first = index;
				last = index;
			}
		});
		if (first >= 0) placed.push({ annotation, first, last });
	}
	return placed;
}

/** The notes covering a row index. */
export function annotationsAt(
	placed: readonly PlacedAnnotation[],
	index: number,
): ChartAnnotation[] {
	return placed
		.filter((entry) => entry.first <= index && index <= entry.last)
		.map((entry) => entry.annotation);
}
