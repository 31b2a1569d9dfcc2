export { SummaryList, SummaryListPlaceholder } from './summary-list.js';
export type { SummaryListProps, SummaryNumberProps } from './types.js';
export { SummaryNumber, SummaryNumberPlaceholder, getTrendLabel } from './summary-number.js';
