/** Name of the payment gateways store. */
export const STORE_NAME = 'abacus/payment-gateways';

/** REST namespace of the gateways (no leading slash). */
export const API_NAMESPACE = 'wc/v3';
