export { Pill } from './pill.js';
export type { PillProps } from './pill.js';
