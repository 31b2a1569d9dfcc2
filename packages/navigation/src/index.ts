/**
 * @abacus/navigation public entry.
 */
export * from './filters.js';
export * from './history.js';
export * from './links.js';
export * from './navigation.js';
