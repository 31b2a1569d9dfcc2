export { SectionHeader } from './section-header.js';
export type { SectionHeaderProps } from './types.js';
