/**
 * The weekday × hour heat map: a real table (weekday rows, hour columns) a screen reader reads
 * with its headers, a colour per cell with a legend, keyboard navigation of the cells (arrow keys,
 * Home/End, Enter or Space opens the cell's orders) with the value read out, and a tooltip in the
 * store's currency/locale. At narrow widths the table scrolls sideways, the weekday column stays.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { __, sprintf } from '@wordpress/i18n';

export interface HeatCell {
	weekday: number;
	hour: number;
	value: number;
}

export interface HeatMapProps {
	/** Weekdays (0 = Sunday) in the store's order. */
	weekdays: number[];
	cells: HeatCell[];
	/** Caption of the table (what is measured, over which range). */
	caption: string;
	formatValue: (value: number) => string;
	/** The values are counts: the colour steps end on whole numbers. */
	wholeNumbers?: boolean;
	/** The cell picked with Enter, Space or a click. */
	onSelect?: (cell: HeatCell) => void;
	selected?: { weekday: number; hour: number } | null;
}

export function weekdayName(weekday: number): string {
	return [
		__('Sunday', 'abacus'),
		__('Monday', 'abacus'),
		__('Tuesday', 'abacus'),
		__('Wednesday', 'abacus'),
		__('Thursday', 'abacus'),
		__('Friday', 'abacus'),
		__('Saturday', 'abacus'),
	][weekday];
}

