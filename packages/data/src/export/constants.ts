/** Name of the export store. */
export const STORE_NAME = 'abacus/export';
