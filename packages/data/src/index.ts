/**
 * @abacus/data public entry.
 */
export const PACKAGE_NAME = '@abacus/data';
