export { Card } from './card.js';
export type { CardProps } from './types.js';
