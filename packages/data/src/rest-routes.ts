/**
 * REST routes that depend on the host. The standalone server answers WooCommerce's wc-admin
 * routes; the WordPress plugin registers its own where the supported WooCommerce versions no
 * longer have them (favourites), and has none for recommended payment plugins. The app passes the
 * host's routes (`abacusSettings.restRoutes`) before the stores resolve anything.
 */
import { WC_ADMIN_NAMESPACE } from './constants.js';

export interface RestRoutes {
	/** The current user's favourites: GET the list, POST or DELETE with `item_id`. */
	favorites: string;
	/** Recommended payment plugins; null when the host has no such route (none are shown). */
	recommendedPaymentPlugins: string | null;
}

export const DEFAULT_REST_ROUTES: Readonly<RestRoutes> = Object.freeze({
	favorites: `${WC_ADMIN_NAMESPACE}/navigation/favorites/me`,
	recommendedPaymentPlugins: `${WC_ADMIN_NAMESPACE}/plugins/recommended-payment-plugins`,
});

let routes: RestRoutes = { ...DEFAULT_REST_ROUTES };

/**
 * Sets the host's routes; a route left out keeps its default, `null` removes an optional one.
 * Only paths starting with '/' are taken.
 */
export function setRestRoutes(overrides: Partial<RestRoutes> | undefined): void {
	const next: RestRoutes = { ...DEFAULT_REST_ROUTES };
	if (
		overrides &&
		typeof overrides.favorites === 'string' &&
		overrides.favorites.startsWith('/')
	) {
		next.favorites = overrides.favorites;
	}
	if (overrides && 'recommendedPaymentPlugins' in overrides) {
		const value = overrides.recommendedPaymentPlugins;
		next.recommendedPaymentPlugins =
			typeof value === 'string' && value.startsWith('/') ? value : null;
	}
	routes = next;
}

/** The route the stores call for `name`. */
export function getRestRoute<K extends keyof RestRoutes>(name: K): RestRoutes[K] {
	return routes[name];
}
