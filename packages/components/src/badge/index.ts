export { Badge } from './badge.js';
export type { BadgeProps } from './badge.js';
