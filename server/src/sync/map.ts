/**
 * WooCommerce REST v3 JSON → the records the engine stores. Orders and refunds become
 * `FetchedOrder`s (one row of the raw `orders` table with its line items, item meta, tax lines and
 * coupon lines); products, variations, categories, attributes, coupons, customers and tax rates
 * become rows of the catalogue tables. Every reader checks the shape it needs and throws a
 * `MalformedError` naming the field otherwise (the sync treats such a page as malformed and asks
 * again).
 *
 * Dates: WooCommerce answers `date_created` in store time and `date_created_gmt` in UTC, both as
 * `YYYY-MM-DDTHH:MM:SS`; the engine keeps both as `YYYY-MM-DD HH:MM:SS`.
 */

export class MalformedError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'MalformedError';
	}
}

export type Json = Record<string, unknown>;

function obj(value: unknown, what: string): Json {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw new MalformedError(`${what} is not an object`);
	}
	return value as Json;
}

function list(value: unknown, what: string): unknown[] {
	if (value === undefined || value === null) return [];
	if (!Array.isArray(value)) throw new MalformedError(`${what} is not a list`);
	return value;
}

function id(value: unknown, what: string): number {
	const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
		throw new MalformedError(`${what} is not an id`);
	}
	return n;
}

/** A money or quantity field: WooCommerce sends numbers as strings ("12.50") or numbers. */
function num(value: unknown, what: string): number {
	if (value === null || value === undefined || value === '') return 0;
	const n = typeof value === 'number' ? value : Number(value);
	if (typeof value === 'boolean' || !Number.isFinite(n)) {
		throw new MalformedError(`${what} is not a number`);
	}
	return n;
}

function str(value: unknown): string {
	if (value === null || value === undefined) return '';
	return typeof value === 'string' ? value : String(value);
}

/** `YYYY-MM-DDTHH:MM:SS` → `YYYY-MM-DD HH:MM:SS`; null for empty values. */
export function sqlDate(value: unknown, what: string): string | null {
	if (value === null || value === undefined || value === '') return null;
	if (typeof value !== 'string') throw new MalformedError(`${what} is not a date`);
	const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})/.exec(value);
	if (!m) throw new MalformedError(`${what} is not a date`);
	return `${m[1]} ${m[2]}`;
}

function requiredDate(value: unknown, what: string): string {
	const date = sqlDate(value, what);
	if (date === null) throw new MalformedError(`${what} is missing`);
	return date;
}

export interface ItemRecord {
	orderItemId: number;
	productId: number;
	variationId: number;
	name: string;
	qty: number;
	subtotal: number;
	total: number;
	tax: number;
	/** The item's share of the order's shipping and shipping tax (by quantity). */
	shipping: number;
	shippingTax: number;
	/**
	 * Visible item meta (variation attributes: `pa_size` → slug, `size` → value), plus `_cogs_value`
	 * (the line's total cost) when the store records the cost of goods sold.
	 */
	meta: Array<{ key: string; value: string }>;
}

export interface FetchedOrder {
	id: number;
	parentId: number;
	type: 'shop_order' | 'shop_order_refund';
	number: string;
	status: string;
	currency: string;
	/** WooCommerce's customer (user) id; null for a guest. */
	userId: number | null;
	billing: {
		firstName: string;
		lastName: string;
		email: string;
		country: string;
		state: string;
		city: string;
		postcode: string;
	};
	discountTotal: number;
	shippingTotal: number;
	shippingTax: number;
	cartTax: number;
	total: number;
	paymentMethod: string;
	dateCreated: string;
	dateCreatedGmt: string;
	datePaid: string | null;
	dateCompleted: string | null;
	dateModifiedGmt: string | null;
	items: ItemRecord[];
	taxes: Array<{ rateId: number; orderTax: number; shippingTax: number }>;
	coupons: Array<{ code: string; discount: number }>;
	/** Refund ids the order lists (refunds themselves come from orders/{id}/refunds). */
	refundIds: number[];
	/** The gateway's title as the customer saw it ('Direct bank transfer'). */
	paymentMethodTitle: string;
	shippingCountry: string;
	shippingState: string;
	/** The order's shipping lines (none for a refund). */
	shippingLines: Array<{
		itemId: number;
		methodId: string;
		methodTitle: string;
		total: number;
		totalTax: number;
	}>;
	/**
	 * The order's attribution meta (`_wc_order_attribution_*`: WooCommerce's REST order lists them
	 * in `meta_data`, as they are not internal keys of its order data store); none for a refund.
	 */
	meta: Array<{ key: string; value: string }>;
}

