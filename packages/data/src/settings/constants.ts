/** Name of the settings store. */
export const STORE_NAME = 'abacus/settings';
