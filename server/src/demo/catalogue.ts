/**
 * The demo catalogue: tax rates, categories (with their closure), colour/size attributes,
 * products with their variations, stock and downloads, and coupons.
 */
import {
	CATEGORIES,
	COLORS,
	COUPONS,
	PRODUCTS,
	SIZES,
	TAX_RATES,
	slugify,
	type CategorySpec,
	type ProductSpec,
} from './data.js';
import { DAY, type DemoContext } from './context.js';

/** A sellable product or variation (or a variable product, whose `variations` are sold). */
export interface Product {
	id: number;
	parent: number;
	name: string;
	price: number;
	weight: number;
	downloadable: boolean;
	variations: number[];
	attrs: Array<[number, number]>;
}

export interface Term {
	id: number;
	name: string;
	slug: string;
}

export interface Catalogue {
	/** Attribute terms by id (colours 1…, sizes 11…). */
	termById: Map<number, Term>;
	/** A product or variation, weighted by popularity. */
	pickProduct: () => Product;
	/** The variable product of a variation, else the product itself. */
	parentOf: (p: Product) => Product;
}

export function writeTaxRates(ctx: DemoContext): void {
	for (const r of TAX_RATES) {
		ctx.out('tax_rates').row([
			r.id,
			r.country,
			r.state,
			r.rate.toFixed(4),
			r.name,
			r.priority,
			'false',
			r.shipping ? 'true' : 'false',
			r.id,
			'',
		]);
	}
}

/** Categories and `category_lookup` (each category under itself and its ancestors). */
export function writeCategories(ctx: DemoContext): void {
	for (const c of CATEGORIES) {
		ctx.out('categories').row([c.id, c.name, slugify(c.name), c.parent, '', 0]);
		for (
			let a: CategorySpec | undefined = c;
			a;
			a = CATEGORIES.find((x) => x.id === a?.parent)
		) {
			ctx.out('category_lookup').row([a.id, c.id]);
		}
	}
}

/** The Color and Size attributes with their terms. */
export function writeAttributes(ctx: DemoContext): { colors: Term[]; sizes: Term[] } {
	ctx.out('attributes').row([1, 'Color', 'color', 'select', 'menu_order', 'false']);
	ctx.out('attributes').row([2, 'Size', 'size', 'select', 'menu_order', 'false']);
	const colors = COLORS.map((name, i) => ({ id: 1 + i, name, slug: slugify(name) }));
	const sizes = SIZES.map((name, i) => ({ id: 11 + i, name, slug: slugify(name) }));
	for (const [i, t] of colors.entries())
		ctx.out('attribute_terms').row([t.id, 1, t.name, t.slug, i]);
	for (const [i, t] of sizes.entries())
		ctx.out('attribute_terms').row([t.id, 2, t.name, t.slug, i]);
	return { colors, sizes };
}

interface Stock {
	manage: boolean;
	qty: number | null;
	status: string;
	low: number | null;
}

/** Stock of the i-th stocked product: a mix of managed, low, out of stock and on backorder. */
function stockOf(ctx: DemoContext, p: Product, i: number): Stock {
	if (p.downloadable) return { manage: false, qty: null, status: 'instock', low: null };
	if (p.name.startsWith('Discontinued'))
		return { manage: true, qty: 0, status: 'outofstock', low: null };
	if (i % 7 === 3) return { manage: true, qty: 1 + (i % 3), status: 'instock', low: 3 };
	if (i % 11 === 5) return { manage: true, qty: 0, status: 'outofstock', low: null };
	if (i % 13 === 6) return { manage: false, qty: null, status: 'onbackorder', low: null };
	if (i % 2 === 0)
		return {
			manage: true,
			qty: 10 + Math.floor(ctx.rand() * 90),
			status: 'instock',
			low: null,
		};
	return { manage: false, qty: null, status: 'instock', low: null };
}

