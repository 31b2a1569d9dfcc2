/**
 * @abacus/date public entry.
 */
export const PACKAGE_NAME = '@abacus/date';
