export { H, Section } from './section.js';
export type { SectionProps } from './section.js';
