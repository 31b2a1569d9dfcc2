// Exports of the setup and admin helper components; see README.md.
export * from './timeline/index.js';
export * from './stepper/index.js';
export * from './rating/index.js';
