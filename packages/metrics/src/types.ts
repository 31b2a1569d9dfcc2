/** How a metric's value is written: money in the store's currency, a count, or a percentage. */
export type MetricType = 'currency' | 'number' | 'average' | 'percent';
