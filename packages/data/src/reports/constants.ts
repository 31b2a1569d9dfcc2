/** Name of the reports store. */
export const STORE_NAME = 'abacus/reports';
