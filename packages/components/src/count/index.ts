export { Count } from '../badge/badge.js';
export type { CountProps } from '../badge/badge.js';
