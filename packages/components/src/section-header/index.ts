export { SectionHeader } from './section-header.js';
export type { SectionHeaderProps } from './section-header.js';
