export { EmptyContent, EMPTY_CONTENT_ILLUSTRATION } from './empty-content.js';
export type { EmptyContentProps } from './empty-content.js';
