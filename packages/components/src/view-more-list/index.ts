export { ViewMoreList } from './view-more-list.js';
export type { ViewMoreListProps } from './types.js';
