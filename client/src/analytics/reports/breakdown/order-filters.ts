/**
 * Advanced filters of the orders, revenue and breakdown reports by breakdown dimension: the
 * server's `<name>_includes` / `_excludes` (`payment_method`, `shipping_method`, `origin`,
 * `origin_type`, `campaign`, `device`, `country`, `state`, `shipping_country`, `shipping_state`;
 * server/src/reports/README.md, "Breakdown reports"). The breakdown tables link their order counts
 * to the orders report filtered this way (the orders behind a figure).
 *
 * Each input searches the values the store actually has: the breakdown report's rows over all
 * time and statuses, read once through the items store (`reports/<slug>?per_page=-1`), named by
 * the store's own titles; the known gateway and shipping method names only name a value the store
 * gave no title, and country names come from the page settings. Picked values show by name.
 */
import { resolveSelect, select } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { itemsStore } from '@abacus/data';
import { getSetting } from '@abacus/settings';

import { engineClient } from '../../../engine/index.js';
import type { AdvancedFilter, ReportConfig } from '../../components/types.js';
import { breakdownLabel, listedCountries, type BreakdownSlug, type Country } from './names.js';

const rules = [
	{ value: 'includes', label: __('Is', 'abacus') },
	{ value: 'excludes', label: __('Is not', 'abacus') },
];

type Option = { value: string; label: string };

/** WooCommerce's own payment gateways and the ones most stores add (names of untitled values). */
const GATEWAYS: Record<string, string> = {
	bacs: __('Direct bank transfer', 'abacus'),
	cheque: __('Check payments', 'abacus'),
	cod: __('Cash on delivery', 'abacus'),
	paypal: __('PayPal', 'abacus'),
	'ppcp-gateway': __('PayPal Payments', 'abacus'),
	stripe: __('Credit card (Stripe)', 'abacus'),
	woocommerce_payments: __('WooPayments', 'abacus'),
};

/** WooCommerce's shipping methods (names of untitled values). */
const SHIPPING_METHODS: Record<string, string> = {
	flat_rate: __('Flat rate', 'abacus'),
	free_shipping: __('Free shipping', 'abacus'),
	local_pickup: __('Local pickup', 'abacus'),
	pickup_location: __('Pickup location', 'abacus'),
};

/** Where the values of a filter come from: a breakdown report and its grouping. */
interface Source {
	slug: BreakdownSlug;
	groupBy: string;
}

/** Values offered when the store has too many for one answer, and most suggestions shown. */
const SHORT_LIST = 100;

/** Orders from this date on count as "all time" for the lists of values. */
const ALL_TIME = '2000-01-01T00:00:00';

/** The countries the page knows (with their states when it lists them). */
function countries(): Country[] {
	const listed = listedCountries();
	if (listed.length) return listed;
	const names = getSetting('countries', {}) as Record<string, string>;
	return Object.entries(names).map(([code, name]) => ({ code, name, states: [] }));
}

function countryNames(): Record<string, string> {
	return Object.fromEntries(countries().map((c) => [c.code, c.name]));
}

/** A place key's name: 'United States (US)', 'United States (US) — California'. */
function placeName(key: string): string {
	return breakdownLabel('places', { key, label: '' }, { countries: countryNames() });
}

/** The name of a value of a source. */
function nameOf(source: Source, key: string, title: string): string {
	switch (source.slug) {
		case 'payment-methods':
			return title || (Object.hasOwn(GATEWAYS, key) ? GATEWAYS[key] : key);
		case 'shipping-methods':
			return title || (Object.hasOwn(SHIPPING_METHODS, key) ? SHIPPING_METHODS[key] : key);
		case 'places':
			return placeName(key);
		case 'origins':
			return breakdownLabel(
				'origins',
				{ key, label: title },
				{ countries: {} },
				source.groupBy,
			);
	}
}

/**
 * Whether the breakdown routes are out of reach: inside WordPress with WooCommerce's own analytics
 * (no Abacus engine, or WooCommerce's figures chosen), which has no such route.
 */
function withoutEngine(): boolean {
	return (
		window.abacusSettings?.restRoutes !== undefined &&
		(!engineClient.getSettings() || engineClient.getStatus().kind === 'fallback')
	);
}

