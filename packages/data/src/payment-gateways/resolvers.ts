import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk } from '../types.js';
import {
	getPaymentGatewayError,
	getPaymentGatewayRequest,
	getPaymentGatewaySuccess,
	getPaymentGatewaysError,
	getPaymentGatewaysRequest,
	getPaymentGatewaysSuccess,
} from './actions.js';
import { API_NAMESPACE, STORE_NAME } from './constants.js';
import type * as selectors from './selectors.js';
import type { PaymentGateway } from './types.js';

export function getPaymentGateways(): Thunk<typeof selectors> {
	return async ({ dispatch, registry }) => {
		dispatch(getPaymentGatewaysRequest());
		try {
			const gateways =
				(await fetchJson<PaymentGateway[]>({
					path: `${API_NAMESPACE}/payment_gateways`,
				})) ?? [];
			dispatch(getPaymentGatewaysSuccess(gateways));
			const actions = registry.dispatch(STORE_NAME);
			for (const gateway of gateways) {
				// Every listed gateway is known: reading one must not fetch it again.
				actions.finishResolution('getPaymentGateway', [gateway.id]);
			}
		} catch (error) {
			dispatch(getPaymentGatewaysError(toWPError(error)));
		}
	};
}

export function getPaymentGateway(id: string): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		dispatch(getPaymentGatewayRequest());
		try {
			dispatch(
				getPaymentGatewaySuccess(
					await fetchJson<PaymentGateway>({
						path: `${API_NAMESPACE}/payment_gateways/${id}`,
					}),
				),
			);
		} catch (error) {
			dispatch(getPaymentGatewayError(toWPError(error)));
		}
	};
}
