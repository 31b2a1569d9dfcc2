/** Name of the import store. */
export const STORE_NAME = 'abacus/import';
