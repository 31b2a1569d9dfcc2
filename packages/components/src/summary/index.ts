export { SummaryList, SummaryListPlaceholder } from './summary-list.js';
export type { SummaryListProps } from './summary-list.js';
export { SummaryNumber, SummaryNumberPlaceholder, getTrendLabel } from './summary-number.js';
export type { SummaryNumberProps } from './summary-number.js';
