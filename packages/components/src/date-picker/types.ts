import type { Moment } from 'moment';

/** What a change reports: the parsed date (null when empty or invalid), the text and its error. */
export interface DatePickerUpdate {
	date: Moment | null;
	text: string;
	error: string | null;
}

export interface DatePickerProps {
	/** Called with the date, text and error on every edit or calendar pick. Required. */
	onUpdate: (update: DatePickerUpdate) => void;
	/** moment format of typed and shown dates (ISO 'YYYY-MM-DD' is accepted too). Required. */
	dateFormat: string;
	/** The chosen date. Default null. */
	date?: Moment | null;
	/** Text of the input. Default: the formatted `date`. */
	text?: string;
	/** Error shown under the input. Default null. */
	error?: string | null;
	/** Disables the input and calendar. Default false. */
	disabled?: boolean;
	/** Dates that cannot be chosen. Default: days after today (store time). */
	isInvalidDate?: (date: Moment) => boolean;
	/** Visible label of the input. Default 'Choose a date'. */
	label?: string;
	/** Extra class. Default undefined. */
	className?: string;
}
