/**
 * Writes what the sync fetched into the engine's tables. Orders go through the pipeline of
 * `db/pipeline.ts` (`applyOrderChanges`: raw rows, lookups, roll-ups); this module resolves what
 * the pipeline needs from the store's own ids (customer lookup ids for users and guests, coupon
 * ids for coupon codes) and writes the catalogue (products and variations with stock, categories,
 * attributes, coupons, customers, tax rates), the store's own product costs (cost of goods sold,
 * `db/costs.ts`) and the store's settings (read by the reports at query time: a change of the
 * date type recomputes nothing, `db/date-basis.ts`).
 *
 * Every function here runs inside the caller's transaction (`db.transaction` joins it), so a batch
 * and the sync state that accounts for it commit together: readers never see half of either.
 */
import type { Db } from '../core/db.js';
import { recordStoreCost } from '../db/costs.js';
import { getOption } from '../db/options.js';
import { PRODUCT_COLUMNS } from '../db/product-columns.js';
import { applyOrderChanges, updateCatalogueTotals, type OrderRecord } from '../db/pipeline.js';
import { refreshRollups } from '../db/rollups.js';
import { insertRows } from '../db/sql.js';
import type {
	AttributeRecord,
	CategoryRecord,
	CouponRecord,
	CustomerRecord,
	FetchedOrder,
	ProductRecord,
	TaxRateRecord,
} from './map.js';

const ids = (list: readonly number[]): string => JSON.stringify(list.map((n) => Math.trunc(n)));
const IDS = 'SELECT unnest(CAST(? AS INTEGER[]))';

/** The customer lookup's ids by user (`u<id>`) and by guest e-mail (`g<email>`), read once a batch. */
interface CustomerIndex {
	ids: Map<string, number>;
	/** A guest's latest order date seen (UTC), to keep their details from their latest order. */
	guestLast: Map<number, string>;
	next: number;
}

async function customerIndex(db: Db): Promise<CustomerIndex> {
	const rows = await db.all<{
		customer_id: number;
		user_id: number | null;
		email: string | null;
		last: string | null;
	}>(
		'SELECT customer_id, user_id, lower(email) AS email, CAST(date_last_active AS VARCHAR) AS last FROM customer_lookup ORDER BY customer_id',
	);
	const ids = new Map<string, number>();
	const guestLast = new Map<number, string>();
	let next = 1;
	for (const r of rows) {
		const id = Number(r.customer_id);
		next = Math.max(next, id + 1);
		if (r.user_id !== null) ids.set(`u${Number(r.user_id)}`, id);
		else if (r.email && !ids.has(`g${r.email}`)) {
			ids.set(`g${r.email}`, id);
			if (r.last) guestLast.set(id, r.last.slice(0, 19));
		}
	}
	return { ids, guestLast, next };
}

/** The customer lookup id of an order's customer, creating the row from the order when missing. */
async function customerIdFor(
	db: Db,
	order: FetchedOrder,
	index: CustomerIndex,
): Promise<number | null> {
	if (order.userId === null && !order.billing.email) return null;
	const key = order.userId !== null ? `u${order.userId}` : `g${order.billing.email}`;
	let id = index.ids.get(key);
	if (id === undefined) {
		id = index.next++;
		index.ids.set(key, id);
		await db.run(
			`INSERT INTO customer_lookup (customer_id, user_id, username, first_name, last_name, email,
				date_last_active, date_registered, country, postcode, city, state)
			VALUES (?, ?, '', ?, ?, ?, NULL, NULL, ?, ?, ?, ?)`,
			[
				id,
				order.userId,
				order.billing.firstName,
				order.billing.lastName,
				order.billing.email || null,
				order.billing.country,
				order.billing.postcode,
				order.billing.city,
				order.billing.state,
			],
		);
		if (order.userId === null) index.guestLast.set(id, order.dateCreatedGmt);
	} else if (order.userId === null && order.dateCreatedGmt > (index.guestLast.get(id) ?? '')) {
		// A guest's details follow their latest order.
		index.guestLast.set(id, order.dateCreatedGmt);
		await db.run(
			'UPDATE customer_lookup SET first_name = ?, last_name = ?, country = ?, postcode = ?, city = ?, state = ? WHERE customer_id = ?',
			[
				order.billing.firstName,
				order.billing.lastName,
				order.billing.country,
				order.billing.postcode,
				order.billing.city,
				order.billing.state,
				id,
			],
		);
	}
	return id;
}

