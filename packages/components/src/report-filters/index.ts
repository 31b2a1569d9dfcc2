export { ReportFilters } from './report-filters.js';
export type { ReportFiltersProps } from './types.js';
