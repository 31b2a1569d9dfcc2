/**
 * @abacus/navigation public entry.
 */
export const PACKAGE_NAME = '@abacus/navigation';
