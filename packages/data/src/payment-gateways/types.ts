import type { WPError } from '../types.js';

/** One setting field of a gateway. */
export interface PaymentGatewaySetting {
	default?: unknown;
	description?: string;
	id: string;
	label?: string;
	placeholder?: string;
	tip?: string;
	type?: string;
	value?: unknown;
	[key: string]: unknown;
}

/** A payment gateway. */
export interface PaymentGateway {
	id: string;
	title?: string;
	description?: string;
	order?: number | '';
	enabled?: boolean;
	method_title?: string;
	method_description?: string;
	method_supports?: string[];
	settings?: Record<string, PaymentGatewaySetting>;
	[key: string]: unknown;
}

export interface PaymentGatewaysState {
	paymentGateways: PaymentGateway[];
	isUpdating: boolean;
	errors: Record<string, WPError | null>;
}
