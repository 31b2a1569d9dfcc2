import { Button, Dropdown, TabPanel } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import clsx from 'clsx';
import moment, { type Moment } from 'moment';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import {
	defaultDateFormat,
	isoDateFormat as defaultIsoDateFormat,
	periods,
	presetValues,
	toMoment,
} from '@abacus/date';

import { DropdownButton } from '../dropdown-button/index.js';
import type { DateRangeFocusedInput, DateRangeUpdate } from '../date-range/index.js';
import type { DateQuery, DateRangeFilterPickerProps } from './types.js';
import './style.scss';

// The calendar (react-day-picker) is loaded only when the Custom tab opens.
const DateRange = lazy(() =>
	import('../date-range/index.js').then((module) => ({ default: module.DateRange })),
);

interface PickerState {
	period: string;
	compare: string;
	after: Moment | null;
	before: Moment | null;
	afterText: string;
	beforeText: string;
	afterError: string | null;
	beforeError: string | null;
	focusedInput: DateRangeFocusedInput;
}

function toDate(value: Moment | string | null | undefined): Moment | null {
	if (!value) return null;
	if (moment.isMoment(value)) return value.isValid() ? value.clone() : null;
	return toMoment(defaultIsoDateFormat, value.slice(0, 10));
}

function initialState(dateQuery: DateQuery, shortDateFormat: string): PickerState {
	const after = dateQuery.period === 'custom' ? toDate(dateQuery.after) : null;
	const before = dateQuery.period === 'custom' ? toDate(dateQuery.before) : null;
	return {
		period: dateQuery.period,
		compare: dateQuery.compare,
		after,
		before,
		afterText: after ? after.format(shortDateFormat) : '',
		beforeText: before ? before.format(shortDateFormat) : '',
		afterError: null,
		beforeError: null,
		focusedInput: 'startDate',
	};
}

/** The button labels: "label (range)" and "vs. label (range)". */
export function getDateRangeButtonLabels(dateQuery: DateQuery): string[] {
	const { primaryDate, secondaryDate } = dateQuery;
	return [
		`${primaryDate.label} (${primaryDate.range})`,
		/* translators: %1$s: comparison period label, %2$s: its date range */
		sprintf(__('vs. %1$s (%2$s)', 'abacus'), secondaryDate.label, secondaryDate.range),
	];
}

function RadioGroup({
	legend,
	name,
	options,
	value,
	onChange,
}: {
	legend: string;
	name: string;
	options: ReadonlyArray<{ value: string; label: string }>;
	value: string;
	onChange: (value: string) => void;
}) {
	const id = useId();
	return (
		<fieldset className="abacus-date-range-filter-picker__group">
			<legend>{legend}</legend>
			<div className="abacus-date-range-filter-picker__options">
				{options.map((option) => (
					<label key={option.value} htmlFor={`${id}-${option.value}`}>
						<input
							id={`${id}-${option.value}`}
							type="radio"
							name={`${name}-${id}`}
							value={option.value}
							checked={value === option.value}
							onChange={() => onChange(option.value)}
						/>
						{option.label}
					</label>
				))}
			</div>
		</fieldset>
	);
}

