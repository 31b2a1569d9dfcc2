/**
 * Shape of `window.abacusSettings` as the standalone page emits it. It mirrors the settings object
 * of @abacus/settings field for field (the plugin injects the same object).
 */
export interface PageCurrency {
	code: string;
	symbol: string;
	symbolPosition: 'left' | 'right' | 'left_space' | 'right_space';
	thousandSeparator: string;
	decimalSeparator: string;
	precision: number;
}

export interface PageSettings {
	adminUrl: string;
	siteUrl: string;
	siteTitle: string;
	assetUrl: string;
	restRoot: string;
	restNonce: string;
	currency: PageCurrency;
	locale: { siteLocale: string; userLocale: string; weekdaysShort: string[] };
	timeZone: string;
	dateFormat: string;
	timeFormat: string;
	startOfWeek: number;
	orderStatuses: Record<string, string>;
	countries: Record<string, string>;
	manageStock: 'yes' | 'no';
	reviewsEnabled: 'yes' | 'no';
	preloadOptions: Record<string, unknown>;
	preloadSettings: Record<string, Record<string, unknown>>;
	wcAdminSettings: Record<string, unknown>;
	currentUserData: {
		id: number;
		username: string;
		name: string;
		email: string;
		capabilities?: Record<string, boolean>;
		woocommerce_meta?: Record<string, string>;
	};
	dataEndpoints: {
		countries?: Array<{ code: string; name: string }>;
		performanceIndicators?: Array<{ stat: string; chart: string; label: string }>;
		leaderboards?: Array<{ id: string; label: string; headers: Array<{ label: string }> }>;
	};
	variationTitleAttributesSeparator: string;
	plugins?: { activePlugins: string[]; installedPlugins: string[] };
	/** The store zone's moment-timezone data (empty for offsets). */
	timeZoneData: { version: string; zones: string[]; links: string[] };
	/** REST answers embedded in the page (api-fetch preloading), keyed by request path. */
	preloadedRequests: Record<string, { body: unknown; headers: Record<string, string> }>;
	/** report → metric key → one-line definition, from the metric layer. */
	metricDefinitions: Record<string, Record<string, string>>;
}
