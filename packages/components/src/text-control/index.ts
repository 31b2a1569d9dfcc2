export { TextControl } from './text-control.js';
export type { TextControlProps } from './text-control.js';