/** The values a source has over all time (every status), with their names; [] when it fails. */
async function valuesOf(source: Source): Promise<Option[]> {
	if (withoutEngine()) return [];
	const itemType = `reports/${source.slug}`;
	const query = {
		per_page: -1,
		after: ALL_TIME,
		group_by: source.groupBy,
		status_is: 'any',
		orderby: 'orders_count',
		order: 'desc',
	};
	let items = await resolveSelect(itemsStore).getItems(itemType, query);
	if (!items.size && select(itemsStore).getItemsError(itemType, query)) {
		// More values than one answer may hold (or a failure): the values with the most orders.
		items = await resolveSelect(itemsStore).getItems(itemType, {
			...query,
			per_page: SHORT_LIST,
		});
	}
	const options: Option[] = [];
	for (const item of items.values()) {
		const record = item as unknown as Record<string, unknown>;
		const key = typeof record.key === 'string' ? record.key : '';
		// A row without a value (nothing shipped, no campaign, no address) has no filter.
		if (!key || key === ':') continue;
		const title = typeof record.label === 'string' ? record.label : '';
		options.push({ value: key, label: nameOf(source, key, title) });
	}
	return options;
}

/** The values of a source matching the typed text (by name or key). */
export function searchValues(source: Source): (search: string) => Promise<Option[]> {
	return async (search) => {
		const text = search.trim().toLowerCase();
		return (await valuesOf(source))
			.filter(
				(option) =>
					!text ||
					option.label.toLowerCase().includes(text) ||
					option.value.toLowerCase().includes(text),
			)
			.slice(0, SHORT_LIST);
	};
}

/** The names of picked values (a comma list), the store's titles where it has them. */
export function valueLabels(
	source: Source,
): (ids: string) => Promise<Array<{ key: string; label: string }>> {
	return async (ids) => {
		const keys = ids.split(',').filter(Boolean);
		const known = new Map((await valuesOf(source)).map((o) => [o.value, o.label]));
		return keys.map((key) => ({ key, label: known.get(key) ?? nameOf(source, key, '') }));
	};
}

/** Every state the page knows, as `country:state` keys (the customers' state filter). */
export function searchStates(search: string): Promise<Option[]> {
	const text = search.trim().toLowerCase();
	const options = countries().flatMap((country) =>
		country.states.map((state) => ({
			value: `${country.code}:${state.code}`,
			/* translators: 1: country, 2: state or region */
			label: sprintf(__('%1$s — %2$s', 'abacus'), country.name, state.name),
			state: state.name.toLowerCase(),
		})),
	);
	return Promise.resolve(
		options
			.filter(
				(o) =>
					!text ||
					o.state.startsWith(text) ||
					o.label.toLowerCase().includes(text) ||
					o.value.toLowerCase() === text,
			)
			.slice(0, 30)
			.map(({ value, label }) => ({ value, label })),
	);
}

/** The names of picked `country:state` or country keys. */
export function placeLabels(ids: string): Promise<Array<{ key: string; label: string }>> {
	return Promise.resolve(
		ids
			.split(',')
			.filter(Boolean)
			.map((key) => ({ key, label: placeName(key) })),
	);
}

/** A dimension filter line: a search of the store's values of `source`. */
function dimensionFilter(
	source: Source,
	labels: { add: string; remove: string; rule: string; title: string; filter: string },
): AdvancedFilter {
	return {
		labels,
		rules,
		input: {
			component: 'Search',
			loadOptions: searchValues(source),
			getLabels: valueLabels(source),
		},
	};
}

/** The dimension filters a report offers. */
export type DimensionFilterName =
	| 'payment_method'
	| 'shipping_method'
	| 'origin'
	| 'origin_type'
	| 'campaign'
	| 'device'
	| 'country'
	| 'state'
	| 'shipping_country'
	| 'shipping_state';

