// Entry points of react-dates that its type package does not describe.
declare module 'react-dates/initialize.js';
declare module 'react-dates/lib/defaultPhrases.js' {
	export const DayPickerRangeControllerPhrases: Record<string, unknown>;
	export const DayPickerSingleDateControllerPhrases: Record<string, unknown>;
	export const SingleDatePickerPhrases: Record<string, unknown>;
}
