import type { KeyedRequestState } from '../keyed-request-reducer.js';

/** The store's onboarding profile (every key null until known). */
export interface ProfileItems {
	business_extensions: string[] | null;
	completed: boolean | null;
	industry: Array<{ slug: string; detail?: string }> | null;
	other_platform: string | null;
	other_platform_name: string | null;
	product_count: string | null;
	product_types: string[] | null;
	revenue: string | null;
	selling_venues: string | null;
	setup_client: boolean | null;
	skipped: boolean | null;
	theme: string | null;
	wccom_connected: boolean | null;
	[key: string]: unknown;
}

/** Status of the setup tasks. */
export interface TasksStatus {
	automatedTaxSupportedCountries?: string[];
	enabledPaymentGateways?: string[];
	hasHomepage?: boolean;
	hasPaymentGateway?: boolean;
	hasPhysicalProducts?: boolean;
	hasProducts?: boolean;
	isAppearanceComplete?: boolean;
	isTaxComplete?: boolean;
	shippingZonesCount?: number;
	stripeSupportedCountries?: string[];
	stylesheet?: string;
	taxJarActivated?: boolean;
	themeMods?: Record<string, unknown>;
	wcPayIsConnected?: boolean;
	[key: string]: unknown;
}

/** A payment gateway suggestion. */
export interface PaymentGatewaySuggestion {
	id?: string;
	key?: string;
	locale?: string;
	title: string;
	content: string;
	image: string;
	is_visible?: boolean | unknown[];
	plugins: string[];
	is_configured?: boolean;
	fields?: Array<{
		name: string;
		option?: string;
		label?: string;
		locales?: string[];
		type?: string;
		value?: string;
	}>;
	api_details_url?: string;
	manage_url?: string;
	[key: string]: unknown;
}

export interface OnboardingState {
	/** Request state by operation name. */
	request: KeyedRequestState;
	profileItems: ProfileItems;
	paymentMethods: PaymentGatewaySuggestion[];
	tasksStatus: TasksStatus;
}
