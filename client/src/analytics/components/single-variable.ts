/**
 * Products › Show › Single product for a variable product: the table lists the product's
 * variations (`reports/variations?product_includes=<id>`) with the variations report's columns,
 * the way WooCommerce shows them, while the tiles and the chart stay the product's.
 */
import { getIdsFromQuery } from '@abacus/navigation';

import type { ReportConfig } from './types.js';

/** The product id of a single-product view (`filter=single_product&products=<one id>`), or null. */
export function singleProductId(query: Record<string, unknown>): number | null {
	if (query.filter !== 'single_product' || query.search) {
		return null;
	}
	const ids = getIdsFromQuery(query.products);
	return ids.length === 1 ? ids[0] : null;
}

/**
 * The products page's config with the variations table of one product: rows, columns, sorting,
 * column preferences (`variations_report_columns`) and export are the variations report's,
 * limited to the product; the tiles, chart, filters and the table's summary (products stats of
 * this product: variations sold, items sold, net sales, orders) stay the products page's.
 */
export function withVariationsTable(
	products: ReportConfig,
	variations: ReportConfig,
	productId: number,
): ReportConfig {
	return {
		...products,
		report: variations.report,
		table: {
			...variations.table,
			tableQuery: { ...variations.table.tableQuery, product_includes: productId },
		},
	};
}
