/**
 * The settings object the admin page injects as `window.abacusSettings` (plugin.php in WordPress,
 * the standalone server's admin page otherwise). Every field is optional for readers: a host that
 * omits one gets the documented default.
 */

/** Store currency, as WooCommerce's general settings define it. */
export interface CurrencySettings {
	/** ISO 4217 code. Default 'USD'. */
	code: string;
	/** Symbol shown with amounts. Default '$'. */
	symbol: string;
	/** Where the symbol goes. Default 'left'. */
	symbolPosition: 'left' | 'right' | 'left_space' | 'right_space';
	/** Default ','. */
	thousandSeparator: string;
	/** Default '.'. */
	decimalSeparator: string;
	/** Decimal places. Default 2. */
	precision: number;
	/** printf-style price format, e.g. '%1$s%2$s'. Optional. */
	priceFormat?: string;
}

export interface LocaleSettings {
	/** Site locale, WordPress style ('en_US'). */
	siteLocale: string;
	/** Current user's locale ('en_US'). */
	userLocale: string;
	/** Short weekday names, Sunday first. */
	weekdaysShort: string[];
}

export interface CurrentUserData {
	id: number;
	username: string;
	name: string;
	email: string;
	/** Capabilities the current user has (e.g. view_woocommerce_reports: true). */
	capabilities?: Record<string, boolean>;
	/** Per-user preferences as returned by /wp/v2/users/me (values are JSON strings). */
	woocommerce_meta?: Record<string, string>;
}

export interface AbacusSettings {
	/** Absolute URL of wp-admin, ending with '/'. */
	adminUrl: string;
	/** Site front-end URL. */
	siteUrl: string;
	siteTitle: string;
	/** Base URL of Abacus's static assets (images), ending with '/'. */
	assetUrl: string;
	/** REST API root, e.g. 'http://example.test/wp-json/'. */
	restRoot: string;
	/** Nonce for mutating REST requests (sent as X-WP-Nonce). */
	restNonce: string;
	currency: CurrencySettings;
	locale: LocaleSettings;
	/** Store time zone: an IANA name ('Europe/Paris') or a UTC offset ('+05:45', '-11:00'). Default 'UTC'. */
	timeZone: string;
	/** PHP date format of the site, e.g. 'F j, Y'. */
	dateFormat: string;
	/** PHP time format of the site, e.g. 'g:i a'. */
	timeFormat: string;
	/** 0 = Sunday ... 6 = Saturday. Default 1 (Monday). */
	startOfWeek: number;
	/** Order statuses without the 'wc-' prefix, mapped to their labels. */
	orderStatuses: Record<string, string>;
	/** Country code → name. */
	countries: Record<string, string>;
	/** Whether stock is managed ('yes' | 'no'). Default 'yes'. */
	manageStock: 'yes' | 'no';
	/** Whether product reviews are enabled ('yes' | 'no'). */
	reviewsEnabled: 'yes' | 'no';
	/** Option values preloaded so that first reads need no request. */
	preloadOptions: Record<string, unknown>;
	/** Settings groups preloaded by group name (e.g. general), each id → value. */
	preloadSettings: Record<string, Record<string, unknown>>;
	/** The analytics settings group (id → value): excluded and actionable statuses, default date range. */
	wcAdminSettings: Record<string, unknown>;
	currentUserData: CurrentUserData;
	/** Data the page embeds to save first requests. */
	dataEndpoints: {
		countries?: Array<{ code: string; name: string }>;
		performanceIndicators?: Array<{ stat: string; chart: string; label: string }>;
		leaderboards?: Array<{ id: string; label: string; headers: Array<{ label: string }> }>;
	};
	/**
	 * REST routes that differ from WooCommerce's wc-admin ones on this host (the WordPress plugin
	 * registers its own favourites route; null: the host has no such route). Absent: the defaults.
	 */
	restRoutes?: {
		favorites?: string;
		recommendedPaymentPlugins?: string | null;
		analyticsSettings?: string | null;
		ownOptions?: string | null;
	};
	/** Variation title separator (' - ' unless the site overrides it). */
	variationTitleAttributesSeparator: string;
	/** Names of known plugins that are active, for the plugins store. */
	plugins?: { activePlugins: string[]; installedPlugins: string[] };
	/**
	 * REST answers the page embeds, keyed by request path (e.g. '/wc-admin/navigation/favorites/me'),
	 * served once by api-fetch's preloading middleware instead of a request.
	 */
	preloadedRequests?: Record<string, { body: unknown; headers?: Record<string, string> }>;
	/**
	 * report → metric key → a one-line definition of what the metric counts (shown on demand by
	 * the summary tiles). Tiles without one show no definition.
	 */
	metricDefinitions?: Record<string, Record<string, string>>;
	/**
	 * The store time zone's entry of the moment-timezone database (its packed zone and, for an
	 * alias such as 'US/Eastern', the link), for clients that bundle moment-timezone without data.
	 */
	timeZoneData?: { version: string; zones: string[]; links: string[] };
	/** Milliseconds a REST request may take before the app shows it as failed (default 30000). */
	requestTimeout?: number;
	/**
	 * The engine's own page on a multi-store engine: the stores it serves and the one this page
	 * shows (the address's `store`; null when none is chosen). Its settings (currency, time zone,
	 * week start, statuses) are that store's, and every request names it (`X-Abacus-Store`).
	 */
	engineOperator?: {
		stores: Array<{ id: number; name: string; url: string; currency: string }>;
		store: number | null;
	};
}

declare global {
	interface Window {
		abacusSettings?: Partial<AbacusSettings>;
	}
}
