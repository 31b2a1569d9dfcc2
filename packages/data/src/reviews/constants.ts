/** Name of the reviews store. */
export const STORE_NAME = 'abacus/reviews';
