export { Spinner } from './spinner.js';
export type { SpinnerProps } from './spinner.js';
