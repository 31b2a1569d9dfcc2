/**
 * @abacus/components public entry. The exports are grouped by area:
 * report building blocks (chart, table, summaries, cards), filters and search, and setup/admin helpers.
 */
export * from './report-exports.js';
export * from './filter-exports.js';
export * from './helper-exports.js';
