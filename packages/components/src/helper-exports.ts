// Exports of the setup and admin helper components; see README.md.
export * from './timeline/index.js';
export * from './stepper/index.js';
export * from './rating/index.js';
export * from './gravatar/index.js';
export * from './web-preview/index.js';
export * from './flag/index.js';
export * from './product-image/index.js';
export * from './pill/index.js';
export * from './badge/index.js';
export * from './count/index.js';
export * from './scroll-to/index.js';
export * from './animation-slider/index.js';
export * from './dropdown-button/index.js';
export * from './segmented-selection/index.js';
