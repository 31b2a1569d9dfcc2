// Exports of the report building blocks (chart, tables, summaries, cards); see README.md.
export * from './link/index.js';
export * from './card/index.js';
export * from './empty-content/index.js';
export * from './summary/index.js';
export * from './ellipsis-menu/index.js';
export * from './pagination/index.js';
export * from './table/index.js';
export * from './chart/index.js';
export * from './section/index.js';
export * from './section-header/index.js';
export * from './spinner/index.js';
export * from './date/index.js';
export * from './order-status/index.js';
export * from './tag/index.js';
export * from './view-more-list/index.js';
