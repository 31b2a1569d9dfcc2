import type { WPError } from '../types.js';
import type { PaymentGateway, PaymentGatewaysState } from './types.js';

/** One gateway by id (fetched on first use). */
export function getPaymentGateway(
	state: PaymentGatewaysState,
	id: string,
): PaymentGateway | undefined {
	return state.paymentGateways.find((gateway) => gateway.id === id);
}

/** Every gateway (fetched on first use). */
export function getPaymentGateways(state: PaymentGatewaysState): PaymentGateway[] {
	return state.paymentGateways;
}

/** The error of 'getPaymentGateways', 'getPaymentGateway' or 'updatePaymentGateway', or null. */
export function getPaymentGatewayError(
	state: PaymentGatewaysState,
	selector: string,
): WPError | null {
	return state.errors[selector] ?? null;
}

/** Whether a gateway request is in progress. */
export function isPaymentGatewayUpdating(state: PaymentGatewaysState): boolean {
	return state.isUpdating;
}
