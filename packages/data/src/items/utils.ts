import { getResourceName, omitKeys } from '../utils.js';
import type { Query } from '../types.js';

/** Key of a query's total count: the query without `_fields`, `page` and `per_page`. */
export function getTotalCountResourceName(itemType: string, query: Query): string {
	return getResourceName(`total-${itemType}`, omitKeys(query, ['_fields', 'page', 'per_page']));
}

/** REST route of an item type ('categories' lives under products). */
export function getItemsRoute(itemType: string): string {
	return itemType === 'categories' ? 'products/categories' : itemType;
}
