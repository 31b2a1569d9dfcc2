import type { KeyedRequestState } from '../keyed-request-reducer.js';

/** A recommended plugin. */
export interface Plugin {
	slug: string;
	title: string;
	copy: string;
	product: string;
	icon: string;
	'button-text': string;
	'setup-link': string;
	recommended?: boolean;
}

export type PaypalOnboardingState = 'unknown' | 'start' | 'progressive' | 'onboarded';

export interface PaypalEnvironmentStatus {
	state: PaypalOnboardingState;
	onboarded: boolean;
}

/** Onboarding status of the payment provider. */
export interface PaypalOnboardingStatus {
	environment?: 'sandbox' | 'production';
	onboarded?: boolean;
	state?: PaypalOnboardingState;
	sandbox?: PaypalEnvironmentStatus;
	production?: PaypalEnvironmentStatus;
}

export type PluginInstallState = 'activated' | 'installed' | 'unavailable';

export interface PluginsState {
	active: string[];
	installed: string[];
	/** Request state by operation name. */
	request: KeyedRequestState;
	jetpackConnectUrls: Record<string, string>;
	recommended: Record<string, Plugin[]>;
	jetpackConnection: boolean | null;
	paypalOnboardingStatus: PaypalOnboardingStatus | null;
}

/** Answer of `POST /wc-admin/plugins/install` and `/activate`. */
export interface PluginsResponse {
	data?: { installed?: string[]; activated?: string[]; active?: string[]; results?: unknown };
	errors?: { errors?: Record<string, string[] | string>; error_data?: unknown };
	success?: boolean;
	message?: string;
}