/** Coupon ids by code; a code the store no longer has gets −1, −2 … within its order. */
async function couponIds(db: Db): Promise<Map<string, number>> {
	const rows = await db.all<{ id: number; code: string }>('SELECT id, code FROM coupons');
	return new Map(rows.map((r) => [String(r.code).toLowerCase(), Number(r.id)]));
}

/** A fetched order or refund as the pipeline's record. */
function toRecord(
	o: FetchedOrder,
	customerId: number | null,
	coupons: Map<string, number>,
): OrderRecord {
	let unknown = 0;
	return {
		id: o.id,
		parent_id: o.parentId,
		type: o.type,
		number: o.number,
		status: o.status,
		currency: o.currency,
		customer_id: customerId,
		user_id: o.userId,
		billing_first_name: o.billing.firstName,
		billing_last_name: o.billing.lastName,
		billing_email: o.billing.email,
		billing_country: o.billing.country,
		billing_state: o.billing.state,
		billing_city: o.billing.city,
		billing_postcode: o.billing.postcode,
		discount_total: o.discountTotal,
		shipping_total: o.shippingTotal,
		shipping_tax: o.shippingTax,
		cart_tax: o.cartTax,
		total: o.total,
		payment_method: o.paymentMethod,
		date_created: o.dateCreated,
		date_created_gmt: o.dateCreatedGmt,
		date_paid: o.datePaid,
		date_completed: o.dateCompleted,
		lines: o.items.map((i) => ({
			order_item_id: i.orderItemId,
			product_id: i.productId,
			variation_id: i.variationId,
			name: i.name,
			qty: i.qty,
			subtotal: i.subtotal,
			total: i.total,
			tax: i.tax,
			shipping: i.shipping,
			shipping_tax: i.shippingTax,
			meta: i.meta,
		})),
		taxes: o.taxes.map((t) => ({
			tax_rate_id: t.rateId,
			order_tax: t.orderTax,
			shipping_tax: t.shippingTax,
		})),
		coupons: o.coupons.map((c) => ({
			coupon_id: coupons.get(c.code) ?? --unknown,
			discount_amount: c.discount,
		})),
		payment_method_title: o.paymentMethodTitle,
		shipping_country: o.shippingCountry,
		shipping_state: o.shippingState,
		shipping_lines: o.shippingLines.map((l) => ({
			order_item_id: l.itemId,
			method_id: l.methodId,
			method_title: l.methodTitle,
			total: l.total,
			total_tax: l.totalTax,
		})),
		meta: o.meta,
	};
}

export interface OrderBatch {
	/** Orders with their refunds (refund rows follow their order). */
	orders: Array<{ order: FetchedOrder; refunds: FetchedOrder[] }>;
	/** Orders gone from the store (deleted or trashed): removed with their refunds. */
	remove?: number[];
}

/**
 * Writes a batch of orders (replacing earlier rows of the same ids, removing refunds the store no
 * longer lists) and removes deleted ones, through the pipeline. Returns the number of order rows
 * written. Call inside a transaction together with the sync state.
 */
export async function writeOrderBatch(db: Db, batch: OrderBatch): Promise<number> {
	return db.transaction(async () => {
		const coupons = await couponIds(db);
		const customers = await customerIndex(db);
		const touchedCustomers = new Set<number>();
		const upsert: OrderRecord[] = [];
		const orderIds = batch.orders.map((o) => o.order.id);
		// Refunds stored before that the store no longer lists.
		const stale = orderIds.length
			? await db.all<{ id: number; parent_id: number }>(
					`SELECT id, parent_id FROM orders WHERE parent_id IN (${IDS})`,
					[ids(orderIds)],
				)
			: [];
		const keep = new Set(batch.orders.flatMap((o) => o.refunds.map((r) => r.id)));
		const remove = [
			...(batch.remove ?? []),
			...stale.map((r) => Number(r.id)).filter((id) => !keep.has(id)),
		];
		for (const { order, refunds } of batch.orders) {
			const customerId = await customerIdFor(db, order, customers);
			if (customerId !== null) touchedCustomers.add(customerId);
			upsert.push(toRecord(order, customerId, coupons));
			for (const refund of refunds) upsert.push(toRecord(refund, customerId, coupons));
		}
		await applyOrderChanges(db, { upsert, remove });
		// What the full id scan compares: each order's modification date and refunds.
		const all = [...orderIds, ...remove];
		if (all.length) {
			await db.run(`DELETE FROM sync_orders WHERE order_id IN (${IDS})`, [ids(all)]);
		}
		await insertRows(
			db,
			'sync_orders',
			['order_id', 'modified_gmt', 'refund_ids'],
			batch.orders.map(({ order }) => [
				order.id,
				order.dateModifiedGmt,
				order.refundIds
					.slice()
					.sort((a, b) => a - b)
					.join(','),
			]),
		);
		// The customers' last activity: their latest order.
		const touched = [...touchedCustomers];
		if (touched.length) {
			await db.run(
				`UPDATE customer_lookup SET date_last_active = a.last FROM (
					SELECT customer_id, MAX(date_created_gmt) AS last FROM orders
					WHERE parent_id = 0 AND customer_id IN (${IDS}) GROUP BY customer_id
				) a WHERE a.customer_id = customer_lookup.customer_id`,
				[ids(touched)],
			);
		}
		return upsert.length;
	});
}

