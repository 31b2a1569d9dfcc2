import type { ScaleBand } from 'd3-scale';
import { useEffect, useRef, type KeyboardEvent } from 'react';

import { __, _n, sprintf } from '@wordpress/i18n';

import type { ChartRow } from './utils/index.js';
import type { ChartAnnotation, PlacedAnnotation } from './utils/annotations.js';

/** Most notes a tooltip lists; the rest are counted. */
export const TOOLTIP_NOTES = 3;

/**
 * The notes' markers: a light band over the dates a note covers and a small flag above its first
 * date (drawn in the body's top padding). Decorative (the SVG is hidden from screen readers): the
 * notes are told in the tooltip and in the chart's description.
 */
export function ChartAnnotationMarkers({
	placed,
	data,
	xScale,
	height,
	activeIndex,
}: {
	placed: readonly PlacedAnnotation[];
	data: ChartRow[];
	xScale: ScaleBand<string>;
	height: number;
	activeIndex: number;
}) {
	const step = xScale.step();
	const inner = xScale.bandwidth();
	return (
		<g className="abacus-chart__annotations">
			{placed.map(({ annotation, first, last }) => {
				const left = (xScale(data[first].date) ?? 0) - (step - inner) / 2;
				const right = (xScale(data[last].date) ?? 0) + inner + (step - inner) / 2;
				const flag = (xScale(data[first].date) ?? 0) + inner / 2;
				const isActive = first <= activeIndex && activeIndex <= last;
				return (
					<g
						key={annotation.id}
						className={`abacus-chart__annotation${isActive ? ' is-active' : ''}`}
						data-annotation={String(annotation.id)}
					>
						<rect
							className="abacus-chart__annotation-band"
							x={left}
							y={0}
							width={Math.max(1, right - left)}
							height={height}
						/>
						<path
							className="abacus-chart__annotation-flag"
							d={`M${flag - 5},-12 L${flag + 5},-12 L${flag},-4 Z`}
						/>
					</g>
				);
			})}
		</g>
	);
}

/** A note as a line of text: its dates and its text. */
export function annotationSentence(
	annotation: ChartAnnotation,
	formatDay: (day: string) => string,
): string {
	const from = formatDay(annotation.date);
	const to =
		annotation.dateEnd && annotation.dateEnd !== annotation.date
			? formatDay(annotation.dateEnd)
			: null;
	return to
		? /* translators: 1: first day, 2: last day, 3: the note's text */
			sprintf(__('%1$s to %2$s: %3$s', 'abacus'), from, to, annotation.text)
		: /* translators: 1: the day, 2: the note's text */
			sprintf(__('%1$s: %2$s', 'abacus'), from, annotation.text);
}

/**
 * The chart's accessible description of its notes (visually hidden; the body names it with
 * `aria-describedby`).
 */
export function AnnotationsDescription({
	id,
	placed,
	formatDay,
}: {
	id: string;
	placed: readonly PlacedAnnotation[];
	formatDay: (day: string) => string;
}) {
	return (
		<div id={id} className="screen-reader-text">
			{placed.length === 0
				? __('No notes on these dates.', 'abacus')
				: `${sprintf(
						/* translators: %d: number of notes */
						_n(
							'%d note on these dates:',
							'%d notes on these dates:',
							placed.length,
							'abacus',
						),
						placed.length,
					)} ${placed
						.map(({ annotation }) => annotationSentence(annotation, formatDay))
						.join('; ')}`}
		</div>
	);
}

/** The notes of the focused date, in the tooltip. */
export function TooltipNotes({
	notes,
	formatDay,
}: {
	notes: readonly ChartAnnotation[];
	formatDay: (day: string) => string;
}) {
	if (notes.length === 0) return null;
	const shown = notes.slice(0, TOOLTIP_NOTES);
	const more = notes.length - shown.length;
	return (
		<div className="abacus-chart__tooltip-notes">
			<div className="abacus-chart__tooltip-notes-title">
				{_n('Note', 'Notes', notes.length, 'abacus')}
			</div>
			<ul className="abacus-chart__tooltip-list">
				{shown.map((note) => (
					<li key={note.id} className="abacus-chart__tooltip-note">
						{annotationSentence(note, formatDay)}
					</li>
				))}
			</ul>
			{more > 0 ? (
				<div className="abacus-chart__tooltip-more">
					{sprintf(
						/* translators: %d: number of notes not listed */
						_n('and %d more note', 'and %d more notes', more, 'abacus'),
						more,
					)}
				</div>
			) : null}
		</div>
	);
}

/** An action of the menu a date opens. */
export interface DateMenuAction {
	key: string;
	label: string;
	run: () => void;
}

/**
 * The menu a click or Enter on a date opens when the chart offers more than one thing to do
 * there (e.g. "See these orders" and "Add a note"): focus moves to its first button; arrow keys
 * move between the buttons, Escape closes it and gives the focus back to the chart.
 */
export function DateMenu({
	title,
	actions,
	onClose,
	style,
}: {
	title: string;
	actions: readonly DateMenuAction[];
	onClose: (refocus: boolean) => void;
	style: { left: number } | { right: number };
}) {
	const ref = useRef<HTMLDivElement>(null);
	useEffect(() => {
		ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
	}, []);
	const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
		const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
		const at = buttons.findIndex((button) => button === document.activeElement);
		if (event.key === 'Escape') {
			event.preventDefault();
			onClose(true);
		} else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault();
			const next =
				event.key === 'ArrowDown'
					? (at + 1) % buttons.length
					: (at - 1 + buttons.length) % buttons.length;
			buttons[next]?.focus();
		}
	};
	return (
		<div
			ref={ref}
			className="abacus-chart__date-menu"
			role="group"
			aria-label={title}
			style={style}
			onKeyDown={onKeyDown}
			onBlur={(event) => {
				if (!ref.current?.contains(event.relatedTarget as Node | null)) onClose(false);
			}}
		>
			<div className="abacus-chart__date-menu-title">{title}</div>
			{actions.map((action) => (
				<button
					key={action.key}
					type="button"
					className="abacus-chart__date-menu-item"
					onClick={() => {
						onClose(false);
						action.run();
					}}
				>
					{action.label}
				</button>
			))}
		</div>
	);
}
