import { addQueryArgs } from '@wordpress/url';

import { JETPACK_NAMESPACE, WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import { getRestRoute } from '../rest-routes.js';
import { store as optionsStore } from '../options/index.js';
import type { Thunk } from '../types.js';
import {
	setError,
	setIsRequesting,
	setPaypalOnboardingStatus,
	setRecommendedPlugins,
	updateActivePlugins,
	updateInstalledPlugins,
	updateIsJetpackConnected,
	updateJetpackConnectUrl,
} from './actions.js';
import { PAYPAL_SETTINGS_OPTION } from './constants.js';
import type * as selectors from './selectors.js';
import type { PaypalOnboardingStatus, Plugin } from './types.js';

type PluginsThunk = Thunk<typeof selectors>;

export function getActivePlugins(): PluginsThunk {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting('getActivePlugins', true));
		try {
			const response = await fetchJson<{ plugins: string[] }>({
				path: `${WC_ADMIN_NAMESPACE}/plugins/active`,
			});
			dispatch(updateActivePlugins(response?.plugins ?? [], true));
		} catch (error) {
			dispatch(setError('getActivePlugins', toWPError(error)));
		}
	};
}

export function getInstalledPlugins(): PluginsThunk {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting('getInstalledPlugins', true));
		try {
			const response = await fetchJson<{ plugins: string[] }>({
				path: `${WC_ADMIN_NAMESPACE}/plugins/installed`,
			});
			dispatch(updateInstalledPlugins(response?.plugins ?? [], true));
		} catch (error) {
			dispatch(setError('getInstalledPlugins', toWPError(error)));
		}
	};
}

export function isJetpackConnected(): PluginsThunk {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting('isJetpackConnected', true));
		try {
			const response = await fetchJson<{ isActive?: boolean }>({
				path: `${JETPACK_NAMESPACE}/connection`,
			});
			dispatch(updateIsJetpackConnected(Boolean(response?.isActive)));
			dispatch(setIsRequesting('isJetpackConnected', false));
		} catch (error) {
			dispatch(setError('isJetpackConnected', toWPError(error)));
		}
	};
}

export function getJetpackConnectUrl(query: { redirect_url: string }): PluginsThunk {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting('getJetpackConnectUrl', true));
		try {
			const response = await fetchJson<{ connectAction: string }>({
				path: addQueryArgs(`${WC_ADMIN_NAMESPACE}/plugins/connect-jetpack`, query),
			});
			dispatch(updateJetpackConnectUrl(query.redirect_url, response.connectAction));
			dispatch(setIsRequesting('getJetpackConnectUrl', false));
		} catch (error) {
			dispatch(setError('getJetpackConnectUrl', toWPError(error)));
		}
	};
}

/** Onboarding status derived from the stored provider settings. */
export function statusFromSettings(settings: unknown): PaypalOnboardingStatus {
	const values = (typeof settings === 'object' && settings !== null ? settings : {}) as Record<
		string,
		unknown
	>;
	const onboarded = [
		'merchant_email_production',
		'merchant_id_production',
		'client_id_production',
		'client_secret_production',
	].every((key) => Boolean(values[key]));
	return { production: { state: onboarded ? 'onboarded' : 'unknown', onboarded } };
}

function is404(error: unknown): boolean {
	if (typeof error !== 'object' || error === null || !('data' in error)) {
		return false;
	}
	const data = (error as { data?: unknown }).data;
	return (
		typeof data === 'object' && data !== null && (data as { status?: unknown }).status === 404
	);
}

export function getPaypalOnboardingStatus(): PluginsThunk {
	return async ({ dispatch, select, registry }) => {
		const fromOptions = async () => {
			const settings = await registry
				.resolveSelect(optionsStore)
				.getOption(PAYPAL_SETTINGS_OPTION);
			dispatch(setPaypalOnboardingStatus(statusFromSettings(settings)));
		};
		if (is404(select.getPluginsError('getPaypalOnboardingStatus'))) {
			await fromOptions();
			return;
		}
		dispatch(setIsRequesting('getPaypalOnboardingStatus', true));
		try {
			const status = await fetchJson<PaypalOnboardingStatus>({
				path: '/wc-paypal/v1/onboarding/get-status',
			});
			dispatch(setPaypalOnboardingStatus(status));
			dispatch(setIsRequesting('getPaypalOnboardingStatus', false));
		} catch (error) {
			dispatch(setError('getPaypalOnboardingStatus', toWPError(error)));
			await fromOptions();
		}
	};
}

export function getRecommendedPlugins(type: string): PluginsThunk {
	return async ({ dispatch }) => {
		if (type !== 'payments') {
			dispatch(setRecommendedPlugins(type, []));
			return;
		}
		const route = getRestRoute('recommendedPaymentPlugins');
		if (route === null) {
			// The host has no recommendations (WooCommerce 9.6+ removed the route): none are shown.
			dispatch(setRecommendedPlugins(type, []));
			return;
		}
		dispatch(setIsRequesting('getRecommendedPlugins', true));
		try {
			const plugins = await fetchJson<Plugin[]>({ path: route });
			dispatch(setRecommendedPlugins(type, plugins ?? []));
			dispatch(setIsRequesting('getRecommendedPlugins', false));
		} catch (error) {
			dispatch(setError('getRecommendedPlugins', toWPError(error)));
		}
	};
}
