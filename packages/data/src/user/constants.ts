/** Name of the user store. */
export const STORE_NAME = 'abacus/user';