/** Custom (product-level) attributes get ids above this, global ones keep WooCommerce's. */
const CUSTOM_ATTRIBUTE_BASE = 1_000_000;
const CUSTOM_TERM_BASE = 1_500_000_000;

function slugify(text: string): string {
	return text
		.toLowerCase()
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
}

/** The attribute id and term id of an attribute value, creating custom ones when missing. */
async function attributeTerm(
	db: Db,
	attribute: { id: number; name: string },
	option: string,
): Promise<{ attributeId: number; termId: number } | null> {
	if (!option) return null;
	let attributeId = attribute.id;
	if (attributeId === 0) {
		const slug = slugify(attribute.name);
		const found = await db.one<{ id: number }>(
			'SELECT id FROM attributes WHERE id >= ? AND id < ? AND slug = ?',
			[CUSTOM_ATTRIBUTE_BASE, CUSTOM_TERM_BASE, slug],
		);
		if (found) attributeId = Number(found.id);
		else {
			const next = await db.one<{ n: number }>(
				'SELECT GREATEST(COALESCE(MAX(id), 0) + 1, ?) AS n FROM attributes WHERE id >= ? AND id < ?',
				[CUSTOM_ATTRIBUTE_BASE + 1, CUSTOM_ATTRIBUTE_BASE, CUSTOM_TERM_BASE],
			);
			attributeId = Number(next?.n);
			await db.run(
				"INSERT INTO attributes (id, name, slug, type, order_by, has_archives) VALUES (?, ?, ?, 'select', 'menu_order', false)",
				[attributeId, attribute.name, slug],
			);
		}
	}
	const term = await db.one<{ id: number }>(
		'SELECT id FROM attribute_terms WHERE attribute_id = ? AND (lower(name) = lower(?) OR slug = ?) ORDER BY id LIMIT 1',
		[attributeId, option, option],
	);
	if (term) return { attributeId, termId: Number(term.id) };
	if (attribute.id !== 0) return null;
	const next = await db.one<{ n: number }>(
		'SELECT GREATEST(COALESCE(MAX(id), 0) + 1, ?) AS n FROM attribute_terms WHERE id >= ?',
		[CUSTOM_TERM_BASE + 1, CUSTOM_TERM_BASE],
	);
	const termId = Number(next?.n);
	await db.run(
		'INSERT INTO attribute_terms (id, attribute_id, name, slug, menu_order) VALUES (?, ?, ?, ?, 0)',
		[termId, attributeId, option, option],
	);
	return { attributeId, termId };
}

export interface Catalogue {
	products?: ProductRecord[];
	categories?: CategoryRecord[];
	attributes?: AttributeRecord[];
	coupons?: CouponRecord[];
	customers?: CustomerRecord[];
	taxRates?: TaxRateRecord[];
	options?: Record<string, unknown>;
}

/**
 * Writes catalogue entities. With `replaceAll`, each kind given replaces every row of its tables
 * (what the store no longer has disappears); otherwise the given rows replace those of the same
 * ids. Products include their variations (as rows with a parent).
 */
