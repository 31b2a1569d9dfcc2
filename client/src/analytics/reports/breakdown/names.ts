/**
 * What a breakdown value is called in the person's words: a gateway's or shipping method's title,
 * an origin, a country and region. Shared by the breakdown tables and the dimension filters.
 */
import { __, sprintf } from '@wordpress/i18n';

import { stringField } from '../../components/columns.js';
import type { RowContext } from '../../components/types.js';

export type BreakdownSlug = 'payment-methods' | 'shipping-methods' | 'origins' | 'places';

export interface Country {
	code: string;
	name: string;
	states: Array<{ code: string; name: string }>;
}

/** The countries the page lists (`dataEndpoints.countries`), with their states; [] otherwise. */
export function listedCountries(): Country[] {
	const listed: unknown = window.abacusSettings?.dataEndpoints?.countries;
	if (!Array.isArray(listed)) return [];
	return listed.map((c: { code?: unknown; name?: unknown; states?: unknown }) => ({
		code: String(c.code ?? ''),
		name: String(c.name ?? ''),
		states: Array.isArray(c.states)
			? (c.states as Array<{ code?: unknown; name?: unknown }>).map((s) => ({
					code: String(s.code ?? ''),
					name: String(s.name ?? ''),
				}))
			: [],
	}));
}

/** A state's name ('California' for US, CA) when the page lists it, else its code. */
export function stateName(country: string, state: string): string {
	const named = listedCountries()
		.find((c) => c.code === country)
		?.states.find((s) => s.code === state)?.name;
	return named || state;
}

/** WooCommerce's words for an attribution source type. */
export function sourceTypeName(type: string): string {
	switch (type) {
		case 'typein':
			return __('Direct', 'abacus');
		case 'organic':
			return __('Organic', 'abacus');
		case 'referral':
			return __('Referral', 'abacus');
		case 'utm':
			return __('Source', 'abacus');
		case 'admin':
			return __('Web admin', 'abacus');
		case 'mobile_app':
			return __('Mobile app', 'abacus');
		case 'pos':
			return __('Point of sale', 'abacus');
		case 'unknown':
			return __('Unknown', 'abacus');
		default:
			return type;
	}
}

/** What a row is called, in the person's words: a title, an origin, a country and region. */
export function breakdownLabel(
	slug: BreakdownSlug,
	row: Record<string, unknown>,
	context: Pick<RowContext, 'countries'>,
	groupBy = '',
): string {
	const key = stringField(row, 'key');
	const label = stringField(row, 'label');
	switch (slug) {
		case 'payment-methods':
			return label || key || __('No payment method', 'abacus');
		case 'shipping-methods':
			return label || key || __('Nothing shipped', 'abacus');
		case 'origins': {
			if (groupBy === 'campaign') return key || __('No campaign', 'abacus');
			if (groupBy === 'device') return key || __('Device not known', 'abacus');
			if (!key) return __('No attribution recorded', 'abacus');
			const [type, source] = key.split(':', 2);
			return source
				? /* translators: 1: source type (Organic, Referral, Source), 2: source (google) */
					sprintf(__('%1$s: %2$s', 'abacus'), sourceTypeName(type), source)
				: sourceTypeName(type);
		}
		case 'places': {
			if (!key || key === ':') return __('No address', 'abacus');
			const [country, state] = key.split(':', 2);
			const name = Object.hasOwn(context.countries, country)
				? context.countries[country]
				: country;
			if (state === undefined) return name;
			return state
				? /* translators: 1: country, 2: state or region (its name, or its code) */
					sprintf(__('%1$s — %2$s', 'abacus'), name, stateName(country, state))
				: /* translators: %s: country */
					sprintf(__('%s — no region', 'abacus'), name);
		}
	}
}
