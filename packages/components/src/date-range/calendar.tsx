import moment, { type Moment } from 'moment';
import { getStoreTimeZoneMoment } from '@abacus/date';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { DayButton, DayPicker, type DayButtonProps, type Modifiers } from 'react-day-picker';

import { dateRangePhrases } from './phrases.js';
import './calendar.scss';

/** Month caption format of the calendar (SPEC: MMMM YYYY). */
export const CALENDAR_MONTH_FORMAT = 'MMMM YYYY';
/** Weekday heading format of the calendar (SPEC: dd). */
export const CALENDAR_WEEKDAY_FORMAT = 'dd';
/** Format of the day names read by screen readers. */
export const CALENDAR_DAY_LABEL_FORMAT = 'dddd, MMMM D, YYYY';

/** Keys that move the focus between days; repeats within the throttle are dropped (SPEC: 300 ms). */
export const CALENDAR_KEY_DOWN_THROTTLE_MS = 300;
const NAVIGATION_KEYS = new Set([
	'ArrowLeft',
	'ArrowRight',
	'ArrowUp',
	'ArrowDown',
	'PageUp',
	'PageDown',
	'Home',
	'End',
]);

/** A day button whose focus moves at most once per throttle period (a held arrow key). */
function createThrottledDayButton() {
	let last = -Infinity;
	return function ThrottledDayButton(props: DayButtonProps) {
		const { onKeyDown } = props;
		return (
			<DayButton
				{...props}
				onKeyDown={(event) => {
					if (NAVIGATION_KEYS.has(event.key)) {
						const now = Date.now();
						if (now - last < CALENDAR_KEY_DOWN_THROTTLE_MS) {
							event.preventDefault();
							return;
						}
						last = now;
					}
					onKeyDown?.(event);
				}}
			/>
		);
	};
}

/** The calendar day of a Moment as a local Date (the calendar works in local days). */
export function momentToDay(value: Moment): Date {
	return new Date(value.year(), value.month(), value.date());
}

/** A day picked on the calendar as a Moment of that calendar day. */
export function dayToMoment(day: Date): Moment {
	return moment({ year: day.getFullYear(), month: day.getMonth(), date: day.getDate() });
}

export interface CalendarProps {
	/** Start of the selection (or the single selected day). */
	start: Moment | null;
	/** End of the selection; null for a single-date calendar. */
	end: Moment | null;
	/** Which end of the range the next click sets; null for a single-date calendar. */
	picking: 'startDate' | 'endDate' | null;
	/** Days that cannot be picked. */
	isInvalidDate: (date: Moment) => boolean;
	/** Called with the picked day. */
	onPick: (day: Moment) => void;
	/** Called when Escape is pressed on a day (return to the input). */
	onEscape?: () => void;
	/** Months shown. Default 1. */
	numberOfMonths?: number;
	/** Stacks the months vertically (mobile). */
	vertical?: boolean;
	/** Moves focus into the calendar when it opens. */
	autoFocus?: boolean;
}

/**
 * The month calendar under the date inputs (react-day-picker): month captions 'MMMM YYYY',
 * weekdays 'dd', future or invalid days disabled and read as '… is not selectable.', and the
 * keyboard of a date grid (arrows, Page Up/Down, Home/End, Enter, Escape).
 */
export function Calendar({
	start,
	end,
	picking,
	isInvalidDate,
	onPick,
	onEscape,
	numberOfMonths = 1,
	vertical = false,
	autoFocus = false,
}: CalendarProps) {
	const [month, setMonth] = useState<Date>(() => {
		const first = momentToDay(start ?? getStoreTimeZoneMoment());
		// With two months the later one shows the selected or current month.
		return numberOfMonths > 1 ? new Date(first.getFullYear(), first.getMonth() - 1, 1) : first;
	});
	const ThrottledDayButton = useMemo(createThrottledDayButton, []);
	const startDay = start ? momentToDay(start) : undefined;
	const endDay = end ? momentToDay(end) : undefined;
	const modifiers: Record<string, (day: Date) => boolean> = {
		selected: (day) =>
			Boolean(
				(startDay && sameDay(day, startDay)) ||
				(endDay && sameDay(day, endDay)) ||
				(startDay && endDay && day > startDay && day < endDay),
			),
		range_start: (day) => Boolean(endDay && startDay && sameDay(day, startDay)),
		range_end: (day) => Boolean(startDay && endDay && sameDay(day, endDay)),
		range_middle: (day) => Boolean(startDay && endDay && day > startDay && day < endDay),
	};

	const labelDayButton = (day: Date, dayModifiers: Modifiers): string => {
		const date = dayToMoment(day).format(CALENDAR_DAY_LABEL_FORMAT);
		if (dayModifiers.disabled) return dateRangePhrases.dateIsUnavailable({ date });
		if (dayModifiers.selected) return dateRangePhrases.dateIsSelected({ date });
		if (picking === 'startDate') return dateRangePhrases.chooseAvailableStartDate({ date });
		if (picking === 'endDate') return dateRangePhrases.chooseAvailableEndDate({ date });
		return dateRangePhrases.chooseAvailableDate({ date });
	};

	return (
		<DayPicker
			className={vertical ? 'abacus-calendar is-vertical' : 'abacus-calendar'}
			aria-label={dateRangePhrases.calendarLabel}
			month={month}
			onMonthChange={setMonth}
			numberOfMonths={numberOfMonths}
			weekStartsOn={moment.localeData().firstDayOfWeek() as 0 | 1 | 2 | 3 | 4 | 5 | 6}
			showOutsideDays={false}
			autoFocus={autoFocus}
			disabled={(day: Date) => isInvalidDate(dayToMoment(day))}
			modifiers={modifiers}
			components={{ DayButton: ThrottledDayButton }}
			onDayClick={(day: Date, dayModifiers: Modifiers) => {
				if (!dayModifiers.disabled) onPick(dayToMoment(day));
			}}
			onDayKeyDown={(_day: Date, _modifiers: Modifiers, event: KeyboardEvent) => {
				if (event.key === 'Escape' && onEscape) {
					event.preventDefault();
					event.stopPropagation();
					onEscape();
				}
			}}
			formatters={{
				formatCaption: (date: Date) => dayToMoment(date).format(CALENDAR_MONTH_FORMAT),
				formatWeekdayName: (date: Date) =>
					dayToMoment(date).format(CALENDAR_WEEKDAY_FORMAT),
			}}
			labels={{
				labelDayButton,
				labelGrid: (date: Date) => dayToMoment(date).format(CALENDAR_MONTH_FORMAT),
				labelPrevious: () => dateRangePhrases.jumpToPrevMonth,
				labelNext: () => dateRangePhrases.jumpToNextMonth,
				labelNav: () => dateRangePhrases.calendarLabel,
				labelWeekday: (date: Date) => dayToMoment(date).format('dddd'),
			}}
		/>
	);
}

function sameDay(a: Date, b: Date): boolean {
	return (
		a.getFullYear() === b.getFullYear() &&
		a.getMonth() === b.getMonth() &&
		a.getDate() === b.getDate()
	);
}