function PickerContent({
	dateQuery,
	isoDateFormat,
	shortDateFormat,
	isViewportMobile,
	onRangeSelect,
	onClose,
}: Required<Omit<DateRangeFilterPickerProps, 'className' | 'isViewportMobile'>> & {
	isViewportMobile?: boolean;
	onClose: () => void;
}) {
	const [state, setState] = useState<PickerState>(() => initialState(dateQuery, shortDateFormat));
	const [tab, setTab] = useState(dateQuery.period === 'custom' ? 'custom' : 'period');
	const update = (next: Partial<PickerState>) => setState((old) => ({ ...old, ...next }));
	const contentRef = useRef<HTMLDivElement>(null);

	const onTabSelect = (name: string) => {
		setTab(name);
		if (name === 'period' && state.period === 'custom') {
			update({ period: 'today' });
		}
	};

	const onDateRangeUpdate = (next: DateRangeUpdate) => {
		const { focusedInput, ...dates } = next;
		setState((old) => ({
			...old,
			...dates,
			...(focusedInput !== undefined ? { focusedInput } : {}),
			...(Object.keys(dates).length ? { period: 'custom' } : {}),
		}));
	};

	const isCustom = tab === 'custom';
	const canUpdate = isCustom
		? Boolean(state.compare && state.after && state.before) &&
			!state.afterError &&
			!state.beforeError
		: true;

	const onUpdate = () => {
		if (!canUpdate) return;
		if (isCustom && state.after && state.before) {
			onRangeSelect({
				period: 'custom',
				compare: state.compare,
				after: state.after.format(isoDateFormat),
				before: state.before.format(isoDateFormat),
			});
		} else {
			onRangeSelect({
				period: state.period === 'custom' ? 'today' : state.period,
				compare: state.compare,
				after: undefined,
				before: undefined,
			});
		}
		onClose();
	};

	const onReset = () => {
		update({
			after: null,
			before: null,
			afterText: '',
			beforeText: '',
			afterError: null,
			beforeError: null,
			focusedInput: 'startDate',
		});
		// Reset disables itself: focus moves to the start date rather than out of the dropdown
		// (which would close it).
		contentRef.current?.querySelector<HTMLInputElement>('.abacus-date-range input')?.focus();
	};

	const compare = (
		<RadioGroup
			legend={__('compare to', 'abacus')}
			name="compare"
			options={periods}
			value={state.compare}
			onChange={(value) => update({ compare: value })}
		/>
	);

	return (
		<div className="abacus-date-range-filter-picker__content" ref={contentRef}>
			<TabPanel
				className="abacus-date-range-filter-picker__tabs"
				activeClass="is-active"
				initialTabName={tab}
				onSelect={onTabSelect}
				tabs={[
					{ name: 'period', title: __('Presets', 'abacus') },
					{ name: 'custom', title: __('Custom', 'abacus') },
				]}
			>
				{(current) =>
					current.name === 'period' ? (
						<div className="abacus-date-range-filter-picker__presets">
							<RadioGroup
								legend={__('select a date range', 'abacus')}
								name="period"
								options={presetValues.filter((preset) => preset.value !== 'custom')}
								value={state.period}
								onChange={(value) => update({ period: value })}
							/>
							{compare}
						</div>
					) : (
						<div className="abacus-date-range-filter-picker__custom">
							<Suspense
								fallback={
									<p className="abacus-date-range-filter-picker__loading">
										{__('Loading the calendar…', 'abacus')}
									</p>
								}
							>
								<DateRange
									after={state.after}
									before={state.before}
									afterText={state.afterText}
									beforeText={state.beforeText}
									afterError={state.afterError}
									beforeError={state.beforeError}
									focusedInput={state.focusedInput}
									shortDateFormat={shortDateFormat}
									isViewportMobile={isViewportMobile}
									onUpdate={onDateRangeUpdate}
								/>
							</Suspense>
							{compare}
						</div>
					)
				}
			</TabPanel>
			<div className="abacus-date-range-filter-picker__actions">
				{isCustom && (
					<Button
						variant="secondary"
						onClick={onReset}
						disabled={!state.after && !state.before}
					>
						{__('Reset', 'abacus')}
					</Button>
				)}
				<Button variant="primary" onClick={onUpdate} disabled={!canUpdate}>
					{__('Update', 'abacus')}
				</Button>
			</div>
		</div>
	);
}

/**
 * The report's date range dropdown: a Presets tab (periods to date, last periods, rolling
 * periods) and a Custom tab (typed or picked dates), each with the comparison period.
 */
export function DateRangeFilterPicker({
	onRangeSelect,
	dateQuery,
	isoDateFormat = defaultIsoDateFormat,
	shortDateFormat = defaultDateFormat,
	isViewportMobile,
	className,
}: DateRangeFilterPickerProps) {
	const labelId = useId();
	return (
		<div className={clsx('abacus-date-range-filter-picker', className)}>
			<span id={labelId} className="abacus-date-range-filter-picker__label">
				{__('Date range', 'abacus')}:
			</span>
			<Dropdown
				className="abacus-date-range-filter-picker__dropdown"
				contentClassName="abacus-date-range-filter-picker__popover"
				popoverProps={{ placement: 'bottom-start', shift: true }}
				renderToggle={({ isOpen, onToggle }) => (
					<DropdownButton
						aria-describedby={labelId}
						labels={getDateRangeButtonLabels(dateQuery)}
						isOpen={isOpen}
						onClick={onToggle}
					/>
				)}
				renderContent={({ onClose }) => (
					<PickerContent
						dateQuery={dateQuery}
						isoDateFormat={isoDateFormat}
						shortDateFormat={shortDateFormat}
						isViewportMobile={isViewportMobile}
						onRangeSelect={onRangeSelect}
						onClose={onClose}
					/>
				)}
			/>
		</div>
	);
}
