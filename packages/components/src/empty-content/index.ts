export { EmptyContent, EMPTY_CONTENT_ILLUSTRATION } from './empty-content.js';
export type { EmptyContentProps } from './types.js';
