/** Name of the onboarding store. */
export const STORE_NAME = 'abacus/onboarding';