/** Quantity-proportional shares of `amount` over items, the rounding rest on the last one. */
function shares(amount: number, quantities: number[]): number[] {
	const count = quantities.reduce((s, q) => s + Math.abs(q), 0);
	if (!count || !amount) return quantities.map(() => 0);
	return quantities.map((q) => (amount * Math.abs(q)) / count);
}

function itemMeta(item: Json, what: string): Array<{ key: string; value: string }> {
	const out: Array<{ key: string; value: string }> = [];
	for (const [i, raw] of list(item.meta_data, `${what}.meta_data`).entries()) {
		const meta = obj(raw, `${what}.meta_data[${i}]`);
		const key = str(meta.key);
		if (!key || key.startsWith('_')) continue;
		if (typeof meta.value !== 'string' && typeof meta.value !== 'number') continue;
		out.push({ key, value: String(meta.value) });
	}
	// WooCommerce 9.5+ with "Cost of Goods Sold" on: the line's total cost (`_cogs_value`, which
	// REST hides from meta_data but answers as `cost_of_goods_sold.value`). WooCommerce writes 0
	// on the line of a product that has no cost, so a 0 is no recorded cost: the line then takes
	// the cost history's, or is counted without a cost (never as free).
	if (item.cost_of_goods_sold !== undefined && item.cost_of_goods_sold !== null) {
		const cogs = obj(item.cost_of_goods_sold, `${what}.cost_of_goods_sold`).value;
		if (typeof cogs === 'number' && Number.isFinite(cogs) && cogs !== 0) {
			out.push({ key: '_cogs_value', value: String(cogs) });
		}
	}
	return out;
}

const ATTRIBUTION_PREFIX = '_wc_order_attribution_';

/** The order's attribution meta (the only order meta the engine keeps). */
function orderMeta(o: Json, what: string): Array<{ key: string; value: string }> {
	const out: Array<{ key: string; value: string }> = [];
	for (const [i, raw] of list(o.meta_data, `${what}.meta_data`).entries()) {
		const meta = obj(raw, `${what}.meta_data[${i}]`);
		const key = str(meta.key);
		if (!key.startsWith(ATTRIBUTION_PREFIX)) continue;
		if (typeof meta.value !== 'string' && typeof meta.value !== 'number') continue;
		out.push({ key, value: String(meta.value) });
	}
	return out;
}

function shippingLines(o: Json, what: string): FetchedOrder['shippingLines'] {
	return list(o.shipping_lines, `${what}.shipping_lines`).map((raw, i) => {
		const w = `${what}.shipping_lines[${i}]`;
		const line = obj(raw, w);
		return {
			itemId: id(line.id, `${w}.id`),
			methodId: str(line.method_id),
			methodTitle: str(line.method_title),
			total: num(line.total, `${w}.total`),
			totalTax: num(line.total_tax, `${w}.total_tax`),
		};
	});
}

/** Per-rate tax amounts from the `taxes` arrays of some lines. */
function lineTaxes(lines: unknown[], what: string): Map<number, number> {
	const out = new Map<number, number>();
	for (const [i, raw] of lines.entries()) {
		const line = obj(raw, `${what}[${i}]`);
		for (const [j, t] of list(line.taxes, `${what}[${i}].taxes`).entries()) {
			const tax = obj(t, `${what}[${i}].taxes[${j}]`);
			const rate = id(tax.id, `${what}[${i}].taxes[${j}].id`);
			out.set(rate, (out.get(rate) ?? 0) + num(tax.total, `${what}[${i}].taxes[${j}].total`));
		}
	}
	return out;
}

function mapItems(o: Json, what: string, shipping: number, shippingTax: number): ItemRecord[] {
	const lines = list(o.line_items, `${what}.line_items`).map((raw, i) =>
		obj(raw, `${what}.line_items[${i}]`),
	);
	const qty = lines.map((l, i) => num(l.quantity, `${what}.line_items[${i}].quantity`));
	const shippingShares = shares(shipping, qty);
	const shippingTaxShares = shares(shippingTax, qty);
	return lines.map((line, i) => {
		const w = `${what}.line_items[${i}]`;
		return {
			orderItemId: id(line.id, `${w}.id`),
			productId: id(line.product_id ?? 0, `${w}.product_id`),
			variationId: id(line.variation_id ?? 0, `${w}.variation_id`),
			name: str(line.name),
			qty: Math.round(qty[i]),
			subtotal: num(line.subtotal, `${w}.subtotal`),
			total: num(line.total, `${w}.total`),
			tax: num(line.total_tax, `${w}.total_tax`),
			shipping: shippingShares[i],
			shippingTax: shippingTaxShares[i],
			meta: itemMeta(line, w),
		};
	});
}

