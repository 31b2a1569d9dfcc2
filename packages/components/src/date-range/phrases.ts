import { __ } from '@wordpress/i18n';
import { datePickerPhrases } from '@abacus/date';

type PhraseArg = { date: string };

/** Translated phrases of the calendar (names of days, months, navigation and shortcuts). */
export const dateRangePhrases = {
	calendarLabel: __('Calendar', 'abacus'),
	roleDescription: __('datepicker', 'abacus'),
	closeDatePicker: __('Close', 'abacus'),
	clearDates: __('Clear Dates', 'abacus'),
	focusStartDate: __('Interact with the calendar and add the start date of the range.', 'abacus'),
	jumpToPrevMonth: __('Move backward to switch to the previous month.', 'abacus'),
	jumpToNextMonth: __('Move forward to switch to the next month.', 'abacus'),
	keyboardShortcuts: __('Keyboard Shortcuts', 'abacus'),
	showKeyboardShortcutsPanel: __('Open the keyboard shortcuts panel.', 'abacus'),
	hideKeyboardShortcutsPanel: __('Close the shortcuts panel.', 'abacus'),
	openThisPanel: __('Open this panel.', 'abacus'),
	enterKey: __('Enter key', 'abacus'),
	leftArrowRightArrow: __('Right and left arrow keys', 'abacus'),
	upArrowDownArrow: __('up and down arrow keys', 'abacus'),
	pageUpPageDown: __('page up and page down keys', 'abacus'),
	homeEnd: __('Home and end keys', 'abacus'),
	escape: __('Escape key', 'abacus'),
	questionMark: __('Question mark', 'abacus'),
	selectFocusedDate: __('Select the date in focus.', 'abacus'),
	moveFocusByOneDay: __('Move backward (left) and forward (right) by one day.', 'abacus'),
	moveFocusByOneWeek: __('Move backward (up) and forward (down) by one week.', 'abacus'),
	moveFocusByOneMonth: __('Switch months.', 'abacus'),
	moveFocustoStartAndEndOfWeek: __('Go to the first or last day of a week.', 'abacus'),
	returnFocusToInput: __('Return to the date input field.', 'abacus'),
	keyboardForwardNavigationInstructions: __(
		'Navigate forward to interact with the calendar and select a date. Press the question mark key to get the keyboard shortcuts for changing dates.',
		'abacus',
	),
	keyboardBackwardNavigationInstructions: __(
		'Navigate backward to interact with the calendar and select a date. Press the question mark key to get the keyboard shortcuts for changing dates.',
		'abacus',
	),
	chooseAvailableStartDate: ({ date }: PhraseArg) => datePickerPhrases.chooseStartDate(date),
	chooseAvailableEndDate: ({ date }: PhraseArg) => datePickerPhrases.chooseEndDate(date),
	chooseAvailableDate: ({ date }: PhraseArg) => date,
	dateIsUnavailable: ({ date }: PhraseArg) => datePickerPhrases.notSelectable(date),
	dateIsSelected: ({ date }: PhraseArg) => datePickerPhrases.selected(date),
	dateIsSelectedAsStartDate: ({ date }: PhraseArg) => datePickerPhrases.selected(date),
	dateIsSelectedAsEndDate: ({ date }: PhraseArg) => datePickerPhrases.selected(date),
};
