export { CompareFilter } from './compare-filter.js';
export { CompareButton, COMPARE_MINIMUM } from './compare-button.js';
export type { CompareButtonProps, CompareFilterLabels, CompareFilterProps } from './types.js';
