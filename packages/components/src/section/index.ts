export { H, Section } from './section.js';
export type { SectionProps } from './types.js';
