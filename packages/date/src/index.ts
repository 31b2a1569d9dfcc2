/**
 * @abacus/date public entry.
 */
export * from './intervals.js';
