/**
 * @abacus/number public entry.
 */
export const PACKAGE_NAME = '@abacus/number';
