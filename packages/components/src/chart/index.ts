export { Chart } from './chart.js';
export { ChartPlaceholder } from './placeholder.js';
export type { ChartPlaceholderProps } from './placeholder.js';
export type {
	ChartAnnotation,
	ChartForecast,
	ChartForecastPoint,
	ChartProps,
	ChartRow,
} from './types.js';
export { withForecastRows, placeForecast, getForecastPaths } from './utils/forecast.js';
export { placeAnnotations, annotationsAt, intervalEnd } from './utils/annotations.js';
export type { PlacedAnnotation } from './utils/annotations.js';
export * from './utils/index.js';
export * from './utils/pieces.js';
