/**
 * Helpers shared by the list reports: paging, ordering, product details.
 */
import type { Db, Row, SqlValue } from '../core/db.js';
import { MAX_UNPAGED_ROWS, tooManyRows } from '../admin/util.js';
import type { Query } from './params.js';
import type { StoreSettings } from './settings.js';

export interface Page {
	rows: Row[];
	total: number;
	totalPages: number;
}

/**
 * Runs `base` (a SELECT) with ordering and paging; `per_page=-1` returns everything up to
 * MAX_UNPAGED_ROWS rows (more is a 400 asking for pages).
 */
export async function paged(
	db: Db,
	base: string,
	params: SqlValue[],
	orderSql: string,
	q: Query,
): Promise<Page> {
	const perPage = q.int('per_page', 10);
	const page = q.int('page', 1);
	const count = await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM (${base}) x`, params);
	const total = Number(count?.n ?? 0);
	if (perPage === 0) return { rows: [], total, totalPages: 0 };
	const all = perPage < 0;
	if (all && total > MAX_UNPAGED_ROWS) throw tooManyRows(total);
	const rows = await db.all(
		`SELECT * FROM (${base}) x ORDER BY ${orderSql}${all ? '' : ' LIMIT ? OFFSET ?'}`,
		all ? params : [...params, perPage, (page - 1) * perPage],
	);
	return { rows, total, totalPages: all ? (total ? 1 : 0) : Math.ceil(total / perPage) };
}

export function dir(q: Query): 'ASC' | 'DESC' {
	return q.str('order', 'desc') === 'asc' ? 'ASC' : 'DESC';
}

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const money = (v: unknown): number => Math.round(num(v) * 10000) / 10000;
export const int = (v: unknown): number => Math.round(num(v));
export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function inList(column: string, ids: readonly unknown[]): string {
	return `${column} IN (${ids.map(() => '?').join(', ')})`;
}

/** `YYYY-MM-DD HH:MM:SS` of a TIMESTAMP value string (or null). */
export function sqlDate(v: unknown): string | null {
	if (v === null || v === undefined) return null;
	return String(v).slice(0, 19).replace('T', ' ');
}

/** ISO `YYYY-MM-DDTHH:MM:SS` of a TIMESTAMP value string (or null). */
export function isoDate(v: unknown): string | null {
	const d = sqlDate(v);
	return d === null ? null : d.replace(' ', 'T');
}

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
