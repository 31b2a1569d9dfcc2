/**
 * @abacus/components public entry.
 */
export const PACKAGE_NAME = '@abacus/components';
