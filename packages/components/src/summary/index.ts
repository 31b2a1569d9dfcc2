export { SummaryList, SummaryListPlaceholder } from './summary-list.js';
export type { SummaryListProps, SummaryNumberProps } from './types.js';
export {
	SummaryNumber,
	SummaryNumberPlaceholder,
	getTrendLabel,
	getTrendText,
} from './summary-number.js';
