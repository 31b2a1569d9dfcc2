export { Chart } from './chart.js';
export { ChartPlaceholder } from './placeholder.js';
export type { ChartPlaceholderProps } from './placeholder.js';
export type { ChartProps, ChartRow } from './types.js';
export * from './utils/index.js';
export * from './utils/pieces.js';