/** Products and their variations (one per colour × size of the product's axes). */
function buildProducts(
	terms: { colors: Term[]; sizes: Term[] },
	termById: Map<number, Term>,
): { products: Product[]; sellable: Product[] } {
	const products: Product[] = [];
	const sellable: Product[] = [];
	let nextVariationId = 1000;
	for (const [index, spec] of PRODUCTS.entries()) {
		const id = index + 1;
		const product: Product = {
			id,
			parent: 0,
			name: spec.name,
			price: spec.price,
			weight: spec.weight,
			downloadable: !!spec.downloadable,
			variations: [],
			attrs: [],
		};
		products.push(product);
		if (!spec.vary) {
			sellable.push(product);
			continue;
		}
		const colours = spec.vary.includes('c') ? terms.colors : [null];
		const sizes = spec.vary.includes('s')
			? terms.sizes.slice(0, spec.vary === 'cs' ? 3 : 4)
			: [null];
		for (const colour of colours) {
			for (const size of sizes) {
				const vid = nextVariationId++;
				const attrs: Array<[number, number]> = [];
				if (colour) attrs.push([1, colour.id]);
				if (size) attrs.push([2, size.id]);
				const label = attrs.map(([, t]) => termById.get(t)?.name ?? '').join(', ');
				product.variations.push(vid);
				sellable.push({
					id: vid,
					parent: id,
					name: `${spec.name} - ${label}`,
					price: spec.price + (size?.name === 'XL' ? 2 : 0),
					weight: spec.weight / (colours.length * sizes.length),
					downloadable: false,
					variations: [],
					attrs,
				});
			}
		}
	}
	return { products, sellable };
}

/** Writes the products, variations, their categories, attributes, downloads and stock. */
export function writeProducts(
	ctx: DemoContext,
	terms: { colors: Term[]; sizes: Term[] },
): Catalogue {
	const termById = new Map([...terms.colors, ...terms.sizes].map((t) => [t.id, t]));
	const { products, sellable } = buildProducts(terms, termById);
	let stockIndex = 0;
	const writeProduct = (p: Product, type: string, spec: ProductSpec): void => {
		const stock =
			type === 'variable'
				? { manage: false, qty: null, status: 'instock', low: null }
				: stockOf(ctx, p, stockIndex++);
		const sku =
			type === 'variation'
				? `${slugify(spec.name).toUpperCase()}-${p.id}`
				: slugify(spec.name).toUpperCase();
		const created = ctx.catalogueDate + p.id * 3_600_000;
		const image = `https://example.com/images/${slugify(spec.name)}.png`;
		ctx.out('products').row([
			p.id,
			p.parent,
			type,
			p.name.startsWith('Discontinued') ? 'private' : 'publish',
			p.name,
			slugify(p.name),
			sku,
			p.price,
			p.price,
			null,
			stock.qty,
			stock.manage ? 'true' : 'false',
			stock.low,
			stock.status,
			image,
			p.downloadable ? 'true' : 'false',
			p.downloadable ? 'true' : 'false',
			0,
			0,
			0,
			0,
			ctx.local(created),
			ctx.gmt(created),
		]);
		ctx.out('product_meta_lookup').row([
			p.id,
			sku,
			p.downloadable ? 'true' : 'false',
			p.downloadable ? 'true' : 'false',
			p.price,
			p.price,
			'false',
			stock.qty,
			stock.status,
			0,
			0,
			0,
			'taxable',
			'',
		]);
	};
	for (const [index, spec] of PRODUCTS.entries()) {
		const p = products[index];
		writeProduct(p, spec.vary ? 'variable' : 'simple', spec);
		for (const c of spec.categories) ctx.out('product_categories').row([p.id, c]);
		if (p.downloadable) {
			ctx.out('product_downloads').row([
				`${p.id}-file`,
				p.id,
				`${p.name}.zip`,
				`https://example.com/files/${slugify(p.name)}.zip`,
			]);
		}
		for (const vid of p.variations) {
			const v = sellable.find((s) => s.id === vid);
			if (!v) continue;
			writeProduct(v, 'variation', spec);
			for (const [a, t] of v.attrs) {
				ctx.out('variation_attributes').row([v.id, a, t]);
				ctx.out('product_attributes').row([p.id, a, t, 'true']);
			}
		}
	}

	const sellWeights: number[] = [];
	let acc = 0;
	for (const s of sellable) sellWeights.push((acc += s.weight));
	const pickProduct = (): Product => {
		const r = ctx.rand() * acc;
		let lo = 0;
		let hi = sellWeights.length - 1;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (sellWeights[mid] < r) lo = mid + 1;
			else hi = mid;
		}
		return sellable[lo];
	};
	const parentOf = (p: Product): Product => (p.parent ? (products[p.parent - 1] ?? p) : p);
	return { termById, pickProduct, parentOf };
}

/** Coupons (id 1…n); the last one expired two months ago. */
export function writeCoupons(ctx: DemoContext): void {
	for (const [i, [code, type, amount]] of COUPONS.entries()) {
		const created = ctx.catalogueDate + i * DAY;
		const expires = i === COUPONS.length - 1 ? ctx.nowMs - 60 * DAY : null;
		ctx.out('coupons').row([
			i + 1,
			code,
			type,
			amount,
			ctx.local(created),
			ctx.gmt(created),
			expires === null ? null : ctx.local(expires),
			expires === null ? null : ctx.gmt(expires),
		]);
	}
}
