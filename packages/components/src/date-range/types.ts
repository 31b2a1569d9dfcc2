import type { Moment } from 'moment';

/** Which input of the range has the calendar's focus. */
export type DateRangeFocusedInput = 'startDate' | 'endDate' | null;

/** What a change of the range reports; only the changed keys are present. */
export interface DateRangeUpdate {
	after?: Moment | null;
	before?: Moment | null;
	afterText?: string;
	beforeText?: string;
	afterError?: string | null;
	beforeError?: string | null;
	focusedInput?: DateRangeFocusedInput;
}

export interface DateRangeProps {
	/** Called with the changed parts of the range on every edit. Required. */
	onUpdate: (update: DateRangeUpdate) => void;
	/** moment format of typed dates and of the shown dates (e.g. 'MM/DD/YYYY'). Required. */
	shortDateFormat: string;
	/** Start of the range. Default null. */
	after?: Moment | null;
	/** End of the range. Default null. */
	before?: Moment | null;
	/** Text of the start input. Default '' (the formatted `after` when omitted). */
	afterText?: string;
	/** Text of the end input. Default '' (the formatted `before` when omitted). */
	beforeText?: string;
	/** Error shown under the start input. Default null. */
	afterError?: string | null;
	/** Error shown under the end input. Default null. */
	beforeError?: string | null;
	/** Input whose date the next calendar click sets. Default 'startDate'. */
	focusedInput?: DateRangeFocusedInput;
	/** Dates that cannot be picked. Default: days after today (store time). */
	isInvalidDate?: (date: Moment) => boolean;
	/** Shows two months side by side (mobile layout) instead of one. Default: from the viewport. */
	isViewportMobile?: boolean;
	className?: string;
}
