/**
 * Deterministic demo-store generator. The same seed (and the same `now`) gives the same store:
 * catalogue (simple, variable and downloadable products, nested categories, colour/size
 * attributes), coupons, registered and guest customers, and orders over more than two years with
 * growth, seasonality, a mix of statuses, full and partial refunds, multi-rate taxes, shipping and
 * download logs. Raw rows are written as tab-separated files and bulk-loaded with COPY; the
 * analytics lookup tables are then derived from the raw rows in SQL, so they always agree.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createAdminSchema } from '../admin/schema.js';
import { seedAdminData } from '../admin/seed.js';
import type { Db, SqlValue } from '../core/db.js';
import { refreshRollups } from './rollups.js';
import {
	STORE_MARKER_TABLE,
	createStoreIndexes,
	createStoreSchema,
	markStoreComplete,
	seedOptions,
} from './schema.js';
import { formatSql, utcToLocal } from './time.js';

export interface GenerateOptions {
	/** Number of orders (refunds come on top). Default 1,000. */
	orders?: number;
	seed?: number;
	/** IANA store time zone. Default UTC. */
	timeZone?: string;
	/** "Today" for the generated history (UTC instant). Default: the current time. */
	now?: Date;
	/** Days of history. Default 800 (more than two years). */
	days?: number;
}

/** Small seeded PRNG (mulberry32). */
export function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

interface CategorySpec {
	id: number;
	name: string;
	parent: number;
}

const CATEGORIES: CategorySpec[] = [
	{ id: 1, name: 'Clothing', parent: 0 },
	{ id: 2, name: 'T-shirts', parent: 1 },
	{ id: 3, name: 'Hoodies', parent: 1 },
	{ id: 4, name: 'Accessories', parent: 1 },
	{ id: 5, name: 'Music', parent: 0 },
	{ id: 6, name: 'Albums', parent: 5 },
	{ id: 7, name: 'Singles', parent: 5 },
	{ id: 8, name: 'Books', parent: 0 },
	{ id: 9, name: 'E-books', parent: 8 },
	{ id: 10, name: 'Home', parent: 0 },
	{ id: 11, name: 'Kitchen', parent: 10 },
	{ id: 12, name: 'Decor', parent: 10 },
	{ id: 13, name: 'Uncategorized', parent: 0 },
];

const COLORS = ['Red', 'Blue', 'Green', 'Black'];
const SIZES = ['Small', 'Medium', 'Large', 'XL'];

interface ProductSpec {
	name: string;
	price: number;
	categories: number[];
	/** Variation axes: c = colour, s = size. */
	vary?: 'c' | 's' | 'cs';
	downloadable?: boolean;
	weight: number;
}

const PRODUCTS: ProductSpec[] = [
	{ name: 'V-Neck T-Shirt', price: 18, categories: [2], vary: 'cs', weight: 9 },
	{ name: 'Hoodie', price: 45, categories: [3], vary: 'cs', weight: 7 },
	{ name: 'Hoodie with Logo', price: 48, categories: [3], vary: 'c', weight: 4 },
	{ name: 'Classic T-Shirt', price: 16, categories: [2], vary: 's', weight: 6 },
	{ name: 'Polo', price: 22, categories: [2], weight: 4 },
	{ name: 'Long Sleeve Tee', price: 25, categories: [2], weight: 3 },
	{ name: 'Zip Hoodie', price: 52, categories: [3], weight: 3 },
	{ name: 'Beanie', price: 14, categories: [4], vary: 'c', weight: 5 },
	{ name: 'Cap', price: 16, categories: [4], weight: 5 },
	{ name: 'Belt', price: 40, categories: [4], weight: 2 },
	{ name: 'Sunglasses', price: 70, categories: [4], weight: 2 },
	{ name: 'Scarf', price: 24, categories: [4], weight: 2 },
	{ name: 'Socks (3 pairs)', price: 12, categories: [4], weight: 6 },
	{ name: 'Album: Night Drive', price: 15, categories: [6], downloadable: true, weight: 4 },
	{ name: 'Album: Quiet Hours', price: 15, categories: [6], downloadable: true, weight: 3 },
	{ name: 'Single: Lanterns', price: 2, categories: [7], downloadable: true, weight: 4 },
	{ name: 'Single: Northbound', price: 2, categories: [7], downloadable: true, weight: 3 },
	{ name: 'Vinyl: Night Drive', price: 29, categories: [6], weight: 2 },
	{ name: 'Field Guide to Birds', price: 32, categories: [8], weight: 2 },
	{ name: 'The Long Harvest', price: 21, categories: [8], weight: 2 },
	{ name: 'E-book: Bread at Home', price: 9, categories: [9, 11], downloadable: true, weight: 3 },
	{ name: 'E-book: Small Spaces', price: 9, categories: [9, 12], downloadable: true, weight: 2 },
	{ name: 'Coffee Mug', price: 11, categories: [11], weight: 6 },
	{ name: 'Chef Knife', price: 85, categories: [11], weight: 2 },
	{ name: 'Cutting Board', price: 34, categories: [11], weight: 2 },
	{ name: 'Tea Towel Set', price: 15, categories: [11], weight: 3 },
	{ name: 'French Press', price: 39, categories: [11], weight: 2 },
	{ name: 'Throw Pillow', price: 28, categories: [12], vary: 'c', weight: 3 },
	{ name: 'Wall Print', price: 35, categories: [12], weight: 2 },
	{ name: 'Candle', price: 19, categories: [12], weight: 4 },
	{ name: 'Vase', price: 42, categories: [12], weight: 1 },
	{ name: 'Planter', price: 26, categories: [12, 11], weight: 2 },
	{ name: 'Tote Bag', price: 18, categories: [4, 12], weight: 3 },
	{ name: 'Gift Card', price: 50, categories: [13], weight: 2 },
	{ name: 'Sticker Pack', price: 5, categories: [13], weight: 4 },
	{ name: 'Poster', price: 12, categories: [13], weight: 2 },
	{ name: 'Umbrella', price: 30, categories: [4], weight: 1 },
	{ name: 'Water Bottle', price: 20, categories: [11], weight: 3 },
	{ name: 'Notebook', price: 8, categories: [13], weight: 3 },
	{ name: 'Discontinued Lamp', price: 60, categories: [12], weight: 0.2 },
];