export async function writeCatalogue(
	db: Db,
	catalogue: Catalogue,
	replaceAll: boolean,
): Promise<void> {
	await db.transaction(async () => {
		// Settings first: the store's time zone dates the costs recorded below.
		if (catalogue.options) await writeOptions(db, catalogue.options);
		if (catalogue.categories) await writeCategories(db, catalogue.categories, replaceAll);
		if (catalogue.attributes) await writeAttributes(db, catalogue.attributes, replaceAll);
		if (catalogue.products) {
			await writeProducts(db, catalogue.products, replaceAll);
			await recordStoreCosts(db, catalogue.products);
		}
		if (catalogue.coupons) await writeCoupons(db, catalogue.coupons, replaceAll);
		if (catalogue.taxRates) await writeTaxRates(db, catalogue.taxRates, replaceAll);
		if (catalogue.customers) await writeCustomers(db, catalogue.customers);
		if (catalogue.products || catalogue.categories) {
			await updateCatalogueTotals(db);
			// Product-segmented roll-ups carry the category tree and product ids.
			await refreshRollups(db);
		}
	});
}

/** Today in the store's time zone ('YYYY-MM-DD'; UTC when the zone is unknown). */
async function storeToday(db: Db): Promise<string> {
	const zone = await getOption<unknown>(db, 'timezone_string', 'UTC');
	const day = (timeZone: string) =>
		new Intl.DateTimeFormat('en-CA', {
			timeZone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
		}).format(new Date());
	try {
		return day(typeof zone === 'string' && zone ? zone : 'UTC');
	} catch {
		return day('UTC');
	}
}

/**
 * The store's own unit costs (WooCommerce's "Cost of Goods Sold") into the cost history, from
 * today on when they differ from the cost in force (`recordStoreCost`). Variations are recorded
 * under their product with their own id.
 */
async function recordStoreCosts(db: Db, rows: ProductRecord[]): Promise<void> {
	if (!rows.some((p) => p.cost !== null)) return;
	const today = await storeToday(db);
	for (const p of rows) {
		if (p.cost === null) continue;
		if (p.type === 'variation') await recordStoreCost(db, p.parentId, p.id, p.cost, today);
		else await recordStoreCost(db, p.id, 0, p.cost, today);
	}
}

async function writeCategories(db: Db, rows: CategoryRecord[], replaceAll: boolean): Promise<void> {
	if (replaceAll) await db.run('DELETE FROM categories');
	else await db.run(`DELETE FROM categories WHERE id IN (${IDS})`, [ids(rows.map((r) => r.id))]);
	await insertRows(
		db,
		'categories',
		['id', 'name', 'slug', 'parent', 'description', 'count'],
		rows.map((c) => [c.id, c.name, c.slug, c.parent, c.description, c.count]),
	);
	// The category tree's transitive closure (each category with itself and its descendants).
	await db.exec(`
		DELETE FROM category_lookup;
		INSERT INTO category_lookup (category_tree_id, category_id)
		WITH RECURSIVE tree(ancestor, id) AS (
			SELECT id, id FROM categories
			UNION
			SELECT t.ancestor, c.id FROM tree t JOIN categories c ON c.parent = t.id
		)
		SELECT DISTINCT ancestor, id FROM tree;
	`);
}

async function writeAttributes(
	db: Db,
	rows: AttributeRecord[],
	replaceAll: boolean,
): Promise<void> {
	const global = rows.map((r) => r.id);
	if (replaceAll) {
		await db.run('DELETE FROM attribute_terms WHERE attribute_id < ?', [CUSTOM_ATTRIBUTE_BASE]);
		await db.run('DELETE FROM attributes WHERE id < ?', [CUSTOM_ATTRIBUTE_BASE]);
	} else {
		await db.run(`DELETE FROM attribute_terms WHERE attribute_id IN (${IDS})`, [ids(global)]);
		await db.run(`DELETE FROM attributes WHERE id IN (${IDS})`, [ids(global)]);
	}
	await insertRows(
		db,
		'attributes',
		['id', 'name', 'slug', 'type', 'order_by', 'has_archives'],
		rows.map((a) => [
			a.id,
			a.name,
			a.slug.replace(/^pa_/, ''),
			a.type,
			a.orderBy,
			a.hasArchives,
		]),
	);
	await insertRows(
		db,
		'attribute_terms',
		['id', 'attribute_id', 'name', 'slug', 'menu_order'],
		rows.flatMap((a) => a.terms.map((t) => [t.id, a.id, t.name, t.slug, t.menuOrder])),
	);
}

