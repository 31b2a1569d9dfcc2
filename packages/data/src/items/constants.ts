/** Name of the items store. */
export const STORE_NAME = 'abacus/items';