/** An order of `GET wc/v3/orders`. */
export function mapOrder(raw: unknown): FetchedOrder {
	const o = obj(raw, 'order');
	const orderId = id(o.id, 'order.id');
	const what = `order ${orderId}`;
	const billing = o.billing === undefined ? {} : obj(o.billing, `${what}.billing`);
	const shipping =
		o.shipping === undefined || o.shipping === null ? {} : obj(o.shipping, `${what}.shipping`);
	const shippingTotal = num(o.shipping_total, `${what}.shipping_total`);
	const shippingTax = num(o.shipping_tax, `${what}.shipping_tax`);
	const customer = id(o.customer_id ?? 0, `${what}.customer_id`);
	const taxes = list(o.tax_lines, `${what}.tax_lines`).map((t, i) => {
		const tax = obj(t, `${what}.tax_lines[${i}]`);
		return {
			rateId: id(tax.rate_id, `${what}.tax_lines[${i}].rate_id`),
			orderTax: num(tax.tax_total, `${what}.tax_lines[${i}].tax_total`),
			shippingTax: num(tax.shipping_tax_total, `${what}.tax_lines[${i}].shipping_tax_total`),
		};
	});
	return {
		id: orderId,
		parentId: 0,
		type: 'shop_order',
		number: str(o.number) || String(orderId),
		status: str(o.status).replace(/^wc-/, ''),
		currency: str(o.currency),
		userId: customer > 0 ? customer : null,
		billing: {
			firstName: str(billing.first_name),
			lastName: str(billing.last_name),
			email: str(billing.email).toLowerCase(),
			country: str(billing.country),
			state: str(billing.state),
			city: str(billing.city),
			postcode: str(billing.postcode),
		},
		discountTotal: num(o.discount_total, `${what}.discount_total`),
		shippingTotal,
		shippingTax,
		cartTax: num(o.cart_tax, `${what}.cart_tax`),
		total: num(o.total, `${what}.total`),
		paymentMethod: str(o.payment_method),
		dateCreated: requiredDate(o.date_created, `${what}.date_created`),
		dateCreatedGmt: requiredDate(o.date_created_gmt, `${what}.date_created_gmt`),
		datePaid: sqlDate(o.date_paid, `${what}.date_paid`),
		dateCompleted: sqlDate(o.date_completed, `${what}.date_completed`),
		dateModifiedGmt: sqlDate(o.date_modified_gmt, `${what}.date_modified_gmt`),
		items: mapItems(o, what, shippingTotal, shippingTax),
		taxes,
		coupons: list(o.coupon_lines, `${what}.coupon_lines`).map((c, i) => {
			const coupon = obj(c, `${what}.coupon_lines[${i}]`);
			return {
				code: str(coupon.code).toLowerCase(),
				discount: num(coupon.discount, `${what}.coupon_lines[${i}].discount`),
			};
		}),
		refundIds: list(o.refunds, `${what}.refunds`).map((r, i) =>
			id(obj(r, `${what}.refunds[${i}]`).id, `${what}.refunds[${i}].id`),
		),
		paymentMethodTitle: str(o.payment_method_title),
		shippingCountry: str(shipping.country),
		shippingState: str(shipping.state),
		shippingLines: shippingLines(o, what),
		meta: orderMeta(o, what),
	};
}

/**
 * A refund of `GET wc/v3/orders/{id}/refunds`, as a row of its own (negative amounts), carrying
 * its order's customer and billing details.
 */
