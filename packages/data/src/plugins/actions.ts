import { __ } from '@wordpress/i18n';

import { WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk, WPError } from '../types.js';
import { formatErrorMessage, pluginErrorsOf } from './errors.js';
import type * as selectors from './selectors.js';
import type { PaypalOnboardingStatus, Plugin, PluginsResponse } from './types.js';

/** Adds (or with replace, sets) active plugin slugs. */
export function updateActivePlugins(active: string[], replace = false) {
	return { type: 'UPDATE_ACTIVE_PLUGINS' as const, active, replace };
}

/** Adds (or with replace, sets) installed plugin slugs. */
export function updateInstalledPlugins(installed: string[], replace = false) {
	return { type: 'UPDATE_INSTALLED_PLUGINS' as const, installed, replace };
}

export function setIsRequesting(selector: string, isRequesting: boolean) {
	return { type: 'SET_IS_REQUESTING' as const, selector, isRequesting };
}

/** Records an error for an operation (and ends its request). */
export function setError(selector: string, error: WPError) {
	return { type: 'SET_ERROR' as const, selector, error };
}

export function updateIsJetpackConnected(jetpackConnection: boolean) {
	return { type: 'UPDATE_JETPACK_CONNECTION' as const, jetpackConnection };
}

export function updateJetpackConnectUrl(redirectUrl: string, jetpackConnectUrl: string) {
	return { type: 'UPDATE_JETPACK_CONNECT_URL' as const, redirectUrl, jetpackConnectUrl };
}

export function setPaypalOnboardingStatus(status: PaypalOnboardingStatus) {
	return { type: 'SET_PAYPAL_ONBOARDING_STATUS' as const, paypalOnboardingStatus: status };
}

export function setRecommendedPlugins(type: string, plugins: Plugin[]) {
	return { type: 'SET_RECOMMENDED_PLUGINS' as const, recommendedType: type, plugins };
}

type PluginsThunk<R = void> = Thunk<typeof selectors, R>;

async function postPlugins(
	action: 'install' | 'activate',
	slugs: readonly string[],
): Promise<PluginsResponse> {
	const response = await fetchJson<PluginsResponse>({
		path: `${WC_ADMIN_NAMESPACE}/plugins/${action}`,
		method: 'POST',
		data: { plugins: slugs.join(',') },
	});
	if (response?.errors?.errors && Object.keys(response.errors.errors).length) {
		throw response;
	}
	return response;
}

function failure(action: 'install' | 'activate', error: unknown, slugs: readonly string[]) {
	const wpError = toWPError(error);
	const message = formatErrorMessage(pluginErrorsOf(error, slugs, wpError), action);
	return { ...wpError, message };
}

/**
 * Installs plugins (`POST /wc-admin/plugins/install`); adds the installed slugs and resolves with
 * the answer. Any failure is recorded under 'installPlugins' and thrown as an Error whose
 * message names the plugins.
 */
export function installPlugins(slugs: string[]): PluginsThunk<PluginsResponse> {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting('installPlugins', true));
		try {
			const response = await postPlugins('install', slugs);
			dispatch(updateInstalledPlugins(response.data?.installed ?? []));
			dispatch(setIsRequesting('installPlugins', false));
			return response;
		} catch (error) {
			const wpError = failure('install', error, slugs);
			dispatch(setError('installPlugins', wpError));
			throw new Error(wpError.message);
		}
	};
}

/** Activates plugins (`POST /wc-admin/plugins/activate`); same error flow as install. */
export function activatePlugins(slugs: string[]): PluginsThunk<PluginsResponse> {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting('activatePlugins', true));
		try {
			const response = await postPlugins('activate', slugs);
			dispatch(updateActivePlugins(response.data?.activated ?? []));
			dispatch(setIsRequesting('activatePlugins', false));
			return response;
		} catch (error) {
			const wpError = failure('activate', error, slugs);
			dispatch(setError('activatePlugins', wpError));
			throw new Error(wpError.message);
		}
	};
}

/** Installs then activates plugins; resolves with the activation answer. */
export function installAndActivatePlugins(slugs: string[]): PluginsThunk<PluginsResponse> {
	return async ({ dispatch }) => {
		await dispatch(installPlugins(slugs));
		return dispatch(activatePlugins(slugs));
	};
}

/** Resolves with the site-connection URL that returns to the admin page; throws on error. */
export function connectToJetpack(getAdminLink: (path: string) => string): PluginsThunk<string> {
	return async ({ resolveSelect, select }) => {
		const query = { redirect_url: getAdminLink('admin.php?page=abacus') };
		const url = await resolveSelect.getJetpackConnectUrl(query);
		const error = select.getPluginsError('getJetpackConnectUrl');
		if (error) {
			throw new Error(error.message);
		}
		if (!url) {
			throw new Error(__('No connection URL was returned.', 'abacus'));
		}
		return url;
	};
}

function redirect(url: string): void {
	window.location.href = url;
}

/** Installs and activates the connection plugin, then goes to its connection page. */
export function installJetpackAndConnect(
	errorAction: (message: string) => void,
	getAdminLink: (path: string) => string,
): PluginsThunk {
	return async ({ dispatch }) => {
		try {
			await dispatch(installPlugins(['jetpack']));
			await dispatch(activatePlugins(['jetpack']));
			const url = await dispatch(connectToJetpack(getAdminLink));
			redirect(url);
		} catch (error) {
			errorAction(toWPError(error).message);
		}
	};
}

/** Goes to the connection page; on error reports it and goes to `failureRedirect`. */
export function connectToJetpackWithFailureRedirect(
	failureRedirect: string,
	errorAction: (message: string) => void,
	getAdminLink: (path: string) => string,
): PluginsThunk {
	return async ({ dispatch }) => {
		try {
			redirect(await dispatch(connectToJetpack(getAdminLink)));
		} catch (error) {
			errorAction(toWPError(error).message);
			redirect(failureRedirect);
		}
	};
}

/** Shows an error notice through the `core/notices` store when the page has one. */
export function createErrorNotice(message: string): PluginsThunk {
	return async ({ registry }) => {
		const notices = registry.stores['core/notices']
			? (registry.dispatch('core/notices') as {
					createNotice?: (status: string, content: string) => unknown;
				})
			: undefined;
		notices?.createNotice?.('error', message);
	};
}

export type Action = ReturnType<
	| typeof updateActivePlugins
	| typeof updateInstalledPlugins
	| typeof setIsRequesting
	| typeof setError
	| typeof updateIsJetpackConnected
	| typeof updateJetpackConnectUrl
	| typeof setPaypalOnboardingStatus
	| typeof setRecommendedPlugins
>;
