/** Name of the notes store. */
export const STORE_NAME = 'abacus/notes';