interface TaxRate {
	id: number;
	country: string;
	state: string;
	rate: number;
	name: string;
	priority: number;
	shipping: boolean;
}

const TAX_RATES: TaxRate[] = [
	{ id: 1, country: 'US', state: 'CA', rate: 6, name: 'State Tax', priority: 1, shipping: true },
	{
		id: 2,
		country: 'US',
		state: 'CA',
		rate: 1.25,
		name: 'County Tax',
		priority: 2,
		shipping: false,
	},
	{ id: 3, country: 'US', state: 'NY', rate: 4, name: 'State Tax', priority: 1, shipping: true },
	{ id: 4, country: 'GB', state: '', rate: 20, name: 'VAT', priority: 1, shipping: true },
	{ id: 5, country: 'DE', state: '', rate: 19, name: 'MwSt', priority: 1, shipping: true },
	{ id: 6, country: 'CA', state: 'ON', rate: 13, name: 'HST', priority: 1, shipping: true },
];

const PLACES: Array<[string, string, string, string, number]> = [
	['US', 'CA', 'San Francisco', '94103', 22],
	['US', 'CA', 'Los Angeles', '90012', 18],
	['US', 'NY', 'New York', '10001', 16],
	['US', 'TX', 'Austin', '73301', 10],
	['US', 'WA', 'Seattle', '98101', 7],
	['GB', '', 'London', 'EC1A 1BB', 8],
	['DE', '', 'Berlin', '10115', 6],
	['CA', 'ON', 'Toronto', 'M5H 2N2', 6],
	['FR', '', 'Paris', '75001', 4],
	['AU', 'NSW', 'Sydney', '2000', 3],
];

const FIRST = [
	'Ada',
	'Grace',
	'Alan',
	'Linus',
	'Mira',
	'Omar',
	'Yuki',
	'Priya',
	'Lena',
	'Tomas',
	'Ines',
	'Kofi',
	'Sara',
	'Noah',
	'Maya',
	'Ivan',
	'Zoe',
	'Liam',
	'Ana',
	'Ravi',
];
const LAST = [
	'Lovelace',
	'Hopper',
	'Turing',
	'Nakamura',
	'Okafor',
	'Garcia',
	'Smith',
	'Novak',
	'Rossi',
	'Schmidt',
	'Dubois',
	'Kowalski',
	'Silva',
	'Khan',
	'Berg',
	'Moreau',
	'Haddad',
	'Lee',
	'Costa',
	'Walsh',
];

const COUPONS: Array<[string, 'percent' | 'fixed_cart', number]> = [
	['welcome10', 'percent', 10],
	['summer20', 'percent', 20],
	['blackfriday', 'percent', 30],
	['freeship', 'fixed_cart', 5],
	['save10', 'fixed_cart', 10],
	['vip15', 'percent', 15],
];

function slugify(text: string): string {
	return text
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');
}

const DAY = 86_400_000;

