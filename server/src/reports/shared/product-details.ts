/** Product (and variation) details the products and variations reports add with `extended_info`. */
import type { SqlReader } from '../../metrics/dialect.js';
import { inList } from '../../db/sql.js';
import { int, num, text } from '../../http/values.js';
import { type StoreSettings } from '../../db/store-settings.js';

export interface ProductDetails {
	name: string;
	price: number;
	image: string;
	permalink: string;
	category_ids: number[];
	stock_status: string;
	stock_quantity: number | null;
	manage_stock: boolean;
	low_stock_amount: number;
	variations: number[];
	sku: string;
	attributes: Array<{ id: number; name: string; option: string }>;
	parent_id: number;
}

/**
 * Product (or variation) details for `extended_info`. Missing ids are absent from the map. Plain
 * SELECTs every engine runs: the rows, then their categories, variations and attribute values.
 */
export async function productDetails(
	db: SqlReader,
	ids: number[],
	settings: StoreSettings,
): Promise<Map<number, ProductDetails>> {
	const map = new Map<number, ProductDetails>();
	if (!ids.length) return map;
	const rows = await db.all(
		`SELECT p.id AS id, p.parent_id AS parent_id, p.name AS name, p.price AS price, p.image AS image, p.slug AS slug,
			p.stock_status AS stock_status, p.stock_quantity AS stock_quantity, p.manage_stock AS manage_stock,
			p.low_stock_amount AS low_stock_amount, p.sku AS sku
		FROM products p WHERE ${inList('p.id', ids)}`,
		ids,
	);
	if (!rows.length) return map;
	// A variation shows its parent's categories.
	const owners = [...new Set(rows.map((r) => int(r.parent_id) || int(r.id)))];
	const categories = new Map<number, number[]>();
	for (const r of await db.all(
		`SELECT pc.product_id AS product_id, pc.category_id AS category_id FROM product_categories pc WHERE ${inList('pc.product_id', owners)} ORDER BY pc.category_id`,
		owners,
	)) {
		const owner = int(r.product_id);
		categories.set(owner, [...(categories.get(owner) ?? []), int(r.category_id)]);
	}
	const found = rows.map((r) => int(r.id));
	const variations = new Map<number, number[]>();
	for (const r of await db.all(
		`SELECT v.parent_id AS parent_id, v.id AS id FROM products v WHERE ${inList('v.parent_id', found)} ORDER BY v.id`,
		found,
	)) {
		const parent = int(r.parent_id);
		variations.set(parent, [...(variations.get(parent) ?? []), int(r.id)]);
	}
	const variationIds = rows.filter((r) => int(r.parent_id) !== 0).map((r) => int(r.id));
	const attributes = new Map<number, ProductDetails['attributes']>();
	if (variationIds.length) {
		for (const r of await db.all(
			`SELECT a.variation_id AS variation_id, a.id AS id, a.slug AS slug, t.name AS term
			FROM (SELECT w.variation_id AS variation_id, w.term_id AS term_id, x.id AS id, x.slug AS slug FROM variation_attributes w JOIN attributes x ON x.id = w.attribute_id) a
			JOIN attribute_terms t ON t.id = a.term_id WHERE ${inList('a.variation_id', variationIds)} ORDER BY a.id`,
			variationIds,
		)) {
			const variation = int(r.variation_id);
			attributes.set(variation, [
				...(attributes.get(variation) ?? []),
				{ id: int(r.id), name: text(r.slug), option: text(r.term) },
			]);
		}
	}
	for (const r of rows) {
		const id = int(r.id);
		const parent = int(r.parent_id);
		map.set(id, {
			name: text(r.name),
			price: num(r.price),
			image: `<img width="300" height="300" src="${text(r.image)}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" />`,
			permalink: `/product/${text(r.slug)}/`,
			category_ids: categories.get(parent || id) ?? [],
			stock_status: text(r.stock_status),
			stock_quantity: r.stock_quantity === null ? null : num(r.stock_quantity),
			// DuckDB's BOOLEAN, ClickHouse's UInt8.
			manage_stock: r.manage_stock === true || Number(r.manage_stock) === 1,
			low_stock_amount:
				r.low_stock_amount === null ? settings.lowStockAmount : int(r.low_stock_amount),
			variations: variations.get(id) ?? [],
			sku: text(r.sku),
			attributes: attributes.get(id) ?? [],
			parent_id: parent,
		});
	}
	return map;
}

/**
 * The names of products (or variations) by id, for a list that shows nothing else (the
 * leaderboards): one SELECT every engine runs. Missing ids are absent from the map.
 */
export async function productNames(db: SqlReader, ids: number[]): Promise<Map<number, string>> {
	if (!ids.length) return new Map();
	const rows = await db.all(
		`SELECT p.id AS id, p.name AS name FROM products p WHERE ${inList('p.id', ids)}`,
		ids,
	);
	return new Map(rows.map((r) => [int(r.id), text(r.name)]));
}
