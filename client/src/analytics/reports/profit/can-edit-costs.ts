/**
 * Whether the person on the page may record products' costs. With the Abacus engine (inside
 * WordPress) the engine decides by its token: the plugin grants the `edit_costs` scope to users
 * who may manage WooCommerce, and a token without it is refused every save. Without an engine
 * (the standalone server) the page's own user data says it: `currentUserData.capabilities
 * .manage_woocommerce`.
 */
import { getSetting } from '@abacus/settings';

import { engineClient } from '../../../engine/index.js';

/** The scope that lets an engine token record costs (php/engine.php). */
export const EDIT_COSTS_SCOPE = 'edit_costs';

/** The `scope` claim of a JWT (its middle part is base64url JSON); [] when it cannot be read. */
export function tokenScopes(token: string): string[] {
	const body = token.split('.')[1];
	if (!body) return [];
	try {
		const base64 = body.replace(/-/g, '+').replace(/_/g, '/');
		const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
		const claims = JSON.parse(json) as { scope?: unknown };
		return Array.isArray(claims.scope)
			? claims.scope.filter((s): s is string => typeof s === 'string')
			: [];
	} catch {
		return [];
	}
}

export function canEditCosts(): boolean {
	const engine = engineClient.getSettings();
	if (engine) return tokenScopes(engine.token).includes(EDIT_COSTS_SCOPE);
	const user = getSetting('currentUserData', null) as {
		capabilities?: Record<string, unknown>;
	} | null;
	const capabilities = user?.capabilities;
	return Boolean(
		capabilities &&
		Object.hasOwn(capabilities, 'manage_woocommerce') &&
		capabilities.manage_woocommerce === true,
	);
}
