/**
 * @abacus/csv-export public entry.
 */
export const PACKAGE_NAME = '@abacus/csv-export';
