export { DateRange, DATE_RANGE_MINIMUM_NIGHTS, isFutureDate, pickRangeDay } from './date-range.js';
export { dateRangePhrases } from './phrases.js';
export type { DateRangeFocusedInput, DateRangeProps, DateRangeUpdate } from './types.js';
