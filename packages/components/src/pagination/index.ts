export { Pagination, PER_PAGE_OPTIONS, isValidPageJump } from './pagination.js';
export type { PaginationProps } from './types.js';
