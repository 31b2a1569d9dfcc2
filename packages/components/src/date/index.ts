export { Date } from './date.js';
export type { DateProps } from './types.js';
