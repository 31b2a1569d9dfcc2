/**
 * REST routes that depend on the host. The standalone server answers WooCommerce's wc-admin
 * routes; the WordPress plugin registers its own where the supported WooCommerce versions no
 * longer have them (favourites), has none for recommended payment plugins, and saves the analytics
settings through WooCommerce's settings group. The app passes the
 * host's routes (`abacusSettings.restRoutes`) before the stores resolve anything.
 */
import { WC_ADMIN_NAMESPACE } from './constants.js';

export interface RestRoutes {
	/** The current user's favourites: GET the list, POST or DELETE with `item_id`. */
	favorites: string;
	/** Recommended payment plugins; null when the host has no such route (none are shown). */
	recommendedPaymentPlugins: string | null;
	/**
	 * The analytics settings group (e.g. `/wc-analytics/settings/wc_admin`): when set, the options
	 * of that group (ANALYTICS_SETTINGS_OPTIONS) are saved through its `batch` route, which
	 * WooCommerce 9.6+ allows to shop managers, instead of `/wc-admin/options`, which refuses them.
	 * null: everything goes to `/wc-admin/options` (the standalone server).
	 */
	analyticsSettings: string | null;
	/**
	 * The host's route for Abacus's own options (names starting with `abacus_`), read with
	 * `?options=a,b` and saved with a POST of name → value. null: `/wc-admin/options`.
	 */
	ownOptions: string | null;
}

/** Whether an option is Abacus's own (saved through `ownOptions` when the host gives it). */
export function isOwnOption(name: string): boolean {
	return name.startsWith('abacus_');
}

/** The route that reads and saves option `name` (`/wc-admin/options` unless the host has its own). */
export function optionsRouteFor(name: string): string {
	return routes.ownOptions !== null && isOwnOption(name)
		? routes.ownOptions
		: `${WC_ADMIN_NAMESPACE}/options`;
}

/** The options WooCommerce keeps in its analytics settings group (`wc_admin`). */
export const ANALYTICS_SETTINGS_OPTIONS: readonly string[] = Object.freeze([
	'woocommerce_excluded_report_order_statuses',
	'woocommerce_actionable_order_statuses',
	'woocommerce_default_date_range',
	'woocommerce_date_type',
]);

export const DEFAULT_REST_ROUTES: Readonly<RestRoutes> = Object.freeze({
	favorites: `${WC_ADMIN_NAMESPACE}/navigation/favorites/me`,
	recommendedPaymentPlugins: `${WC_ADMIN_NAMESPACE}/plugins/recommended-payment-plugins`,
	analyticsSettings: null,
	ownOptions: null,
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
	if (
		overrides &&
		typeof overrides.analyticsSettings === 'string' &&
		overrides.analyticsSettings.startsWith('/')
	) {
		next.analyticsSettings = overrides.analyticsSettings;
	}
	if (
		overrides &&
		typeof overrides.ownOptions === 'string' &&
		overrides.ownOptions.startsWith('/')
	) {
		next.ownOptions = overrides.ownOptions;
	}
	routes = next;
}

/** The route the stores call for `name`. */
export function getRestRoute<K extends keyof RestRoutes>(name: K): RestRoutes[K] {
	return routes[name];
}
