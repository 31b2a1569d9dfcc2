import { getKeyError, isKeyRequesting } from '../keyed-request-reducer.js';
import type { WPError } from '../types.js';
import type { PaypalOnboardingStatus, Plugin, PluginInstallState, PluginsState } from './types.js';

/** Slugs of active plugins (fetched on first use). */
export function getActivePlugins(state: PluginsState): string[] {
	return state.active;
}

/** Slugs of installed plugins (fetched on first use). */
export function getInstalledPlugins(state: PluginsState): string[] {
	return state.installed;
}

/** Whether the named operation is in progress. */
export function isPluginsRequesting(state: PluginsState, selector: string): boolean {
	return isKeyRequesting(state.request, selector);
}

/** The error of the named operation, or false. */
export function getPluginsError(state: PluginsState, selector: string): WPError | false {
	return getKeyError(state.request, selector);
}

/** Whether the site connection is active (fetched on first use; null while unknown). */
export function isJetpackConnected(state: PluginsState): boolean | null {
	return state.jetpackConnection;
}

/** The site-connection URL for a redirect (fetched on first use). */
export function getJetpackConnectUrl(
	state: PluginsState,
	query: { redirect_url: string },
): string | undefined {
	return state.jetpackConnectUrls[query.redirect_url];
}

/** 'activated', 'installed' or 'unavailable'. */
export function getPluginInstallState(state: PluginsState, slug: string): PluginInstallState {
	if (state.active.includes(slug)) {
		return 'activated';
	}
	return state.installed.includes(slug) ? 'installed' : 'unavailable';
}

/** Onboarding status of the payment provider (fetched on first use). */
export function getPaypalOnboardingStatus(state: PluginsState): PaypalOnboardingStatus | null {
	return state.paypalOnboardingStatus;
}

/** Recommended plugins of a type ('payments' only; fetched on first use). */
export function getRecommendedPlugins(state: PluginsState, type: string): Plugin[] | undefined {
	return state.recommended[type];
}
