export { Tag } from './tag.js';
export type { TagProps } from './types.js';
