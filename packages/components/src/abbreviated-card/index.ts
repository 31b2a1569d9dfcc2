export { AbbreviatedCard } from './abbreviated-card.js';
export type { AbbreviatedCardProps } from './abbreviated-card.js';