/** Buffered tab-separated writer for COPY. */
class TsvWriter {
	private parts: string[] = [];
	private size = 0;
	private readonly fd: number;
	constructor(readonly file: string) {
		this.fd = fs.openSync(file, 'w');
	}
	row(values: Array<string | number | null>): void {
		const line = values.map((v) => (v === null ? '\\N' : String(v))).join('\t');
		this.parts.push(line);
		this.size += line.length;
		if (this.size > 4_000_000) this.flush();
	}
	flush(): void {
		if (this.parts.length) fs.writeSync(this.fd, this.parts.join('\n') + '\n');
		this.parts = [];
		this.size = 0;
	}
	close(): void {
		this.flush();
		fs.closeSync(this.fd);
	}
}

interface Product {
	id: number;
	parent: number;
	name: string;
	price: number;
	weight: number;
	downloadable: boolean;
	variations: number[];
	attrs: Array<[number, number]>;
}

/**
 * Creates the schema (when missing), empties the store tables and fills them with a generated
 * store. Returns the number of order rows (orders + refunds) written.
 */
export async function generateStore(db: Db, options: GenerateOptions = {}): Promise<number> {
	const orderCount = Math.max(0, Math.floor(options.orders ?? 1000));
	const seed = options.seed ?? 1;
	const timeZone = options.timeZone ?? 'UTC';
	const nowMs = (options.now ?? new Date()).getTime();
	const days = options.days ?? 800;
	const rand = mulberry32(seed);
	const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
	const local = (utc: number): string => formatSql(utcToLocal(utc, timeZone));
	const gmt = (utc: number): string => formatSql(utc);

	// First: the store is incomplete until the marker is written again at the very end.
	await db.run(`DROP TABLE IF EXISTS ${STORE_MARKER_TABLE}`);
	await createStoreSchema(db);
	const tables = [
		'options',
		'tax_rates',
		'categories',
		'category_lookup',
		'attributes',
		'attribute_terms',
		'products',
		'product_categories',
		'product_attributes',
		'variation_attributes',
		'product_downloads',
		'product_meta_lookup',
		'coupons',
		'users',
		'customer_lookup',
		'orders',
		'order_items',
		'order_item_meta',
		'order_tax_items',
		'order_coupon_items',
		'order_stats',
		'order_product_lookup',
		'order_tax_lookup',
		'order_coupon_lookup',
		'downloadable_product_permissions',
		'download_log',
	];
	for (const table of tables) await db.run(`DELETE FROM ${table}`);
	await seedOptions(db, timeZone);

	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-gen-'));
	const writers = new Map<string, TsvWriter>();
	const out = (table: string): TsvWriter => {
		let w = writers.get(table);
		if (!w) {
			w = new TsvWriter(path.join(dir, `${table}.tsv`));
			writers.set(table, w);
		}
		return w;
	};
	const startMs = nowMs - days * DAY;
	const catalogueDate = startMs - 30 * DAY;

	// Tax rates, categories (+ closure), attributes.
	for (const r of TAX_RATES) {
		out('tax_rates').row([
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
	for (const c of CATEGORIES) {
		out('categories').row([c.id, c.name, slugify(c.name), c.parent, '', 0]);
		for (
			let a: CategorySpec | undefined = c;
			a;
			a = CATEGORIES.find((x) => x.id === a?.parent)
		) {
			out('category_lookup').row([a.id, c.id]);
		}
	}
	out('attributes').row([1, 'Color', 'color', 'select', 'menu_order', 'false']);
	out('attributes').row([2, 'Size', 'size', 'select', 'menu_order', 'false']);
	const colorTerms = COLORS.map((name, i) => ({ id: 1 + i, name, slug: slugify(name) }));
	const sizeTerms = SIZES.map((name, i) => ({ id: 11 + i, name, slug: slugify(name) }));
	for (const [i, t] of colorTerms.entries())
		out('attribute_terms').row([t.id, 1, t.name, t.slug, i]);
	for (const [i, t] of sizeTerms.entries())
		out('attribute_terms').row([t.id, 2, t.name, t.slug, i]);
	const termById = new Map([...colorTerms, ...sizeTerms].map((t) => [t.id, t]));

	// Products and variations.
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
		if (spec.vary) {
			const colours = spec.vary.includes('c') ? colorTerms : [null];
			const sizes = spec.vary.includes('s')
				? sizeTerms.slice(0, spec.vary === 'cs' ? 3 : 4)
				: [null];
			for (const colour of colours) {
				for (const size of sizes) {
					const vid = nextVariationId++;
					const attrs: Array<[number, number]> = [];
					if (colour) attrs.push([1, colour.id]);
					if (size) attrs.push([2, size.id]);
					const label = attrs.map(([, t]) => termById.get(t)?.name ?? '').join(', ');
					const variation: Product = {
						id: vid,
						parent: id,
						name: `${spec.name} - ${label}`,
						price: spec.price + (size?.name === 'XL' ? 2 : 0),
						weight: spec.weight / (colours.length * sizes.length),
						downloadable: false,
						variations: [],
						attrs,
					};
					product.variations.push(vid);
					sellable.push(variation);
				}
			}
		} else {
			sellable.push(product);
		}
	}
	const stockOf = (
		p: Product,
		i: number,
	): { manage: boolean; qty: number | null; status: string; low: number | null } => {
		if (p.downloadable) return { manage: false, qty: null, status: 'instock', low: null };
		if (p.name.startsWith('Discontinued'))
			return { manage: true, qty: 0, status: 'outofstock', low: null };
		if (i % 7 === 3) return { manage: true, qty: 1 + (i % 3), status: 'instock', low: 3 };
		if (i % 11 === 5) return { manage: true, qty: 0, status: 'outofstock', low: null };
		if (i % 13 === 6) return { manage: false, qty: null, status: 'onbackorder', low: null };
		if (i % 2 === 0)
			return {
				manage: true,
				qty: 10 + Math.floor(rand() * 90),
				status: 'instock',
				low: null,
			};
		return { manage: false, qty: null, status: 'instock', low: null };
	};
	let stockIndex = 0;
	const writeProduct = (p: Product, type: string, spec: ProductSpec): void => {
		const stock =
			type === 'variable'
				? { manage: false, qty: null, status: 'instock', low: null }
				: stockOf(p, stockIndex++);
		const sku =
			type === 'variation'
				? `${slugify(spec.name).toUpperCase()}-${p.id}`
				: slugify(spec.name).toUpperCase();
		const created = catalogueDate + p.id * 3_600_000;
		const image = `https://example.com/images/${slugify(spec.name)}.png`;
		out('products').row([
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
			local(created),
			gmt(created),
		]);
		out('product_meta_lookup').row([
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
		for (const c of spec.categories) out('product_categories').row([p.id, c]);
		if (p.downloadable) {
			out('product_downloads').row([
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
				out('variation_attributes').row([v.id, a, t]);
				out('product_attributes').row([p.id, a, t, 'true']);
			}
		}
	}
	const sellWeights: number[] = [];
	let acc = 0;
	for (const s of sellable) sellWeights.push((acc += s.weight));
	const pickProduct = (): Product => {
		const r = rand() * acc;
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

	// Coupons (id 1..n); the last one expired.
	for (const [i, [code, type, amount]] of COUPONS.entries()) {
		const created = catalogueDate + i * DAY;
		const expires = i === COUPONS.length - 1 ? nowMs - 60 * DAY : null;
		out('coupons').row([
			i + 1,
			code,
			type,
			amount,
			local(created),
			gmt(created),
			expires === null ? null : local(expires),
			expires === null ? null : gmt(expires),
		]);
	}

	// Customers: registered users and guests, created lazily as orders need them.
	const placeWeights: number[] = [];
	let placeAcc = 0;
	for (const p of PLACES) placeWeights.push((placeAcc += p[4]));
	const pickPlace = (): (typeof PLACES)[number] => {
		const r = rand() * placeAcc;
		return PLACES[placeWeights.findIndex((w) => w >= r)] ?? PLACES[0];
	};
	interface Customer {
		id: number;
		userId: number | null;
		first: string;
		last: string;
		email: string;
		place: (typeof PLACES)[number];
		registered: number | null;
		lastActive: number;
	}
	const customers: Customer[] = [];
	const newCustomer = (at: number): Customer => {
		const id = customers.length + 1;
		const first = pick(FIRST);
		const last = pick(LAST);
		const registered = rand() < 0.65;
		const c: Customer = {
			id,
			userId: registered ? id + 1 : null,
			first,
			last,
			email: `${first}.${last}.${id}@example.com`.toLowerCase(),
			place: pickPlace(),
			registered: registered ? at - Math.floor(rand() * 3_600_000) : null,
			lastActive: at,
		};
		customers.push(c);
		return c;
	};
	// A few registered users who never ordered.
	const idleUsers = Math.max(3, Math.floor(orderCount / 500));
	for (let i = 0; i < idleUsers; i++) newCustomer(startMs + Math.floor(rand() * days) * DAY);

	// Order timestamps: counts per day from growth × seasonality × weekday, then sorted times.
	const weights: number[] = [];
	let total = 0;
	for (let d = 0; d < days; d++) {
		const day = new Date(startMs + d * DAY);
		const month = day.getUTCMonth();
		const growth = 1 + (1.2 * d) / days;
		const season =
			month === 10
				? 1.6
				: month === 11
					? 1.8
					: month === 0 || month === 1
						? 0.8
						: month >= 5 && month <= 7
							? 1.1
							: 1;
		const weekday = [0.8, 1.1, 1.05, 1, 1, 1.05, 0.9][day.getUTCDay()];
		const w = growth * season * weekday * (0.85 + 0.3 * rand());
		weights.push(w);
		total += w;
	}
	const statusFor = (ageDays: number): string => {
		const r = rand();
		if (ageDays < 3)
			return r < 0.45
				? 'processing'
				: r < 0.6
					? 'on-hold'
					: r < 0.75
						? 'pending'
						: r < 0.95
							? 'completed'
							: 'failed';
		if (r < 0.84) return 'completed';
		if (r < 0.875) return 'refunded';
		if (r < 0.905) return 'cancelled';
		if (r < 0.93) return 'failed';
		if (r < 0.955) return 'processing';
		if (r < 0.975) return 'on-hold';
		return 'pending';
	};

	let orderId = 0;
	let refundId = orderCount;
	let itemId = 0;
	let permissionId = 0;
	let logId = 0;
	let assigned = 0;
	let carry = 0;
	const activeCustomers: Customer[] = [];
	const ips = Array.from({ length: 40 }, (_, i) => `203.0.113.${i + 10}`);
	const refunds: Array<() => void> = [];

	for (let d = 0; d < days && assigned < orderCount; d++) {
		carry += (weights[d] / total) * orderCount;
		let count = Math.floor(carry);
		carry -= count;
		if (d === days - 1) count = orderCount - assigned;
		count = Math.min(count, orderCount - assigned);
		assigned += count;
		const dayStart = startMs + d * DAY;
		const limit = Math.min(DAY, nowMs - dayStart);
		const times: number[] = [];
		for (let i = 0; i < count; i++) times.push(dayStart + Math.floor(rand() * limit));
		times.sort((a, b) => a - b);
		for (const at of times) {
			const id = ++orderId;
			const ageDays = (nowMs - at) / DAY;
			const status = statusFor(ageDays);
			let customer: Customer;
			if (activeCustomers.length > 5 && rand() < 0.45) {
				customer =
					activeCustomers[Math.floor(Math.pow(rand(), 1.6) * activeCustomers.length)];
			} else {
				customer = newCustomer(at);
				activeCustomers.push(customer);
			}
			customer.lastActive = Math.max(customer.lastActive, at);
			const [country, state, city, postcode] = customer.place;
			const rates = TAX_RATES.filter(
				(r) => r.country === country && (r.state === '' || r.state === state),
			);
			const coupon = rand() < 0.14 ? 1 + Math.floor(rand() * COUPONS.length) : 0;
			const lineCount = 1 + Math.floor(Math.pow(rand(), 2) * 4);
			const lines: Array<{
				id: number;
				product: Product;
				qty: number;
				subtotal: number;
				total: number;
				taxes: number[];
				shipping: number;
				shippingTax: number;
			}> = [];
			for (let l = 0; l < lineCount; l++) {
				const product = pickProduct();
				if (lines.some((x) => x.product.id === product.id)) continue;
				const qty = rand() < 0.75 ? 1 : 2 + Math.floor(rand() * 3);
				const subtotal = Math.round(product.price * 100) * qty;
				lines.push({
					id: ++itemId,
					product,
					qty,
					subtotal,
					total: subtotal,
					taxes: [],
					shipping: 0,
					shippingTax: 0,
				});
			}
			const subtotal = lines.reduce((s, l) => s + l.subtotal, 0);
			let discount = 0;
			if (coupon) {
				const [, type, amount] = COUPONS[coupon - 1];
				discount =
					type === 'percent'
						? Math.round((subtotal * amount) / 100)
						: Math.min(subtotal, amount * 100);
				let left = discount;
				for (const [i, line] of lines.entries()) {
					const share =
						i === lines.length - 1
							? left
							: Math.round((discount * line.subtotal) / subtotal);
					line.total = line.subtotal - share;
					left -= share;
				}
			}
			const physical = lines.some((l) => !l.product.downloadable);
			const shipping = physical && subtotal - discount < 10000 ? 500 : 0;
			const items = lines.reduce((s, l) => s + l.qty, 0);
			const rateTax = rates.map(() => ({ order: 0, shipping: 0 }));
			let shipLeft = shipping;
			for (const [i, line] of lines.entries()) {
				line.taxes = rates.map((r, k) => {
					const t = Math.round((line.total * r.rate) / 100);
					rateTax[k].order += t;
					return t;
				});
				line.shipping =
					i === lines.length - 1 ? shipLeft : Math.round((shipping * line.qty) / items);
				shipLeft -= line.shipping;
			}
			rates.forEach((r, k) => {
				if (r.shipping) rateTax[k].shipping = Math.round((shipping * r.rate) / 100);
			});
			const shippingTax = rateTax.reduce((s, r) => s + r.shipping, 0);
			let shipTaxLeft = shippingTax;
			for (const [i, line] of lines.entries()) {
				line.shippingTax =
					i === lines.length - 1
						? shipTaxLeft
						: Math.round((shippingTax * line.qty) / items);
				shipTaxLeft -= line.shippingTax;
			}
			const cartTax = rateTax.reduce((s, r) => s + r.order, 0);
			const orderTotal = subtotal - discount + cartTax + shipping + shippingTax;
			const paid =
				status === 'pending' || status === 'failed' || status === 'cancelled'
					? null
					: at + 60_000;
			const completed = status === 'completed' || status === 'refunded' ? at + 2 * DAY : null;
			out('orders').row([
				id,
				0,
				'shop_order',
				String(id),
				status,
				'USD',
				customer.id,
				customer.userId,
				customer.first,
				customer.last,
				customer.email,
				country,
				state,
				city,
				postcode,
				discount / 100,
				shipping / 100,
				shippingTax / 100,
				cartTax / 100,
				orderTotal / 100,
				pick(['stripe', 'paypal', 'bacs']),
				local(at),
				gmt(at),
				paid === null ? null : local(paid),
				completed === null ? null : local(Math.min(completed, nowMs)),
			]);
			for (const line of lines) {
				const tax = line.taxes.reduce((s, t) => s + t, 0);
				const parent = parentOf(line.product);
				out('order_items').row([
					line.id,
					id,
					parent.id,
					line.product.parent ? line.product.id : 0,
					line.product.name,
					line.qty,
					line.subtotal / 100,
					line.total / 100,
					tax / 100,
					line.shipping / 100,
					line.shippingTax / 100,
				]);
				for (const [a, t] of line.product.attrs) {
					out('order_item_meta').row([
						line.id,
						a === 1 ? 'pa_color' : 'pa_size',
						termById.get(t)?.slug ?? '',
					]);
				}
			}
			rates.forEach((r, k) => {
				out('order_tax_items').row([
					id,
					r.id,
					rateTax[k].shipping / 100,
					rateTax[k].order / 100,
				]);
			});
			if (coupon) out('order_coupon_items').row([id, coupon, discount / 100]);

			// Downloads for paid orders with downloadable products.
			if (paid !== null && status !== 'refunded') {
				for (const line of lines) {
					if (!line.product.downloadable) continue;
					const pid = ++permissionId;
					const downloads = Math.floor(rand() * 4);
					out('downloadable_product_permissions').row([
						pid,
						`${line.product.id}-file`,
						line.product.id,
						id,
						`wc_order_${id}`,
						customer.email,
						customer.userId,
						'',
						gmt(paid),
						null,
						downloads,
					]);
					for (let k = 0; k < downloads; k++) {
						const when = Math.min(nowMs, paid + Math.floor(rand() * 10 * DAY));
						out('download_log').row([
							++logId,
							gmt(when),
							pid,
							customer.userId,
							pick(ips),
						]);
					}
				}
			}

			// Refunds: full for refunded orders, partial for a few completed ones.
			const refundFull = status === 'refunded';
			const refundPartial = status === 'completed' && rand() < 0.04;
			if (refundFull || refundPartial) {
				const when = Math.min(
					nowMs,
					at + (1 + Math.floor(rand() * 20)) * DAY + Math.floor(rand() * DAY),
				);
				const partialLine = refundPartial ? lines[Math.floor(rand() * lines.length)] : null;
				const rid = ++refundId;
				refunds.push(() => {
					const refundLines = partialLine ? [partialLine] : lines;
					let net = 0;
					let tax = 0;
					let ship = 0;
					let shipTax = 0;
					const perRate = rates.map(() => ({ order: 0, shipping: 0 }));
					for (const line of refundLines) {
						const qty = partialLine ? 1 : line.qty;
						const lineNet = Math.round((line.total * qty) / line.qty);
						const lineTaxes = line.taxes.map((t) => Math.round((t * qty) / line.qty));
						const lineShip = partialLine ? 0 : line.shipping;
						const lineShipTax = partialLine ? 0 : line.shippingTax;
						lineTaxes.forEach((t, k) => (perRate[k].order += t));
						const lt = lineTaxes.reduce((s, t) => s + t, 0);
						net += lineNet;
						tax += lt;
						ship += lineShip;
						shipTax += lineShipTax;
						const parent = parentOf(line.product);
						out('order_items').row([
							++itemId,
							rid,
							parent.id,
							line.product.parent ? line.product.id : 0,
							line.product.name,
							-qty,
							-lineNet / 100,
							-lineNet / 100,
							-lt / 100,
							-lineShip / 100,
							-lineShipTax / 100,
						]);
					}
					if (!partialLine)
						rates.forEach((_, k) => (perRate[k].shipping = rateTax[k].shipping));
					const refundTotal = net + tax + ship + shipTax;
					out('orders').row([
						rid,
						id,
						'shop_order_refund',
						String(id),
						'completed',
						'USD',
						customer.id,
						customer.userId,
						'',
						'',
						'',
						'',
						'',
						'',
						'',
						0,
						-ship / 100,
						-shipTax / 100,
						-tax / 100,
						-refundTotal / 100,
						'',
						local(when),
						gmt(when),
						null,
						null,
					]);
					rates.forEach((r, k) => {
						if (perRate[k].order || perRate[k].shipping)
							out('order_tax_items').row([
								rid,
								r.id,
								-perRate[k].shipping / 100,
								-perRate[k].order / 100,
							]);
					});
				});
			}
		}
	}
	for (const refund of refunds) refund();

	for (const c of customers) {
		if (c.userId !== null) {
			out('users').row([
				c.userId,
				`${c.first}${c.id}`.toLowerCase(),
				c.email,
				c.first,
				c.last,
				'customer',
				gmt(c.registered ?? startMs),
			]);
		}
		const [country, state, city, postcode] = c.place;
		out('customer_lookup').row([
			c.id,
			c.userId,
			c.userId === null ? '' : `${c.first}${c.id}`.toLowerCase(),
			c.first,
			c.last,
			c.email,
			gmt(c.lastActive),
			c.registered === null ? null : gmt(c.registered),
			country,
			postcode,
			city,
			state,
		]);
	}

	for (const w of writers.values()) w.close();
	const copy = async (table: string, file: string, columns?: string): Promise<void> => {
		if (!fs.existsSync(file)) return;
		await db.run(
			`COPY ${table}${columns ? ` (${columns})` : ''} FROM '${file.replace(/'/g, "''")}' (FORMAT csv, DELIMITER '\t', HEADER false, NULLSTR '\\N', QUOTE '', ESCAPE '', AUTO_DETECT false)`,
		);
	};
	try {
		for (const table of tables) await copy(table, path.join(dir, `${table}.tsv`));
		await deriveLookups(db);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
	await createStoreIndexes(db);
	await createAdminSchema(db);
	await seedAdminData(db, seed);
	// Last: the marker saying the store is complete (a start finding no marker regenerates it).
	await markStoreComplete(db);
	await db.run('CHECKPOINT');
	return orderId + (refundId - orderCount);
}

/** SQL list of the excluded statuses (`'wc-pending', …`) from the store option. */
async function excludedStatusesSql(db: Db): Promise<string> {
	const excluded = await db.one<{ value: string }>(
		"SELECT value FROM options WHERE name = 'woocommerce_excluded_report_order_statuses'",
	);
	const list = (JSON.parse(excluded?.value ?? '[]') as string[]).map(
		(s) => `'wc-${s.replace(/'/g, "''")}'`,
	);
	return list.length ? list.join(', ') : "''";
}

/**
 * SELECT of the order-stats rows of every raw order, in `order_stats` column order (the
 * returning-customer flag looks at all earlier orders of the customer).
 */
async function orderStatsSelect(db: Db): Promise<string> {
	const excludedSql = await excludedStatusesSql(db);
	return `
		WITH base AS (
			SELECT o.id, o.parent_id, o.date_created, o.date_created_gmt, o.date_paid, o.date_completed,
				COALESCE(i.qty, 0) AS qty, o.total, o.cart_tax + o.shipping_tax AS tax, o.shipping_total,
				'wc-' || COALESCE(p.status, o.status) AS status, o.customer_id
			FROM orders o
			LEFT JOIN (SELECT id, status FROM orders WHERE parent_id = 0) p ON p.id = o.parent_id
			LEFT JOIN (SELECT order_id, SUM(qty) AS qty FROM order_items GROUP BY order_id) i ON i.order_id = o.id
		)
		SELECT id AS order_id, parent_id, date_created, date_created_gmt, date_paid, date_completed,
			qty AS num_items_sold, total AS total_sales, tax AS tax_total, shipping_total,
			total - tax - shipping_total AS net_total,
			CASE WHEN parent_id = 0 THEN COALESCE(SUM(CASE WHEN parent_id = 0 AND status NOT IN (${excludedSql}) THEN 1 ELSE 0 END) OVER (
				PARTITION BY customer_id ORDER BY date_created, parent_id, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
			), 0) > 0 END AS returning_customer,
			status, customer_id
		FROM base`;
}

/**
 * Writes the product, tax and coupon lookup rows of the orders whose id satisfies `condition`
 * (SQL over the given order-id column, with `params`).
 */
export async function insertLineLookups(
	db: Db,
	condition: (column: string) => string,
	params: SqlValue[] = [],
): Promise<void> {
	const cond = (alias: string): string => condition(`${alias}.order_id`);
	await db.run(
		`INSERT INTO order_product_lookup
		SELECT i.order_item_id, i.order_id, i.product_id, i.variation_id, o.customer_id, o.date_created, i.qty,
			i.total, i.total + i.tax + i.shipping + i.shipping_tax, i.subtotal - i.total, i.tax, i.shipping, i.shipping_tax
		FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.qty <> 0 AND ${cond('i')}`,
		params,
	);
	await db.run(
		`INSERT INTO order_tax_lookup
		SELECT t.order_id, t.tax_rate_id, o.date_created, t.shipping_tax, t.order_tax, t.shipping_tax + t.order_tax
		FROM order_tax_items t JOIN orders o ON o.id = t.order_id WHERE ${cond('t')}`,
		params,
	);
	await db.run(
		`INSERT INTO order_coupon_lookup
		SELECT c.order_id, c.coupon_id, o.date_created, c.discount_amount
		FROM order_coupon_items c JOIN orders o ON o.id = c.order_id WHERE ${cond('c')}`,
		params,
	);
}

/** Category counts and product sales totals, from the lookup tables. */
export async function updateCatalogueTotals(db: Db): Promise<void> {
	await db.exec(`
		UPDATE categories SET count = c.n FROM (
			SELECT category_id, COUNT(*) AS n FROM product_categories GROUP BY category_id
		) c WHERE c.category_id = categories.id;
		UPDATE products SET total_sales = s.n FROM (
			SELECT CASE WHEN variation_id <> 0 THEN variation_id ELSE product_id END AS id, SUM(product_qty) AS n
			FROM order_product_lookup GROUP BY 1
		) s WHERE s.id = products.id;
	`);
}

/**
 * Stages the order-stats rows of the orders created since `since` (local 'YYYY-MM-DD HH:MM:SS',
 * all when null), optionally leaving out orders already in `order_stats`, in the temporary table
 * `import_stage` numbered by `rn` (1…n, by order id). Returns n.
 */
export async function stageOrderStats(
	db: Db,
	since: string | null,
	skipExisting: boolean,
): Promise<number> {
	const conditions = [
		since === null ? '' : 'date_created >= CAST(? AS TIMESTAMP)',
		skipExisting ? 'order_id NOT IN (SELECT order_id FROM order_stats)' : '',
	].filter(Boolean);
	await db.run(
		`CREATE OR REPLACE TEMP TABLE import_stage AS
		SELECT row_number() OVER (ORDER BY order_id) AS rn, * FROM (${await orderStatsSelect(db)}) x
		${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`,
		since === null ? [] : [since],
	);
	const row = await db.one<{ n: number }>('SELECT COUNT(*) AS n FROM import_stage');
	return Number(row?.n ?? 0);
}

/**
 * Moves staged rows `from`…`to` (by `rn`) into the lookup tables, replacing earlier rows of the
 * same orders. Call inside a transaction.
 */
export async function importStagedBatch(db: Db, from: number, to: number): Promise<void> {
	const ids = (column: string): string =>
		`${column} IN (SELECT order_id FROM import_stage WHERE rn BETWEEN ? AND ?)`;
	for (const table of [
		'order_stats',
		'order_product_lookup',
		'order_tax_lookup',
		'order_coupon_lookup',
	])
		await db.run(`DELETE FROM ${table} WHERE ${ids(`${table}.order_id`)}`, [from, to]);
	await db.run(
		`INSERT INTO order_stats SELECT * EXCLUDE (rn) FROM import_stage WHERE rn BETWEEN ? AND ?`,
		[from, to],
	);
	await insertLineLookups(db, ids, [from, to]);
}

/**
 * Rebuilds the analytics lookup tables from the raw orders at once: order stats with the
 * returning-customer flag, product lines, taxes and coupons (from the raw tax and coupon lines),
 * category counts, product sales totals and the daily roll-ups.
 */
export async function deriveLookups(db: Db): Promise<void> {
	await db.exec(`
		DELETE FROM order_stats;
		DELETE FROM order_product_lookup;
		DELETE FROM order_tax_lookup;
		DELETE FROM order_coupon_lookup;
	`);
	await db.run(`INSERT INTO order_stats ${await orderStatsSelect(db)}`);
	await insertLineLookups(db, () => 'true');
	await updateCatalogueTotals(db);
	await refreshRollups(db);
}
