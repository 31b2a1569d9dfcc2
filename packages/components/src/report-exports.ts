// Exports of the report components; see README.md.
export {};
