export {
	DateRange,
	DATE_RANGE_MINIMUM_NIGHTS,
	dateRangePhrases,
	isFutureDate,
} from './date-range.js';
export type { DateRangeFocusedInput, DateRangeProps, DateRangeUpdate } from './types.js';
