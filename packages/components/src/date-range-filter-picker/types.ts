import type { Moment } from 'moment';

/** A labelled range as `getCurrentDates` returns it. */
export interface DateRangeLabel {
	label: string;
	range: string;
	after?: Moment;
	before?: Moment;
}

/** The date part of a report query, plus its resolved ranges. */
export interface DateQuery {
	period: string;
	compare: string;
	before?: Moment | string | null;
	after?: Moment | string | null;
	primaryDate: DateRangeLabel;
	secondaryDate: DateRangeLabel;
}

/** What Update sends: period and compare, with ISO dates for a custom range (else undefined). */
export interface DateRangeSelection {
	period: string;
	compare: string;
	after: string | undefined;
	before: string | undefined;
}

export interface DateRangeFilterPickerProps {
	/** Called with the new range when Update is pressed. Required. */
	onRangeSelect: (selection: DateRangeSelection) => void;
	/** The current date query and its labels. Required. */
	dateQuery: DateQuery;
	/** moment format of the after/before values sent. Default 'YYYY-MM-DD'. */
	isoDateFormat?: string;
	/** moment format of typed custom dates. Default 'MM/DD/YYYY'. */
	shortDateFormat?: string;
	/** Calendar layout override (two months when true). Default: from the viewport. */
	isViewportMobile?: boolean;
	className?: string;
}
