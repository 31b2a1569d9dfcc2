export { SelectControl, filterOptions, getResultsMessage } from './select-control.js';
export type { SelectControlOption, SelectControlProps, SelectedOption } from './types.js';
