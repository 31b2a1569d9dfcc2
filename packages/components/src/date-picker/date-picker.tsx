import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import clsx from 'clsx';
import type { Moment } from 'moment';
import { useId, useRef, useState } from 'react';
import { dateValidationMessages, toMoment } from '@abacus/date';

import { Calendar } from '../date-range/calendar.js';
import { isFutureDate } from '../date-range/index.js';
import type { DatePickerProps, DatePickerUpdate } from './types.js';
import './style.scss';

/**
 * Parses typed text (ISO or `dateFormat`): empty → no date and no error; unparsable → 'Invalid
 * date'; an invalid (by default future) day → 'Select a date in the past'.
 */
export function validateDateInput(
	text: string,
	dateFormat: string,
	isInvalidDate: (date: Moment) => boolean = isFutureDate,
): DatePickerUpdate {
	if (!text.trim()) return { date: null, text, error: null };
	const date = toMoment(dateFormat, text.trim());
	if (!date) return { date: null, text, error: dateValidationMessages.invalid };
	if (isInvalidDate(date)) return { date: null, text, error: dateValidationMessages.future };
	return { date, text, error: null };
}

/** A typed date input with a calendar (react-day-picker) that opens below it. */
export function DatePicker({
	onUpdate,
	dateFormat,
	date = null,
	text,
	error = null,
	disabled = false,
	isInvalidDate = isFutureDate,
	label,
	className,
}: DatePickerProps) {
	const id = useId();
	const [isOpen, setIsOpen] = useState(false);
	const toggleRef = useRef<HTMLButtonElement>(null);
	const value = text ?? (date ? date.format(dateFormat) : '');
	return (
		<div className={clsx('abacus-date-picker', className, { 'is-open': isOpen })}>
			<label className="abacus-date-picker__label" htmlFor={`${id}-input`}>
				{label ?? __('Choose a date', 'abacus')}
			</label>
			<div className="abacus-date-picker__field">
				<input
					id={`${id}-input`}
					className="abacus-date-picker__input"
					type="text"
					value={value}
					disabled={disabled}
					placeholder={dateFormat.toLowerCase()}
					aria-invalid={error ? true : undefined}
					aria-describedby={`${id}-help`}
					onChange={(event) =>
						onUpdate(validateDateInput(event.target.value, dateFormat, isInvalidDate))
					}
				/>
				<Button
					variant="secondary"
					ref={toggleRef}
					className="abacus-date-picker__toggle"
					aria-expanded={isOpen}
					disabled={disabled}
					onClick={() => setIsOpen(!isOpen)}
				>
					{isOpen ? __('Close calendar', 'abacus') : __('Open calendar', 'abacus')}
				</Button>
			</div>
			<p id={`${id}-help`} className="abacus-date-picker__help">
				{error ? (
					<span className="abacus-date-picker__error" role="alert">
						{error}
					</span>
				) : (
					dateFormat.toLowerCase()
				)}
			</p>
			{isOpen && !disabled && (
				<div className="abacus-date-picker__calendar">
					<Calendar
						start={date}
						end={null}
						picking={null}
						isInvalidDate={isInvalidDate}
						autoFocus
						onEscape={() => {
							setIsOpen(false);
							toggleRef.current?.focus();
						}}
						onPick={(picked) => {
							onUpdate({
								date: picked,
								text: picked.format(dateFormat),
								error: null,
							});
							setIsOpen(false);
							toggleRef.current?.focus();
						}}
					/>
				</div>
			)}
		</div>
	);
}
