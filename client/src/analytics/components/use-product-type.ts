/**
 * The type of one product (`products?include=<id>&_fields=id,type`): the products page reads it
 * to list a variable product's variations and the report chart to draw one line per variation;
 * both ask the same look-up, so the store sends one request.
 */
import { useSelect } from '@wordpress/data';

import { selectItems, toRequestFlags } from '@abacus/data';

export interface ProductType {
	/** The type is not read yet (asked, or on its way). */
	isRequesting: boolean;
	/** 'simple', 'variable', ...; null when there is no product, or it is unknown or failed. */
	type: string | null;
}

/** The type of product `productId` (none for null). */
export function useProductType(productId: number | null): ProductType {
	return useSelect(
		(select): ProductType => {
			if (productId === null) {
				return { isRequesting: false, type: null };
			}
			const products = selectItems(select, 'products', {
				include: productId,
				_fields: 'id,type',
			});
			const type = products.status === 'success' ? products.data.get(productId)?.type : null;
			return {
				isRequesting: toRequestFlags(products).isRequesting,
				type: typeof type === 'string' ? type : null,
			};
		},
		[productId],
	);
}