async function writeProducts(db: Db, rows: ProductRecord[], replaceAll: boolean): Promise<void> {
	const productIds = rows.map((r) => r.id);
	const tables: Array<[string, string]> = [
		['products', 'id'],
		['product_meta_lookup', 'product_id'],
		['product_categories', 'product_id'],
		['product_attributes', 'product_id'],
		['variation_attributes', 'variation_id'],
	];
	for (const [table, column] of tables) {
		if (replaceAll) await db.run(`DELETE FROM ${table}`);
		else await db.run(`DELETE FROM ${table} WHERE ${column} IN (${IDS})`, [ids(productIds)]);
	}
	await insertRows(
		db,
		'products',
		PRODUCT_COLUMNS,
		rows.map((p) => [
			p.id,
			p.parentId,
			p.type,
			p.status,
			p.name,
			p.slug,
			p.sku,
			p.price,
			p.regularPrice,
			p.salePrice,
			p.stockQuantity,
			p.manageStock,
			p.lowStockAmount,
			p.stockStatus,
			p.image,
			p.virtual,
			p.downloadable,
			p.totalSales,
			p.averageRating,
			p.ratingCount,
			p.menuOrder,
			p.dateCreated,
			p.dateCreatedGmt,
		]),
	);
	await insertRows(
		db,
		'product_meta_lookup',
		[
			'product_id',
			'sku',
			'virtual',
			'downloadable',
			'min_price',
			'max_price',
			'onsale',
			'stock_quantity',
			'stock_status',
			'rating_count',
			'average_rating',
			'total_sales',
			'tax_status',
			'tax_class',
		],
		rows.map((p) => [
			p.id,
			p.sku,
			p.virtual,
			p.downloadable,
			p.price,
			p.price,
			p.onSale,
			p.stockQuantity,
			p.stockStatus,
			p.ratingCount,
			p.averageRating,
			p.totalSales,
			p.taxStatus,
			p.taxClass,
		]),
	);
	// Variations are not in categories of their own: the reports look at the parent's.
	await insertRows(
		db,
		'product_categories',
		['product_id', 'category_id'],
		rows
			.filter((p) => p.parentId === 0)
			.flatMap((p) => [...new Set(p.categoryIds)].map((c) => [p.id, c])),
	);
	for (const p of rows) {
		for (const attribute of p.attributes) {
			for (const option of attribute.options) {
				const term = await attributeTerm(db, attribute, option);
				if (term) {
					await db.run(
						'INSERT INTO product_attributes (product_id, attribute_id, term_id, variation) VALUES (?, ?, ?, ?)',
						[p.id, term.attributeId, term.termId, attribute.variation],
					);
				}
			}
		}
		for (const attribute of p.variationAttributes) {
			const term = await attributeTerm(db, attribute, attribute.option);
			if (term) {
				await db.run(
					'INSERT INTO variation_attributes (variation_id, attribute_id, term_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
					[p.id, term.attributeId, term.termId],
				);
			}
		}
	}
}

async function writeCoupons(db: Db, rows: CouponRecord[], replaceAll: boolean): Promise<void> {
	if (replaceAll) await db.run('DELETE FROM coupons');
	else await db.run(`DELETE FROM coupons WHERE id IN (${IDS})`, [ids(rows.map((r) => r.id))]);
	await insertRows(
		db,
		'coupons',
		[
			'id',
			'code',
			'discount_type',
			'amount',
			'date_created',
			'date_created_gmt',
			'date_expires',
			'date_expires_gmt',
		],
		rows.map((c) => [
			c.id,
			c.code,
			c.discountType,
			c.amount,
			c.dateCreated,
			c.dateCreatedGmt,
			c.dateExpires,
			c.dateExpiresGmt,
		]),
	);
}

async function writeTaxRates(db: Db, rows: TaxRateRecord[], replaceAll: boolean): Promise<void> {
	if (replaceAll) await db.run('DELETE FROM tax_rates');
	else
		await db.run(`DELETE FROM tax_rates WHERE tax_rate_id IN (${IDS})`, [
			ids(rows.map((r) => r.id)),
		]);
	await insertRows(
		db,
		'tax_rates',
		[
			'tax_rate_id',
			'tax_rate_country',
			'tax_rate_state',
			'tax_rate',
			'tax_rate_name',
			'tax_rate_priority',
			'tax_rate_compound',
			'tax_rate_shipping',
			'tax_rate_order',
			'tax_rate_class',
		],
		rows.map((t) => [
			t.id,
			t.country,
			t.state,
			t.rate,
			t.name,
			t.priority,
			t.compound,
			t.shipping,
			t.order,
			t.class,
		]),
	);
}

