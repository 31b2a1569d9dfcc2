export { Spinner } from './spinner.js';
export type { SpinnerProps } from './types.js';
