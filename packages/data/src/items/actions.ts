import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE, WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Query, Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';
import type { Item, ItemId, Product } from './types.js';

/** Shallow-merges fields into one item. */
export function setItem(itemType: string, id: ItemId, item: Partial<Item>) {
	return { type: 'SET_ITEM' as const, itemType, id, item };
}

/** Stores the items answered for a query (and the total when given). */
export function setItems(itemType: string, query: Query, items: Item[], totalCount?: number) {
	return { type: 'SET_ITEMS' as const, itemType, query, items, totalCount };
}

export function setItemsTotalCount(itemType: string, query: Query, totalCount: number) {
	return { type: 'SET_ITEMS_TOTAL_COUNT' as const, itemType, query, totalCount };
}

/** Records the error of a query (or of an item id). */
export function setError(itemType: string, query: unknown, error: WPError) {
	return { type: 'SET_ERROR' as const, itemType, query, error };
}

type ItemsThunk<R = void> = Thunk<typeof selectors, R>;

/**
 * Changes a product's stock at once, then saves the whole product
 * (`PUT /wc-analytics/products/{id}`, or `products/{parent}/variations/{id}` for a variation).
 * Resolves true; on failure puts the product back, records the error under its id and resolves
 * false.
 */
export function updateProductStock(product: Product, quantity: number): ItemsThunk<boolean> {
	return async ({ dispatch }) => {
		const updated = { ...product, stock_quantity: quantity };
		const { id, parent_id: parentId, type } = product;
		dispatch(setItem('products', id, updated));
		const path =
			type === 'variation'
				? `${NAMESPACE}/products/${parentId}/variations/${id}`
				: `${NAMESPACE}/products/${id}`;
		try {
			await fetchJson({ path, method: 'PUT', data: updated });
			return true;
		} catch (error) {
			dispatch(setItem('products', id, product));
			dispatch(setError('products', id, toWPError(error)));
			return false;
		}
	};
}

/**
 * Creates a product from a template (`POST /wc-admin/onboarding/tasks/create_product_from_template`),
 * stores it and resolves with it; errors are recorded under 'createProductFromTemplate' and thrown.
 */
export function createProductFromTemplate(
	fields: { template_name: string; status?: string },
	query: Query = {},
): ItemsThunk<Product> {
	return async ({ dispatch }) => {
		try {
			const product = await fetchJson<Product>({
				path: addQueryArgs(
					`${WC_ADMIN_NAMESPACE}/onboarding/tasks/create_product_from_template`,
					query,
				),
				method: 'POST',
				data: fields,
			});
			dispatch(setItem('products', product.id, product));
			return product;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(setError('createProductFromTemplate', query, wpError));
			throw wpError;
		}
	};
}

export type Action = ReturnType<
	typeof setItem | typeof setItems | typeof setItemsTotalCount | typeof setError
>;