export function mapRefund(raw: unknown, parent: FetchedOrder): FetchedOrder {
	const r = obj(raw, 'refund');
	const refundId = id(r.id, `refund of order ${parent.id}`);
	const what = `refund ${refundId}`;
	const shippingLines = list(r.shipping_lines, `${what}.shipping_lines`);
	const feeLines = list(r.fee_lines, `${what}.fee_lines`);
	let shippingTotal = 0;
	let shippingTax = 0;
	for (const [i, s] of shippingLines.entries()) {
		const line = obj(s, `${what}.shipping_lines[${i}]`);
		shippingTotal += num(line.total, `${what}.shipping_lines[${i}].total`);
		shippingTax += num(line.total_tax, `${what}.shipping_lines[${i}].total_tax`);
	}
	const items = mapItems(r, what, shippingTotal, shippingTax);
	let cartTax = items.reduce((s, i) => s + i.tax, 0);
	for (const [i, f] of feeLines.entries()) {
		cartTax += num(obj(f, `${what}.fee_lines[${i}]`).total_tax, `${what}.fee_lines[${i}]`);
	}
	// Tax per rate: the refund's tax lines when WooCommerce gives them, else its lines' taxes.
	let taxes: FetchedOrder['taxes'];
	const taxLines = list(r.tax_lines, `${what}.tax_lines`);
	if (taxLines.length) {
		taxes = taxLines.map((t, i) => {
			const tax = obj(t, `${what}.tax_lines[${i}]`);
			return {
				rateId: id(tax.rate_id, `${what}.tax_lines[${i}].rate_id`),
				orderTax: num(tax.tax_total, `${what}.tax_lines[${i}].tax_total`),
				shippingTax: num(
					tax.shipping_tax_total,
					`${what}.tax_lines[${i}].shipping_tax_total`,
				),
			};
		});
	} else {
		const order = lineTaxes([...list(r.line_items, what), ...feeLines], `${what}.lines`);
		const ship = lineTaxes(shippingLines, `${what}.shipping_lines`);
		taxes = [...new Set([...order.keys(), ...ship.keys()])]
			.sort((a, b) => a - b)
			.map((rateId) => ({
				rateId,
				orderTax: order.get(rateId) ?? 0,
				shippingTax: ship.get(rateId) ?? 0,
			}))
			.filter((t) => t.orderTax !== 0 || t.shippingTax !== 0);
	}
	const amount = num(r.amount, `${what}.amount`);
	return {
		...parent,
		id: refundId,
		parentId: parent.id,
		type: 'shop_order_refund',
		number: String(refundId),
		discountTotal: 0,
		shippingTotal,
		shippingTax,
		cartTax,
		total: -Math.abs(amount),
		dateCreated: requiredDate(r.date_created, `${what}.date_created`),
		dateCreatedGmt: requiredDate(r.date_created_gmt, `${what}.date_created_gmt`),
		datePaid: null,
		dateCompleted: null,
		dateModifiedGmt: null,
		items,
		taxes,
		coupons: [],
		refundIds: [],
		shippingLines: [],
		meta: [],
	};
}

export interface ProductRecord {
	id: number;
	parentId: number;
	type: string;
	status: string;
	name: string;
	slug: string;
	sku: string;
	price: number | null;
	regularPrice: number | null;
	salePrice: number | null;
	stockQuantity: number | null;
	manageStock: boolean;
	lowStockAmount: number | null;
	stockStatus: string;
	image: string;
	virtual: boolean;
	downloadable: boolean;
	totalSales: number;
	averageRating: number;
	ratingCount: number;
	menuOrder: number;
	onSale: boolean;
	taxStatus: string;
	taxClass: string;
	dateCreated: string;
	dateCreatedGmt: string;
	categoryIds: number[];
	/** Attributes: global ones by id (0 for a product's own), with their options. */
	attributes: Array<{ id: number; name: string; options: string[]; variation: boolean }>;
	/** A variation's own attribute values. */
	variationAttributes: Array<{ id: number; name: string; option: string }>;
	variationIds: number[];
	/**
	 * The store's unit cost (`cost_of_goods_sold.total_value`, WooCommerce 9.5+ with "Cost of Goods
	 * Sold" on); null when the store does not answer one, or when the product has none defined
	 * (WooCommerce then answers a total of 0): see `storeCost`.
	 */
	cost: number | null;
}

function optionalNum(value: unknown, what: string): number | null {
	if (value === null || value === undefined || value === '') return null;
	return num(value, what);
}

/**
 * A product's unit cost from WooCommerce's `cost_of_goods_sold` (`{ values: [{ defined_value,
 * effective_value }], total_value }`): `total_value` when a cost is defined, null when none is.
 * WooCommerce answers a total of 0 for a product without a cost (it stores no 0 cost for a
 * product: it turns one into "none"); a variation without its own cost has its parent's, so it
 * has none only when its parent has none either. Without `values` (older answers), the total.
 */
