/**
 * @abacus/currency public entry.
 */
export const PACKAGE_NAME = '@abacus/currency';
