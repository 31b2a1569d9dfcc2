export { FilterPicker, findFilter, getFilterUpdate, getSelectedValue } from './filter-picker.js';
export type {
	FilterPickerConfig,
	FilterPickerFilter,
	FilterPickerProps,
	GetLabels,
} from './types.js';
