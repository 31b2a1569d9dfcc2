import { useViewportMatch } from '@wordpress/compose';
import { __ } from '@wordpress/i18n';
import clsx from 'clsx';
import type { Moment } from 'moment';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { getStoreTimeZoneMoment, isoDateFormat, validateDateInputForRange } from '@abacus/date';

import { Calendar } from './calendar.js';
import { KeyboardShortcuts } from './keyboard-shortcuts.js';
import type { DateRangeFocusedInput, DateRangeProps, DateRangeUpdate } from './types.js';
import './style.scss';

/** Minimum length of a range, in nights. */
export const DATE_RANGE_MINIMUM_NIGHTS = 1;

/** Days after today in the store's time zone cannot be picked. */
export function isFutureDate(date: Moment): boolean {
	return date.format(isoDateFormat) > getStoreTimeZoneMoment().format(isoDateFormat);
}

/**
 * What a click on `day` does to the range, by the input in focus: a start later than the end, or
 * an end earlier than start plus the minimum nights, clears the end; an end picked before the
 * start becomes the new start.
 */
export function pickRangeDay(
	day: Moment,
	focusedInput: DateRangeFocusedInput,
	after: Moment | null,
	before: Moment | null,
	minimumNights: number = DATE_RANGE_MINIMUM_NIGHTS,
): { after: Moment | null; before: Moment | null; focusedInput: DateRangeFocusedInput } {
	const iso = (value: Moment) => value.format(isoDateFormat);
	const firstEnd = (start: Moment) => iso(start.clone().add(minimumNights, 'days'));
	if (focusedInput !== 'endDate') {
		const keepEnd = before !== null && iso(before) >= firstEnd(day);
		return { after: day, before: keepEnd ? before : null, focusedInput: 'endDate' };
	}
	if (!after) return { after: null, before: day, focusedInput: 'startDate' };
	if (iso(day) >= firstEnd(after)) return { after, before: day, focusedInput: 'startDate' };
	return { after: day, before: null, focusedInput: 'endDate' };
}

/**
 * Two typed date inputs (ISO or `shortDateFormat`) above a range calendar. Typed text is
 * validated (Invalid date, Select a date in the past, Start date must be before end date); future
 * days cannot be chosen; '?' in an input opens the keyboard shortcuts.
 */
export function DateRange({
	onUpdate,
	shortDateFormat,
	after = null,
	before = null,
	afterText,
	beforeText,
	afterError = null,
	beforeError = null,
	focusedInput = 'startDate',
	isInvalidDate = isFutureDate,
	isViewportMobile,
	className,
}: DateRangeProps) {
	const id = useId();
	const isSmall = useViewportMatch('medium', '<');
	const mobile = isViewportMobile ?? isSmall;
	const [showShortcuts, setShowShortcuts] = useState(false);
	const rootRef = useRef<HTMLDivElement>(null);
	const startText = afterText ?? (after ? after.format(shortDateFormat) : '');
	const endText = beforeText ?? (before ? before.format(shortDateFormat) : '');

	const onInputChange = (type: 'after' | 'before', value: string) => {
		if (type === 'after') {
			if (!value.trim()) {
				onUpdate({ afterText: value, afterError: null, after: null });
				return;
			}
			const { date, error } = validateDateInputForRange(
				'after',
				value,
				before,
				null,
				shortDateFormat,
			);
			onUpdate({
				afterText: value,
				afterError: error ?? null,
				...(date ? { after: date } : {}),
			});
			return;
		}
		if (!value.trim()) {
			onUpdate({ beforeText: value, beforeError: null, before: null });
			return;
		}
		const { date, error } = validateDateInputForRange(
			'before',
			value,
			null,
			after,
			shortDateFormat,
		);
		onUpdate({
			beforeText: value,
			beforeError: error ?? null,
			...(date ? { before: date } : {}),
		});
	};

	const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		if (event.key === '?') {
			event.preventDefault();
			setShowShortcuts(true);
		}
	};

	const input = (type: 'after' | 'before') => {
		const value = type === 'after' ? startText : endText;
		const error = type === 'after' ? afterError : beforeError;
		const inputId = `${id}-${type}`;
		return (
			<div className="abacus-date-range__input">
				<label htmlFor={inputId}>
					{type === 'after' ? __('Start date', 'abacus') : __('End date', 'abacus')}
				</label>
				<input
					id={inputId}
					type="text"
					value={value}
					placeholder={shortDateFormat.toLowerCase()}
					aria-invalid={error ? true : undefined}
					aria-describedby={`${inputId}-help`}
					onChange={(event) => onInputChange(type, event.target.value)}
					onFocus={() =>
						onUpdate({ focusedInput: type === 'after' ? 'startDate' : 'endDate' })
					}
					onKeyDown={onKeyDown}
				/>
				<p id={`${inputId}-help`} className="abacus-date-range__help">
					{error ? (
						<span className="abacus-date-range__error" role="alert">
							{error}
						</span>
					) : (
						shortDateFormat.toLowerCase()
					)}
				</p>
			</div>
		);
	};

	return (
		<div className={clsx('abacus-date-range', className)} ref={rootRef}>
			<div className="abacus-date-range__inputs">
				{input('after')}
				<span className="abacus-date-range__separator" aria-hidden="true">
					{__('to', 'abacus')}
				</span>
				{input('before')}
			</div>
			{showShortcuts && <KeyboardShortcuts onClose={() => setShowShortcuts(false)} />}
			<div className="abacus-date-range__calendar">
				<Calendar
					start={after}
					end={before}
					picking={focusedInput ?? 'startDate'}
					isInvalidDate={isInvalidDate}
					numberOfMonths={mobile ? 2 : 1}
					vertical={mobile}
					onEscape={() =>
						rootRef.current
							?.querySelector<HTMLInputElement>(
								focusedInput === 'endDate'
									? `#${CSS.escape(`${id}-before`)}`
									: `#${CSS.escape(`${id}-after`)}`,
							)
							?.focus()
					}
					onPick={(day) => {
						const next = pickRangeDay(day, focusedInput, after, before);
						const update: DateRangeUpdate = {
							after: next.after,
							before: next.before,
							afterText: next.after ? next.after.format(shortDateFormat) : '',
							beforeText: next.before ? next.before.format(shortDateFormat) : '',
							afterError: null,
							beforeError: null,
							focusedInput: next.focusedInput,
						};
						onUpdate(update);
					}}
				/>
			</div>
		</div>
	);
}
