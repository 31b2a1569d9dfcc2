/**
 * Stock status, defined once: the stock report (rows, `type` filter and summary counts), the
 * products report's `extended_info` and the product routes the Stock screen reads all use it.
 *
 * For a product or variation `p`:
 * - stock not managed (its own `manage_stock` off, no quantity, or the store option
 *   `woocommerce_manage_stock` = no): its stored status (`instock`, `outofstock`, `onbackorder`);
 *   the quantity is not applicable (null);
 * - managed stock at or under the store's no-stock amount (`woocommerce_notify_no_stock_amount`,
 *   default 0): `onbackorder` when the product takes backorders (stored `onbackorder`), otherwise
 *   `outofstock`;
 * - managed stock at or under its low-stock threshold (its own `low_stock_amount`, otherwise the
 *   store's `woocommerce_notify_low_stock_amount`, at least 1): `lowstock`;
 * - otherwise `instock`.
 * The four statuses do not overlap, so the summary counts add up to the number of products.
 */
export interface StockSettings {
	/** Store low-stock threshold (at least 1). */
	lowStockAmount: number;
	/** Store no-stock amount. */
	noStockAmount: number;
	/** Store option woocommerce_manage_stock = yes. */
	manageStock: boolean;
}

export type StockStatus = 'instock' | 'lowstock' | 'outofstock' | 'onbackorder';

export const STOCK_STATUSES: readonly StockStatus[] = [
	'lowstock',
	'instock',
	'outofstock',
	'onbackorder',
];

const int = (n: number): string => String(Math.trunc(Number.isFinite(n) ? n : 0));

/**
 * SQL: whether `p` manages its stock (the store manages stock and the product has a quantity).
 * `manage_stock` is NOT NULL; no boolean literal is written (ClickHouse 18.16 has none).
 */
export function managesStockSql(settings: StockSettings, alias = 'p'): string {
	return settings.manageStock
		? `(${alias}.manage_stock AND ${alias}.stock_quantity IS NOT NULL)`
		: '(1 = 0)';
}

/** SQL: the effective low-stock threshold of `p`. */
export function lowStockAmountSql(settings: StockSettings, alias = 'p'): string {
	return `COALESCE(${alias}.low_stock_amount, ${int(Math.max(1, settings.lowStockAmount))})`;
}

/** SQL expression: the stock status of `p` (one of STOCK_STATUSES, or its stored status). */
export function stockStatusSql(settings: StockSettings, alias = 'p'): string {
	const managed = managesStockSql(settings, alias);
	return `(CASE WHEN NOT ${managed} THEN ${alias}.stock_status
		WHEN ${alias}.stock_quantity <= ${int(settings.noStockAmount)} THEN CASE WHEN ${alias}.stock_status = 'onbackorder' THEN 'onbackorder' ELSE 'outofstock' END
		WHEN ${alias}.stock_quantity <= ${lowStockAmountSql(settings, alias)} THEN 'lowstock'
		ELSE 'instock' END)`;
}

/** The same definition in TypeScript, for one product row. */
export function stockStatusOf(
	product: {
		manage_stock: unknown;
		stock_quantity: unknown;
		stock_status: unknown;
		low_stock_amount: unknown;
	},
	settings: StockSettings,
): string {
	const quantity =
		product.stock_quantity === null || product.stock_quantity === undefined
			? null
			: Number(product.stock_quantity);
	const stored = String(product.stock_status ?? 'instock');
	if (!settings.manageStock || product.manage_stock !== true || quantity === null) return stored;
	if (quantity <= settings.noStockAmount)
		return stored === 'onbackorder' ? 'onbackorder' : 'outofstock';
	const low =
		product.low_stock_amount === null || product.low_stock_amount === undefined
			? Math.max(1, settings.lowStockAmount)
			: Number(product.low_stock_amount);
	return quantity <= low ? 'lowstock' : 'instock';
}

/** The stored WooCommerce status (`instock|outofstock|onbackorder`) of an effective status. */
export function storedStockStatus(status: string): string {
	return status === 'lowstock' ? 'instock' : status;
}
