export { ScrollTo, SCROLL_TO_RETRY_DELAY } from './scroll-to.js';
export type { ScrollToProps } from './scroll-to.js';