function storeCost(raw: unknown, what: string, parent?: ProductRecord): number | null {
	if (raw === undefined || raw === null) return null;
	const cogs = obj(raw, `${what}.cost_of_goods_sold`);
	const total = optionalNum(cogs.total_value, `${what}.cost_of_goods_sold.total_value`);
	if (cogs.values === undefined || cogs.values === null) return total;
	const defined = list(cogs.values, `${what}.cost_of_goods_sold.values`).some((entry, i) => {
		const value = obj(entry, `${what}.cost_of_goods_sold.values[${i}]`).defined_value;
		return value !== null && value !== undefined && value !== '';
	});
	if (defined) return total;
	return parent && parent.cost !== null ? total : null;
}

/** A product of `GET wc/v3/products` or a variation of `products/{id}/variations`. */
export function mapProduct(raw: unknown, parent?: ProductRecord): ProductRecord {
	const p = obj(raw, 'product');
	const productId = id(p.id, 'product.id');
	const what = `product ${productId}`;
	const images = list(p.images, `${what}.images`);
	const image =
		p.image && typeof p.image === 'object'
			? str((p.image as Json).src)
			: images.length
				? str(obj(images[0], `${what}.images[0]`).src)
				: '';
	const created =
		sqlDate(p.date_created, `${what}.date_created`) ??
		parent?.dateCreated ??
		'1970-01-01 00:00:00';
	const createdGmt =
		sqlDate(p.date_created_gmt, `${what}.date_created_gmt`) ??
		parent?.dateCreatedGmt ??
		created;
	const attributes = parent
		? []
		: list(p.attributes, `${what}.attributes`).map((a, i) => {
				const attribute = obj(a, `${what}.attributes[${i}]`);
				return {
					id: id(attribute.id ?? 0, `${what}.attributes[${i}].id`),
					name: str(attribute.name),
					options: list(attribute.options, `${what}.attributes[${i}].options`).map(str),
					variation: attribute.variation === true,
				};
			});
	const variationAttributes = parent
		? list(p.attributes, `${what}.attributes`).map((a, i) => {
				const attribute = obj(a, `${what}.attributes[${i}]`);
				return {
					id: id(attribute.id ?? 0, `${what}.attributes[${i}].id`),
					name: str(attribute.name),
					option: str(attribute.option),
				};
			})
		: [];
	const manage = p.manage_stock === true;
	// A variation is named after its product and its attribute values ("T-Shirt - L"), as in
	// WooCommerce's analytics; its REST name may be the values alone.
	const own = str(p.name);
	const name = parent
		? own.startsWith(parent.name)
			? own
			: `${parent.name} - ${variationAttributes.map((a) => a.option).join(', ') || own}`
		: own;
	return {
		id: productId,
		parentId: parent ? parent.id : id(p.parent_id ?? 0, `${what}.parent_id`),
		type: parent ? 'variation' : str(p.type) || 'simple',
		status: str(p.status) || 'publish',
		name,
		slug: str(p.slug) || (parent ? `${parent.slug}-${productId}` : String(productId)),
		sku: str(p.sku),
		price: optionalNum(p.price, `${what}.price`),
		regularPrice: optionalNum(p.regular_price, `${what}.regular_price`),
		salePrice: optionalNum(p.sale_price, `${what}.sale_price`),
		stockQuantity: manage ? optionalNum(p.stock_quantity, `${what}.stock_quantity`) : null,
		manageStock: manage,
		lowStockAmount: optionalNum(p.low_stock_amount, `${what}.low_stock_amount`),
		stockStatus: str(p.stock_status) || 'instock',
		image,
		virtual: p.virtual === true,
		downloadable: p.downloadable === true,
		totalSales: Math.round(num(p.total_sales, `${what}.total_sales`)),
		averageRating: num(p.average_rating, `${what}.average_rating`),
		ratingCount: Math.round(num(p.rating_count, `${what}.rating_count`)),
		menuOrder: Math.round(num(p.menu_order, `${what}.menu_order`)),
		onSale: p.on_sale === true,
		taxStatus: str(p.tax_status) || 'taxable',
		taxClass: str(p.tax_class),
		dateCreated: created,
		dateCreatedGmt: createdGmt,
		categoryIds: parent
			? parent.categoryIds
			: list(p.categories, `${what}.categories`).map((c, i) =>
					id(obj(c, `${what}.categories[${i}]`).id, `${what}.categories[${i}].id`),
				),
		attributes,
		variationAttributes,
		variationIds: parent
			? []
			: list(p.variations, `${what}.variations`).map((v, i) =>
					id(typeof v === 'object' && v ? (v as Json).id : v, `${what}.variations[${i}]`),
				),
		cost: storeCost(p.cost_of_goods_sold, what, parent),
	};
}

export interface CategoryRecord {
	id: number;
	name: string;
	slug: string;
	parent: number;
	description: string;
	count: number;
}

