export { SegmentedSelection } from './segmented-selection.js';
export type { SegmentedSelectionProps } from './segmented-selection.js';
