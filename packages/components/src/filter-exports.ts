// Exports of the filter components; see README.md.
export {};
