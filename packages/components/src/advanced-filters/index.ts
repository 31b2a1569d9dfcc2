export { AdvancedFilters, getNewLine, collapseValue } from './advanced-filters.js';
export type {
	AdvancedFilterDefinition,
	AdvancedFilterInput,
	AdvancedFilterLabels,
	AdvancedFilterLine,
	AdvancedFilterOption,
	AdvancedFiltersConfigProp,
	AdvancedFiltersProps,
} from './types.js';
