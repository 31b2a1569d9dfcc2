/**
 * The Profit page's own requests: what sold without a cost, a product's costs, and saving a cost
 * (`abacus/v1/costs`, a POST api-fetch sends with the page's nonce; inside WordPress with the
 * Abacus engine, the engine middleware sends both to the engine with the page's token).
 */
import { addQueryArgs } from '@wordpress/url';
import { apiFetch } from '../../../base/api-fetch.js';

export interface MissingCost {
	product_id: number;
	variation_id: number;
	name: string;
	items_sold: number;
}

export interface MissingCosts {
	count: number;
	products: MissingCost[];
}

export interface CostHistoryEntry {
	product_id: number;
	variation_id: number;
	cost: number;
	date_from: string;
	source: string;
}

export interface ProductCosts {
	product: { id: number; name: string; type: string; price: number | null; cost: number | null };
	variations: Array<{ id: number; name: string; price: number | null; cost: number | null }>;
	history: CostHistoryEntry[];
}

export interface CostInput {
	product_id: number;
	variation_id: number;
	cost: string;
	date_from: string;
	apply_to_past: boolean;
}

export interface SavedCost {
	rewritten_lines: number;
	history: CostHistoryEntry[];
}

export const fetchMissingCosts = (range: { after: string; before: string; categories?: string }) =>
	apiFetch<MissingCosts>({
		path: addQueryArgs('/wc-analytics/reports/profit/missing-costs', range),
	});

export const fetchProductCosts = (productId: number) =>
	apiFetch<ProductCosts>({ path: addQueryArgs('/abacus/v1/costs', { product: productId }) });

export const saveCost = (input: CostInput) =>
	apiFetch<SavedCost>({ path: '/abacus/v1/costs', method: 'POST', data: input });

/** A WordPress error's message and per-field messages (`data.params`), or a generic message. */
export function errorOf(error: unknown): { message: string; fields: Record<string, string> } {
	const e = error as { message?: unknown; data?: { params?: unknown } } | null;
	const params = e?.data?.params;
	const fields: Record<string, string> = {};
	if (params && typeof params === 'object') {
		for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
			if (typeof value === 'string') fields[key] = value;
		}
	}
	return { message: typeof e?.message === 'string' ? e.message : '', fields };
}
