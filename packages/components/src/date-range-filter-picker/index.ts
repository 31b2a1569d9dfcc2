export { DateRangeFilterPicker, getDateRangeButtonLabels } from './date-range-filter-picker.js';
export type {
	DateQuery,
	DateRangeFilterPickerProps,
	DateRangeLabel,
	DateRangeSelection,
} from './types.js';
