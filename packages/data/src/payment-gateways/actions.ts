import { __ } from '@wordpress/i18n';

import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk, WPError } from '../types.js';
import { API_NAMESPACE } from './constants.js';
import type * as selectors from './selectors.js';
import type { PaymentGateway } from './types.js';

export function getPaymentGatewaysRequest() {
	return { type: 'GET_PAYMENT_GATEWAYS_REQUEST' as const };
}
export function getPaymentGatewaysSuccess(paymentGateways: PaymentGateway[]) {
	return { type: 'GET_PAYMENT_GATEWAYS_SUCCESS' as const, paymentGateways };
}
export function getPaymentGatewaysError(error: WPError) {
	return { type: 'GET_PAYMENT_GATEWAYS_ERROR' as const, error };
}
export function getPaymentGatewayRequest() {
	return { type: 'GET_PAYMENT_GATEWAY_REQUEST' as const };
}
export function getPaymentGatewaySuccess(paymentGateway: PaymentGateway) {
	return { type: 'GET_PAYMENT_GATEWAY_SUCCESS' as const, paymentGateway };
}
export function getPaymentGatewayError(error: WPError) {
	return { type: 'GET_PAYMENT_GATEWAY_ERROR' as const, error };
}
export function updatePaymentGatewayRequest() {
	return { type: 'UPDATE_PAYMENT_GATEWAY_REQUEST' as const };
}
export function updatePaymentGatewaySuccess(paymentGateway: PaymentGateway) {
	return { type: 'UPDATE_PAYMENT_GATEWAY_SUCCESS' as const, paymentGateway };
}
export function updatePaymentGatewayError(error: WPError) {
	return { type: 'UPDATE_PAYMENT_GATEWAY_ERROR' as const, error };
}

/**
 * Saves a gateway (`PUT wc/v3/payment_gateways/{id}` with a JSON body). Only an answer with the
 * same id counts; anything else or a failed request is recorded and thrown.
 */
export function updatePaymentGateway(
	id: string,
	data: Partial<PaymentGateway>,
): Thunk<typeof selectors, PaymentGateway> {
	return async ({ dispatch }) => {
		dispatch(updatePaymentGatewayRequest());
		try {
			const gateway = await fetchJson<PaymentGateway>({
				path: `${API_NAMESPACE}/payment_gateways/${id}`,
				method: 'PUT',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(data),
			});
			if (!gateway || gateway.id !== id) {
				throw new Error(
					__(
						'The payment gateway was not updated: the answer is for another gateway.',
						'abacus',
					),
				);
			}
			dispatch(updatePaymentGatewaySuccess(gateway));
			return gateway;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(updatePaymentGatewayError(wpError));
			throw wpError;
		}
	};
}

export type Action = ReturnType<
	| typeof getPaymentGatewaysRequest
	| typeof getPaymentGatewaysSuccess
	| typeof getPaymentGatewaysError
	| typeof getPaymentGatewayRequest
	| typeof getPaymentGatewaySuccess
	| typeof getPaymentGatewayError
	| typeof updatePaymentGatewayRequest
	| typeof updatePaymentGatewaySuccess
	| typeof updatePaymentGatewayError
>;
