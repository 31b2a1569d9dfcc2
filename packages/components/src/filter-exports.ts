// Exports of the filter components; see each component's README.md.
export * from './report-filters/index.js';
export * from './date-range-filter-picker/index.js';
export * from './date-range/index.js';
export * from './filter-picker/index.js';
export * from './select-control/index.js';
export * from './search-list-control/index.js';
export * from './date-picker/index.js';
export * from './search/index.js';
export * from './advanced-filters/index.js';
export * from './compare-filter/index.js';