/**
 * Registered customers: their customer-lookup row (created or updated) and their user row, a few
 * statements for the whole list (the full list of a large store is hundreds of thousands). A user
 * listed twice keeps their place of first mention and their last record; users new to the engine
 * get the next customer ids in that order.
 */
export async function writeCustomers(db: Db, rows: CustomerRecord[]): Promise<void> {
	const byUser = new Map<number, CustomerRecord>();
	for (const c of rows) byUser.set(c.userId, c);
	if (!byUser.size) return;
	await db.transaction(async () => {
		const known = new Map<number, number>();
		for (const r of await db.all<{ user_id: number; customer_id: number }>(
			`SELECT user_id, min(customer_id) AS customer_id FROM customer_lookup WHERE user_id IN (${IDS}) GROUP BY user_id`,
			[ids([...byUser.keys()])],
		))
			known.set(Number(r.user_id), Number(r.customer_id));
		const last = await db.one<{ n: number }>(
			'SELECT COALESCE(MAX(customer_id), 0) AS n FROM customer_lookup',
		);
		let next = Number(last?.n ?? 0) + 1;
		await db.run(`CREATE OR REPLACE TEMP TABLE incoming_customers (
			customer_id INTEGER NOT NULL, is_new BOOLEAN NOT NULL, user_id INTEGER NOT NULL,
			username VARCHAR, first_name VARCHAR, last_name VARCHAR, email VARCHAR, role VARCHAR,
			date_registered TIMESTAMP, country VARCHAR, postcode VARCHAR, city VARCHAR, state VARCHAR
		)`);
		// Made and dropped inside the transaction: a failed write rolls it back with the rest.
		await insertRows(
			db,
			'incoming_customers',
			[
				'customer_id',
				'is_new',
				'user_id',
				'username',
				'first_name',
				'last_name',
				'email',
				'role',
				'date_registered',
				'country',
				'postcode',
				'city',
				'state',
			],
			[...byUser.values()].map((c) => {
				const id = known.get(c.userId);
				return [
					id ?? next++,
					id === undefined,
					c.userId,
					c.username,
					c.firstName,
					c.lastName,
					c.email,
					c.role,
					c.dateRegisteredGmt,
					c.country,
					c.postcode,
					c.city,
					c.state,
				];
			}),
		);
		await db.run(
			`UPDATE customer_lookup SET username = i.username, first_name = i.first_name,
					last_name = i.last_name, email = NULLIF(i.email, ''), date_registered = i.date_registered,
					country = i.country, postcode = i.postcode, city = i.city, state = i.state
				FROM incoming_customers i WHERE customer_lookup.customer_id = i.customer_id AND NOT i.is_new`,
		);
		await db.run(
			`INSERT INTO customer_lookup (customer_id, user_id, username, first_name, last_name, email,
					date_registered, country, postcode, city, state)
				SELECT customer_id, user_id, username, first_name, last_name, NULLIF(email, ''),
					date_registered, country, postcode, city, state
				FROM incoming_customers WHERE is_new ORDER BY customer_id`,
		);
		await db.run('DELETE FROM users WHERE id IN (SELECT user_id FROM incoming_customers)');
		await db.run(
			`INSERT INTO users (id, username, email, first_name, last_name, role, date_registered)
				SELECT user_id, username, email, first_name, last_name, role,
					COALESCE(date_registered, TIMESTAMP '1970-01-01 00:00:00')
				FROM incoming_customers ORDER BY customer_id`,
		);
		await db.run('DROP TABLE incoming_customers');
	});
}

/**
 * Store options (JSON values), replacing those of the same names. Returns the names whose value
 * changed. Every setting that shapes figures (date type, statuses, time zone, week start,
 * currency) is read by the reports at query time (`db/store-settings.ts`), so a written option
 * is in force from the next request: nothing is recomputed.
 */
export async function writeOptions(db: Db, options: Record<string, unknown>): Promise<string[]> {
	const changed: string[] = [];
	for (const [name, value] of Object.entries(options)) {
		const json = JSON.stringify(value);
		const before = await db.one<{ value: string }>('SELECT value FROM options WHERE name = ?', [
			name,
		]);
		if (before?.value === json) continue;
		changed.push(name);
		await db.run(
			'INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
			[name, json],
		);
	}
	return changed;
}
