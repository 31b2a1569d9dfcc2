/**
 * The columns of `products` (`schema.ts`), in the table's order: what a sync batch writes for a
 * product or variation (`sync/writer.ts`) and what the product lookups read back
 * (`admin/routes/products.ts`).
 */
export const PRODUCT_COLUMNS = [
	'id',
	'parent_id',
	'type',
	'status',
	'name',
	'slug',
	'sku',
	'price',
	'regular_price',
	'sale_price',
	'stock_quantity',
	'manage_stock',
	'low_stock_amount',
	'stock_status',
	'image',
	'virtual',
	'downloadable',
	'total_sales',
	'average_rating',
	'rating_count',
	'menu_order',
	'date_created',
	'date_created_gmt',
] as const;
