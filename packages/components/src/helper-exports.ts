// Exports of the helper components; see README.md.
export {};