export function weekdayShort(weekday: number): string {
	return [
		__('Sun', 'abacus'),
		__('Mon', 'abacus'),
		__('Tue', 'abacus'),
		__('Wed', 'abacus'),
		__('Thu', 'abacus'),
		__('Fri', 'abacus'),
		__('Sat', 'abacus'),
	][weekday];
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "23:00–24:00" */
export function hourRange(hour: number): string {
	return `${pad(hour)}:00–${pad(hour + 1)}:00`;
}

/** Colour steps from lightest (lowest) to darkest (highest); text turns white on the dark ones. */
export const HEAT_STEPS = ['#f0f6fc', '#c5d9ed', '#72aee6', '#2271b1', '#0a4b78', '#042e4b'];

/**
 * Upper bounds of the coloured steps 1..5 (the last is max): rounded to one decimal, or with
 * `wholeNumbers` (counts) up to the next whole number, so a legend never says 'up to 0.4 orders'.
 * Neighbouring steps may then share a bound: a value takes the darkest step of its bound.
 */
export function heatBounds(max: number, wholeNumbers = false): number[] {
	const steps = HEAT_STEPS.length - 1;
	return Array.from({ length: steps }, (_, i) => {
		if (i === steps - 1) return max;
		const bound = ((i + 1) / steps) * max;
		return wholeNumbers ? Math.ceil(bound) : Math.round(bound * 10) / 10;
	});
}

/** Step (0..5) of a value between 0 and max: 0 only for zero, else the step whose bound holds it. */
export function heatStep(value: number, max: number, wholeNumbers = false): number {
	if (value <= 0 || max <= 0) return 0;
	const bounds = heatBounds(max, wholeNumbers);
	const index = bounds.findIndex((bound) => value <= bound);
	if (index === -1) return HEAT_STEPS.length - 1;
	return bounds.lastIndexOf(bounds[index]) + 1;
}

/** The legend's entries: zero, then one per distinct bound in the colour of its step. */
export function heatLegend(
	max: number,
	wholeNumbers: boolean,
	formatValue: (value: number) => string,
): Array<{ colour: string; label: string }> {
	const bounds = heatBounds(max, wholeNumbers);
	const legend = [{ colour: HEAT_STEPS[0], label: formatValue(0) }];
	let previous = 0;
	bounds.forEach((bound, i) => {
		if (bounds.lastIndexOf(bound) !== i || bound <= previous) return;
		legend.push({
			colour: HEAT_STEPS[i + 1],
			label:
				wholeNumbers && bound - previous === 1
					? formatValue(bound)
					: sprintf(
							/* translators: %s: upper bound of a colour step */
							__('up to %s', 'abacus'),
							formatValue(bound),
						),
		});
		previous = bound;
	});
	return legend;
}

export function HeatMap({
	weekdays,
	cells,
	caption,
	formatValue,
	wholeNumbers = false,
	onSelect,
	selected,
}: HeatMapProps) {
	const id = useId();
	const tableRef = useRef<HTMLTableElement | null>(null);
	const [active, setActive] = useState<[number, number]>([0, 0]);
	const [tip, setTip] = useState<{ row: number; hour: number } | null>(null);
	const valueOf = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.value]));
	const max = Math.max(0, ...cells.map((c) => c.value));
	const focusCell = (row: number, hour: number) => {
		setActive([row, hour]);
		setTip({ row, hour });
		tableRef.current?.querySelector<HTMLElement>(`[data-cell="${row}-${hour}"]`)?.focus();
	};
	const onKeyDown = (event: KeyboardEvent, row: number, hour: number) => {
		const moves: Record<string, [number, number]> = {
			ArrowRight: [row, Math.min(23, hour + 1)],
			ArrowLeft: [row, Math.max(0, hour - 1)],
			ArrowDown: [Math.min(weekdays.length - 1, row + 1), hour],
			ArrowUp: [Math.max(0, row - 1), hour],
			Home: [row, 0],
			End: [row, 23],
		};
		const move = moves[event.key];
		if (move) {
			event.preventDefault();
			focusCell(move[0], move[1]);
		} else if ((event.key === 'Enter' || event.key === ' ') && onSelect) {
			event.preventDefault();
			onSelect({
				weekday: weekdays[row],
				hour,
				value: valueOf.get(`${weekdays[row]}:${hour}`) ?? 0,
			});
		} else if (event.key === 'Escape') {
			setTip(null);
		}
	};
	// Each step's upper bound: a cell takes the step whose bound holds its value.
	const legend = heatLegend(max, wholeNumbers, formatValue);
	const tipCell = tip ? { weekday: weekdays[tip.row], hour: tip.hour } : null;
	return (
		<div className="abacus-heat-map">
			<div className="abacus-heat-map__scroll">
				<table
					className="abacus-heat-map__table"
					role="grid"
					aria-describedby={`${id}-legend`}
					ref={tableRef}
					onMouseLeave={() => setTip(null)}
				>
					<caption className="screen-reader-text">{caption}</caption>
					<thead>
						<tr>
							<td className="abacus-heat-map__corner" />
							{Array.from({ length: 24 }, (_, hour) => (
								<th key={hour} scope="col" abbr={hourRange(hour)}>
									<span aria-hidden="true">{pad(hour)}</span>
									<span className="screen-reader-text">{hourRange(hour)}</span>
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{weekdays.map((weekday, row) => (
							<tr key={weekday}>
								<th scope="row" abbr={weekdayName(weekday)}>
									<span aria-hidden="true">{weekdayShort(weekday)}</span>
									<span className="screen-reader-text">
										{weekdayName(weekday)}
									</span>
								</th>
								{Array.from({ length: 24 }, (_, hour) => {
									const value = valueOf.get(`${weekday}:${hour}`) ?? 0;
									const step = heatStep(value, max, wholeNumbers);
									const isActive = active[0] === row && active[1] === hour;
									const isSelected =
										selected?.weekday === weekday && selected.hour === hour;
									return (
										<td
											key={hour}
											data-cell={`${row}-${hour}`}
											tabIndex={isActive ? 0 : -1}
											aria-selected={isSelected}
											aria-label={sprintf(
												/* translators: 1: weekday, 2: hour range, 3: value */
												__('%1$s %2$s: %3$s', 'abacus'),
												weekdayName(weekday),
												hourRange(hour),
												formatValue(value),
											)}
											className={[
												'abacus-heat-map__cell',
												step >= 4 ? 'is-dark' : '',
												isSelected ? 'is-selected' : '',
											]
												.filter(Boolean)
												.join(' ')}
											style={{ background: HEAT_STEPS[step] }}
											onMouseEnter={() => setTip({ row, hour })}
											onFocus={() => {
												setActive([row, hour]);
												setTip({ row, hour });
											}}
											onBlur={() => setTip(null)}
											onKeyDown={(e) => onKeyDown(e, row, hour)}
											onClick={() => {
												setActive([row, hour]);
												onSelect?.({ weekday, hour, value });
											}}
										>
											<span className="screen-reader-text">
												{formatValue(value)}
											</span>
										</td>
									);
								})}
							</tr>
						))}
					</tbody>
				</table>
			</div>
			<div className="abacus-heat-map__tooltip" role="status" aria-live="polite">
				{tipCell ? (
					<>
						<strong>
							{weekdayName(tipCell.weekday)} {hourRange(tipCell.hour)}
						</strong>{' '}
						{formatValue(valueOf.get(`${tipCell.weekday}:${tipCell.hour}`) ?? 0)}
					</>
				) : (
					<span className="abacus-heat-map__hint">
						{__(
							'Point at a cell or move with the arrow keys to read it; Enter lists its orders.',
							'abacus',
						)}
					</span>
				)}
			</div>
			<ul
				className="abacus-heat-map__legend"
				id={`${id}-legend`}
				aria-label={__('Colour scale', 'abacus')}
			>
				{legend.map((item) => (
					<li key={item.colour}>
						<span
							className="abacus-heat-map__swatch"
							style={{ background: item.colour }}
							aria-hidden="true"
						/>
						{item.label}
					</li>
				))}
			</ul>
		</div>
	);
}
