export { Timeline, groupTimelineItems } from './timeline.js';
export type { TimelineGroup } from './timeline.js';
export type { TimelineItem, TimelineProps, TimelineGroupBy, TimelineOrder } from './types.js';