/** The advanced filter definitions, keyed by the server's filter names (all, or `names`). */
export function dimensionOrderFilters(
	names?: readonly DimensionFilterName[],
): Record<string, AdvancedFilter> {
	const all: Record<DimensionFilterName, AdvancedFilter> = {
		payment_method: dimensionFilter(
			{ slug: 'payment-methods', groupBy: 'method' },
			{
				add: __('Payment method', 'abacus'),
				remove: __('Remove payment method filter', 'abacus'),
				rule: __('Select a payment method filter match', 'abacus'),
				title: __('Payment method {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search payment methods', 'abacus'),
			},
		),
		shipping_method: dimensionFilter(
			{ slug: 'shipping-methods', groupBy: 'method' },
			{
				add: __('Shipping method', 'abacus'),
				remove: __('Remove shipping method filter', 'abacus'),
				rule: __('Select a shipping method filter match', 'abacus'),
				title: __('Shipping method {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search shipping methods', 'abacus'),
			},
		),
		origin: dimensionFilter(
			{ slug: 'origins', groupBy: 'origin' },
			{
				add: __('Origin', 'abacus'),
				remove: __('Remove origin filter', 'abacus'),
				rule: __('Select an origin filter match', 'abacus'),
				title: __('Origin {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search origins', 'abacus'),
			},
		),
		origin_type: dimensionFilter(
			{ slug: 'origins', groupBy: 'source_type' },
			{
				add: __('Source type', 'abacus'),
				remove: __('Remove source type filter', 'abacus'),
				rule: __('Select a source type filter match', 'abacus'),
				title: __('Source type {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search source types', 'abacus'),
			},
		),
		campaign: dimensionFilter(
			{ slug: 'origins', groupBy: 'campaign' },
			{
				add: __('Campaign', 'abacus'),
				remove: __('Remove campaign filter', 'abacus'),
				rule: __('Select a campaign filter match', 'abacus'),
				title: __('Campaign {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search campaigns', 'abacus'),
			},
		),
		device: dimensionFilter(
			{ slug: 'origins', groupBy: 'device' },
			{
				add: __('Device', 'abacus'),
				remove: __('Remove device filter', 'abacus'),
				rule: __('Select a device filter match', 'abacus'),
				title: __('Device {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search devices', 'abacus'),
			},
		),
		country: dimensionFilter(
			{ slug: 'places', groupBy: 'billing_country' },
			{
				add: __('Billing country', 'abacus'),
				remove: __('Remove billing country filter', 'abacus'),
				rule: __('Select a billing country filter match', 'abacus'),
				title: __('Billing country {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search countries', 'abacus'),
			},
		),
		state: dimensionFilter(
			{ slug: 'places', groupBy: 'billing_state' },
			{
				add: __('Billing state or region', 'abacus'),
				remove: __('Remove billing state filter', 'abacus'),
				rule: __('Select a billing state filter match', 'abacus'),
				title: __('Billing state or region {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search states or regions', 'abacus'),
			},
		),
		shipping_country: dimensionFilter(
			{ slug: 'places', groupBy: 'shipping_country' },
			{
				add: __('Shipping country', 'abacus'),
				remove: __('Remove shipping country filter', 'abacus'),
				rule: __('Select a shipping country filter match', 'abacus'),
				title: __('Shipping country {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search countries', 'abacus'),
			},
		),
		shipping_state: dimensionFilter(
			{ slug: 'places', groupBy: 'shipping_state' },
			{
				add: __('Shipping state or region', 'abacus'),
				remove: __('Remove shipping state filter', 'abacus'),
				rule: __('Select a shipping state filter match', 'abacus'),
				title: __('Shipping state or region {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Search states or regions', 'abacus'),
			},
		),
	};
	const picked = names ?? (Object.keys(all) as DimensionFilterName[]);
	return Object.fromEntries(picked.map((name) => [name, all[name]]));
}

const DIMENSION_FILTER_NAMES: readonly string[] = [
	'payment_method',
	'shipping_method',
	'origin',
	'origin_type',
	'campaign',
	'device',
	'country',
	'state',
	'shipping_country',
	'shipping_state',
];

/**
 * A report config without the dimension filters (WooCommerce's own analytics take none of them:
 * its figures would not follow): they leave the advanced filters, and with no advanced filter
 * left, the "Advanced filters" entry leaves the filter dropdowns (a dropdown left with one entry
 * goes too).
 */
export function withoutDimensionFilters(config: ReportConfig): ReportConfig {
	if (!config.advancedFilters) return config;
	const kept = Object.fromEntries(
		Object.entries(config.advancedFilters.filters).filter(
			([name]) => !DIMENSION_FILTER_NAMES.includes(name),
		),
	);
	if (Object.keys(kept).length) {
		return { ...config, advancedFilters: { ...config.advancedFilters, filters: kept } };
	}
	const filters = config.filters
		.map((dropdown) => ({
			...dropdown,
			filters: dropdown.filters.filter((entry) => entry.value !== 'advanced'),
		}))
		.filter((dropdown) => dropdown.filters.length > 1);
	return { ...config, filters, advancedFilters: undefined };
}
