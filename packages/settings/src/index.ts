/**
 * @abacus/settings public entry.
 */
export const PACKAGE_NAME = '@abacus/settings';
