/**
 * Every table report's list, one file each (README "Lists"): the index for modules that take them all.
 */
export * from './orders-list.js';
