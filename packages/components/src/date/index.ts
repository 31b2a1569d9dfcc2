export { Date } from './date.js';
export type { DateProps } from './date.js';
