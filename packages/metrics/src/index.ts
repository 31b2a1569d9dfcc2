/**
 * The catalogue of Abacus report metrics: one entry per metric key, read by the server's metric
 * layer and the client's report configs.
 */
export type { MetricType } from './types.js';
