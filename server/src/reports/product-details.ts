/** Product (and variation) details the products and variations reports add with `extended_info`. */
import type { Db } from '../core/db.js';
import { inList } from '../db/sql.js';
import { int, num, text } from '../http/values.js';
import { type StoreSettings } from '../db/store-settings.js';

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

/** Product (or variation) details for `extended_info`. Missing ids are absent from the map. */
export async function productDetails(
	db: Db,
	ids: number[],
	settings: StoreSettings,
): Promise<Map<number, ProductDetails>> {
	const map = new Map<number, ProductDetails>();
	if (!ids.length) return map;
	const rows = await db.all(
		`SELECT p.id, p.parent_id, p.name, p.price, p.image, p.slug, p.stock_status, p.stock_quantity, p.manage_stock,
			p.low_stock_amount, p.sku,
			(SELECT list(pc.category_id ORDER BY pc.category_id) FROM product_categories pc WHERE pc.product_id = CASE WHEN p.parent_id <> 0 THEN p.parent_id ELSE p.id END)::VARCHAR AS cats,
			(SELECT list(v.id ORDER BY v.id) FROM products v WHERE v.parent_id = p.id)::VARCHAR AS vars,
			(SELECT list(a.id || '|' || a.slug || '|' || t.name ORDER BY a.id) FROM variation_attributes va JOIN attributes a ON a.id = va.attribute_id JOIN attribute_terms t ON t.id = va.term_id WHERE va.variation_id = p.id)::VARCHAR AS attrs
		FROM products p WHERE ${inList('p.id', ids)}`,
		ids,
	);
	const parseList = (v: unknown): string[] => {
		const s = text(v)
			.replace(/^\[|\]$/g, '')
			.trim();
		return s ? s.split(/,\s*/) : [];
	};
	for (const r of rows) {
		map.set(int(r.id), {
			name: text(r.name),
			price: num(r.price),
			image: `<img width="300" height="300" src="${text(r.image)}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" />`,
			permalink: `/product/${text(r.slug)}/`,
			category_ids: parseList(r.cats).map(Number),
			stock_status: text(r.stock_status),
			stock_quantity: r.stock_quantity === null ? null : num(r.stock_quantity),
			manage_stock: r.manage_stock === true,
			low_stock_amount:
				r.low_stock_amount === null ? settings.lowStockAmount : int(r.low_stock_amount),
			variations: parseList(r.vars).map(Number),
			sku: text(r.sku),
			attributes: parseList(r.attrs).map((a) => {
				const [id, name, option] = a.split('|');
				return { id: Number(id), name, option };
			}),
			parent_id: int(r.parent_id),
		});
	}
	return map;
}
