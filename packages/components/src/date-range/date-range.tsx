import 'react-dates/initialize.js';
import 'react-dates/lib/css/_datepicker.css';

import { useViewportMatch } from '@wordpress/compose';
import { __ } from '@wordpress/i18n';
import clsx from 'clsx';
import type { Moment } from 'moment';
import { useId, useState, type KeyboardEvent } from 'react';
import { DayPickerRangeController } from 'react-dates';
import { getStoreTimeZoneMoment, isoDateFormat, validateDateInputForRange } from '@abacus/date';

import { KeyboardShortcuts } from './keyboard-shortcuts.js';
import { dateRangePhrases } from './phrases.js';
import type { DateRangeFocusedInput, DateRangeProps } from './types.js';
import './style.scss';

/** Minimum length of a range, in nights. */
export const DATE_RANGE_MINIMUM_NIGHTS = 1;

/** Days after today in the store's time zone cannot be picked. */
export function isFutureDate(date: Moment): boolean {
	return date.format(isoDateFormat) > getStoreTimeZoneMoment().format(isoDateFormat);
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
		<div className={clsx('abacus-date-range', className)}>
			<div className="abacus-date-range__inputs">
				{input('after')}
				<span className="abacus-date-range__separator" aria-hidden="true">
					{__('to', 'abacus')}
				</span>
				{input('before')}
			</div>
			{showShortcuts && <KeyboardShortcuts onClose={() => setShowShortcuts(false)} />}
			<div className="abacus-date-range__calendar">
				<DayPickerRangeController
					startDate={after}
					endDate={before}
					focusedInput={focusedInput ?? 'startDate'}
					onFocusChange={(next: DateRangeFocusedInput) =>
						onUpdate({ focusedInput: next ?? 'startDate' })
					}
					onDatesChange={({
						startDate,
						endDate,
					}: {
						startDate: Moment | null;
						endDate: Moment | null;
					}) =>
						onUpdate({
							after: startDate,
							before: endDate,
							afterText: startDate ? startDate.format(shortDateFormat) : '',
							beforeText: endDate ? endDate.format(shortDateFormat) : '',
							afterError: null,
							beforeError: null,
						})
					}
					isOutsideRange={isInvalidDate}
					minimumNights={DATE_RANGE_MINIMUM_NIGHTS}
					numberOfMonths={mobile ? 2 : 1}
					orientation={mobile ? 'vertical' : 'horizontal'}
					monthFormat="MMMM YYYY"
					weekDayFormat="dd"
					horizontalMonthPadding={13}
					initialVisibleMonth={() => (after ?? getStoreTimeZoneMoment()).clone()}
					phrases={dateRangePhrases}
					noBorder
					hideKeyboardShortcutsPanel={false}
				/>
			</div>
		</div>
	);
}
