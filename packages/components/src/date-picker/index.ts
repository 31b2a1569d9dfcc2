export { DatePicker, validateDateInput } from './date-picker.js';
export type { DatePickerProps, DatePickerUpdate } from './types.js';
