import { combineReducers } from '@wordpress/data';

import type { WPError } from '../types.js';
import type { Action } from './actions.js';
import type { PaymentGateway } from './types.js';

function replaceOrAppend(list: PaymentGateway[], gateway: PaymentGateway): PaymentGateway[] {
	const index = list.findIndex((item) => item.id === gateway.id);
	if (index < 0) {
		return [...list, gateway];
	}
	const next = [...list];
	next[index] = gateway;
	return next;
}

export function paymentGateways(state: PaymentGateway[] = [], action: Action): PaymentGateway[] {
	switch (action.type) {
		case 'GET_PAYMENT_GATEWAYS_SUCCESS':
			return action.paymentGateways;
		case 'GET_PAYMENT_GATEWAY_SUCCESS':
		case 'UPDATE_PAYMENT_GATEWAY_SUCCESS':
			return replaceOrAppend(state, action.paymentGateway);
		default:
			return state;
	}
}

export function isUpdating(state = false, action: Action): boolean {
	switch (action.type) {
		case 'GET_PAYMENT_GATEWAYS_REQUEST':
		case 'GET_PAYMENT_GATEWAY_REQUEST':
		case 'UPDATE_PAYMENT_GATEWAY_REQUEST':
			return true;
		case 'GET_PAYMENT_GATEWAYS_SUCCESS':
		case 'GET_PAYMENT_GATEWAYS_ERROR':
		case 'GET_PAYMENT_GATEWAY_SUCCESS':
		case 'GET_PAYMENT_GATEWAY_ERROR':
		case 'UPDATE_PAYMENT_GATEWAY_SUCCESS':
		case 'UPDATE_PAYMENT_GATEWAY_ERROR':
			return false;
		default:
			return state;
	}
}

export function errors(
	state: Record<string, WPError | null> = {},
	action: Action,
): Record<string, WPError | null> {
	switch (action.type) {
		case 'GET_PAYMENT_GATEWAYS_ERROR':
			return { ...state, getPaymentGateways: action.error };
		case 'GET_PAYMENT_GATEWAYS_SUCCESS':
			return { ...state, getPaymentGateways: null };
		case 'GET_PAYMENT_GATEWAY_ERROR':
			return { ...state, getPaymentGateway: action.error };
		case 'GET_PAYMENT_GATEWAY_SUCCESS':
			return { ...state, getPaymentGateway: null };
		case 'UPDATE_PAYMENT_GATEWAY_ERROR':
			return { ...state, updatePaymentGateway: action.error };
		case 'UPDATE_PAYMENT_GATEWAY_SUCCESS':
			return { ...state, updatePaymentGateway: null };
		default:
			return state;
	}
}

export const reducer = combineReducers({ paymentGateways, isUpdating, errors });
export default reducer;
