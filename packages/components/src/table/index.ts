export {
	Table,
	TablePlaceholder,
	TableSummary,
	TableSummaryPlaceholder,
	EmptyTable,
	getCurrentSort,
} from './table.js';
export type { TableProps, TablePlaceholderProps } from './table.js';
export { TableCard } from './table-card.js';
export type { TableCardProps, TableQueryParam } from './table-card.js';
export type { TableHeader, TableCell, TableRow, TableQuery, SummaryItem } from './types.js';
