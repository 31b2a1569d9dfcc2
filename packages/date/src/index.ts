/**
 * @abacus/date public entry.
 */
export * from './constants.js';
export * from './date.js';
export * from './intervals.js';
export { getStartOfWeek, getStoreTimeZone } from './store-settings.js';