export function mapCategory(raw: unknown): CategoryRecord {
	const c = obj(raw, 'category');
	const categoryId = id(c.id, 'category.id');
	return {
		id: categoryId,
		name: str(c.name),
		slug: str(c.slug),
		parent: id(c.parent ?? 0, `category ${categoryId}.parent`),
		description: str(c.description),
		count: Math.round(num(c.count, `category ${categoryId}.count`)),
	};
}

export interface CouponRecord {
	id: number;
	code: string;
	discountType: string;
	amount: number;
	dateCreated: string;
	dateCreatedGmt: string;
	dateExpires: string | null;
	dateExpiresGmt: string | null;
}

export function mapCoupon(raw: unknown): CouponRecord {
	const c = obj(raw, 'coupon');
	const couponId = id(c.id, 'coupon.id');
	const what = `coupon ${couponId}`;
	const created = requiredDate(c.date_created, `${what}.date_created`);
	return {
		id: couponId,
		code: str(c.code).toLowerCase(),
		discountType: str(c.discount_type) || 'fixed_cart',
		amount: num(c.amount, `${what}.amount`),
		dateCreated: created,
		dateCreatedGmt: sqlDate(c.date_created_gmt, `${what}.date_created_gmt`) ?? created,
		dateExpires: sqlDate(c.date_expires, `${what}.date_expires`),
		dateExpiresGmt: sqlDate(c.date_expires_gmt, `${what}.date_expires_gmt`),
	};
}

export interface CustomerRecord {
	userId: number;
	username: string;
	email: string;
	firstName: string;
	lastName: string;
	role: string;
	/** Registration date, UTC. */
	dateRegisteredGmt: string | null;
	country: string;
	state: string;
	city: string;
	postcode: string;
}

export function mapCustomer(raw: unknown): CustomerRecord {
	const c = obj(raw, 'customer');
	const userId = id(c.id, 'customer.id');
	const what = `customer ${userId}`;
	const billing = c.billing === undefined ? {} : obj(c.billing, `${what}.billing`);
	return {
		userId,
		username: str(c.username),
		email: str(c.email).toLowerCase(),
		firstName: str(c.first_name) || str(billing.first_name),
		lastName: str(c.last_name) || str(billing.last_name),
		role: str(c.role) || 'customer',
		dateRegisteredGmt: sqlDate(c.date_created_gmt, `${what}.date_created_gmt`),
		country: str(billing.country),
		state: str(billing.state),
		city: str(billing.city),
		postcode: str(billing.postcode),
	};
}

export interface TaxRateRecord {
	id: number;
	country: string;
	state: string;
	rate: string;
	name: string;
	priority: number;
	compound: boolean;
	shipping: boolean;
	order: number;
	class: string;
}

export function mapTaxRate(raw: unknown): TaxRateRecord {
	const t = obj(raw, 'tax rate');
	const rateId = id(t.id, 'tax rate.id');
	const what = `tax rate ${rateId}`;
	const tClass = str(t.class);
	return {
		id: rateId,
		country: str(t.country),
		state: str(t.state),
		rate: str(t.rate),
		name: str(t.name),
		priority: Math.round(num(t.priority ?? 1, `${what}.priority`)),
		compound: t.compound === true,
		shipping: t.shipping !== false,
		order: Math.round(num(t.order, `${what}.order`)),
		class: tClass === 'standard' ? '' : tClass,
	};
}

export interface AttributeRecord {
	id: number;
	name: string;
	slug: string;
	type: string;
	orderBy: string;
	hasArchives: boolean;
	terms: Array<{ id: number; name: string; slug: string; menuOrder: number }>;
}

export function mapAttribute(raw: unknown, terms: unknown[]): AttributeRecord {
	const a = obj(raw, 'attribute');
	const attributeId = id(a.id, 'attribute.id');
	const what = `attribute ${attributeId}`;
	return {
		id: attributeId,
		name: str(a.name),
		slug: str(a.slug),
		type: str(a.type) || 'select',
		orderBy: str(a.order_by) || 'menu_order',
		hasArchives: a.has_archives === true,
		terms: terms.map((t, i) => {
			const term = obj(t, `${what}.terms[${i}]`);
			return {
				id: id(term.id, `${what}.terms[${i}].id`),
				name: str(term.name),
				slug: str(term.slug),
				menuOrder: Math.round(num(term.menu_order, `${what}.terms[${i}].menu_order`)),
			};
		}),
	};
}
