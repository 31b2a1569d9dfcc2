/**
 * Product lookups: `products` (+ one, + stock update), `products/low-in-stock`, `variations`,
 * `products/{id}/variations` (+ one, + stock update).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Row, SqlValue } from '../../core/db.js';
import { RestError, invalidParams } from '../../http/errors.js';
import { baseUrl, pickFields, requestedFields } from '../../http/response.js';
import { isoDate, priceString, stripTags } from '../../http/values.js';
import { parseIdList, parseList, toBool, EDITABLE, type RawQuery } from '../../http/params.js';
import { parsePaging, selectPage } from '../../http/paging.js';
import { placeholders } from '../../db/sql.js';
import { getOption } from '../../db/options.js';
import { PRODUCT_COLUMNS } from '../../db/product-columns.js';
import {
	managesStockSql,
	stockStatusOf,
	stockStatusSql,
	type StockSettings,
} from '../../metrics/stock.js';
import {
	duckdbView,
	type Storage,
	type StoreReader,
	type StoreSql,
	type StoreView,
} from '../../db/storage.js';
import { listParams, selectListPage } from './list-params.js';

const PRODUCT_TYPES = ['simple', 'grouped', 'external', 'variable'];
const POST_STATUSES = ['any', 'draft', 'pending', 'private', 'publish', 'future', 'auto-draft'];

const PRODUCT_ORDERBY: Record<string, string> = {
	date: 'p.date_created',
	id: 'p.id',
	include: 'p.id',
	title: 'p.name',
	slug: 'p.slug',
	price: 'p.price',
	popularity: 'p.total_sales',
	rating: 'p.average_rating',
	modified: 'p.date_created',
	menu_order: 'p.menu_order',
};

interface ProductRow extends Row {
	id: SqlValue;
	parent_id: SqlValue;
	type: string;
	status: string;
	name: string;
	slug: string;
	sku: string;
	price: SqlValue;
	regular_price: SqlValue;
	sale_price: SqlValue;
	stock_quantity: SqlValue;
	manage_stock: SqlValue;
	low_stock_amount: SqlValue;
	stock_status: string;
	image: string;
	virtual: SqlValue;
	downloadable: SqlValue;
	total_sales: SqlValue;
	average_rating: SqlValue;
	rating_count: SqlValue;
	menu_order: SqlValue;
	date_created: string;
	date_created_gmt: string;
}

/** Every column a product object is made of, each named by its alias (both adapters). */
const PRODUCT_SELECT = PRODUCT_COLUMNS.map((column) => `p.${column} AS ${column}`).join(', ');

/**
 * Products and variations low in stock or out of stock (the Stock screen's list and the
 * homescreen's count): managed stock whose status (metrics/stock.ts) is low stock or out of stock.
 */
function lowInStockSql(settings: StockSettings): string {
	return `${managesStockSql(settings)} AND ${stockStatusSql(settings)} IN ('lowstock', 'outofstock')`;
}

function images(row: ProductRow): Array<{ id: number; src: string; name: string; alt: string }> {
	return row.image ? [{ id: 0, src: row.image, name: stripTags(row.name), alt: '' }] : [];
}

interface Extras {
	lastOrder: Map<number, string | null>;
	categories: Map<number, Array<{ id: number; name: string; slug: string }>>;
	attributes: Map<number, Array<{ id: number; name: string; option: string }>>;
	stock: StockSettings;
	base: string;
}

/**
 * What a product object shows beside its own row: its last order date, its categories (by name)
 * and a variation's attributes (by attribute id), read with one table per statement.
 */
async function extrasFor(view: StoreView, rows: ProductRow[], base: string): Promise<Extras> {
	const reader = view.reader;
	const extras: Extras = {
		lastOrder: new Map(),
		categories: new Map(),
		attributes: new Map(),
		stock: view.settings,
		base,
	};
	const ids = rows.map((row) => Number(row.id));
	if (ids.length === 0) return extras;
	const list = placeholders(ids.length);
	const variationIds = rows
		.filter((row) => row.type === 'variation')
		.map((row) => Number(row.id));
	const [orders, categories, attributes] = await Promise.all([
		reader.all<{ id: SqlValue; last: string | null }>(
			`SELECT id, max(date_created) AS last FROM (
				SELECT product_id AS id, date_created FROM order_product_lookup WHERE product_id IN (${list})
				UNION ALL
				SELECT variation_id AS id, date_created FROM order_product_lookup WHERE variation_id IN (${list})
			) GROUP BY id`,
			[...ids, ...ids],
		),
		reader.all<{ product_id: SqlValue; category_id: SqlValue }>(
			`SELECT product_id, category_id FROM product_categories WHERE product_id IN (${list})`,
			ids,
		),
		variationIds.length === 0
			? Promise.resolve([])
			: reader.all<{ variation_id: SqlValue; attribute_id: SqlValue; term_id: SqlValue }>(
					`SELECT variation_id, attribute_id, term_id FROM variation_attributes
					 WHERE variation_id IN (${placeholders(variationIds.length)})`,
					variationIds,
				),
	]);
	for (const row of orders) extras.lastOrder.set(Number(row.id), isoDate(row.last));
	const categoryIds = [...new Set(categories.map((row) => Number(row.category_id)))];
	if (categoryIds.length > 0) {
		const named = new Map(
			(
				await reader.all<{ id: SqlValue; name: string; slug: string }>(
					`SELECT id, name, slug FROM categories WHERE id IN (${placeholders(categoryIds.length)})`,
					categoryIds,
				)
			).map((row) => [Number(row.id), row]),
		);
		for (const row of categories) {
			const category = named.get(Number(row.category_id));
			if (!category) continue;
			const entries = extras.categories.get(Number(row.product_id)) ?? [];
			entries.push({ id: Number(category.id), name: category.name, slug: category.slug });
			extras.categories.set(Number(row.product_id), entries);
		}
		for (const entries of extras.categories.values()) {
			entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		}
	}
	if (attributes.length > 0) {
		const attributeIds = [...new Set(attributes.map((row) => Number(row.attribute_id)))];
		const termIds = [...new Set(attributes.map((row) => Number(row.term_id)))];
		const [names, terms] = await Promise.all([
			reader.all<{ id: SqlValue; name: string }>(
				`SELECT id, name FROM attributes WHERE id IN (${placeholders(attributeIds.length)})`,
				attributeIds,
			),
			reader.all<{ id: SqlValue; name: string }>(
				`SELECT id, name FROM attribute_terms WHERE id IN (${placeholders(termIds.length)})`,
				termIds,
			),
		]);
		const attributeName = new Map(names.map((row) => [Number(row.id), row.name]));
		const termName = new Map(terms.map((row) => [Number(row.id), row.name]));
		const sorted = [...attributes].sort(
			(a, b) => Number(a.attribute_id) - Number(b.attribute_id),
		);
		for (const row of sorted) {
			const name = attributeName.get(Number(row.attribute_id));
			const option = termName.get(Number(row.term_id));
			if (name === undefined || option === undefined) continue;
			const entries = extras.attributes.get(Number(row.variation_id)) ?? [];
			entries.push({ id: Number(row.attribute_id), name, option });
			extras.attributes.set(Number(row.variation_id), entries);
		}
	}
	return extras;
}

function productObject(row: ProductRow, extras: Extras): Record<string, unknown> {
	const id = Number(row.id);
	const isVariation = row.type === 'variation';
	const manageStock = Boolean(Number(row.manage_stock));
	return {
		id,
		name: stripTags(row.name),
		slug: row.slug,
		permalink: `${extras.base}/product/${row.slug}/`,
		date_created: isoDate(row.date_created),
		date_created_gmt: isoDate(row.date_created_gmt),
		type: row.type,
		status: row.status,
		description: '',
		short_description: '',
		sku: row.sku,
		price: priceString(row.price),
		regular_price: priceString(row.regular_price),
		sale_price: priceString(row.sale_price),
		on_sale: row.sale_price !== null,
		virtual: Boolean(Number(row.virtual)),
		downloadable: Boolean(Number(row.downloadable)),
		total_sales: Number(row.total_sales),
		manage_stock: manageStock,
		stock_quantity: row.stock_quantity === null ? null : Number(row.stock_quantity),
		stock_status: row.stock_status,
		// The status a label shows (metrics/stock.ts): instock, lowstock, outofstock or onbackorder.
		effective_stock_status: stockStatusOf({ ...row, manage_stock: manageStock }, extras.stock),
		low_stock_amount: row.low_stock_amount === null ? null : Number(row.low_stock_amount),
		average_rating: Number(row.average_rating).toFixed(2),
		rating_count: Number(row.rating_count),
		parent_id: Number(row.parent_id),
		categories: isVariation ? [] : (extras.categories.get(id) ?? []),
		images: images(row),
		image: isVariation ? (images(row)[0] ?? null) : undefined,
		attributes: extras.attributes.get(id) ?? [],
		menu_order: Number(row.menu_order),
		last_order_date: extras.lastOrder.get(id) ?? null,
		_links: {
			self: [{ href: `${extras.base}/wp-json/wc-analytics/products/${id}` }],
			collection: [{ href: `${extras.base}/wp-json/wc-analytics/products` }],
		},
	};
}

/** Where/params of the shared product filters. */
function productFilters(
	sql: StoreSql,
	query: RawQuery,
	variations: boolean,
	withVariations = false,
): { where: string[]; params: SqlValue[] } {
	const where: string[] = withVariations
		? ['1 = 1']
		: [variations ? "p.type = 'variation'" : "p.type <> 'variation'"];
	const params: SqlValue[] = [];
	const bad: Record<string, string> = {};
	const search = typeof query.search === 'string' ? query.search.trim() : '';
	if (search) {
		const like = `%${search.toLowerCase()}%`;
		const name = `${sql.lower('p.name')} LIKE ?`;
		const sku = `${sql.lower('p.sku')} LIKE ?`;
		if (variations) {
			where.push(`(${name} OR ${sku} OR p.id IN (
				SELECT variation_id FROM variation_attributes WHERE term_id IN (
					SELECT id FROM attribute_terms WHERE ${sql.lower('name')} LIKE ?)))`);
			params.push(like, like, like);
		} else {
			where.push(`(${name} OR ${sku})`);
			params.push(like, like);
		}
	}
	const include = parseIdList(query.include);
	if (include.length > 0) {
		where.push(`p.id IN (${placeholders(include.length)})`);
		params.push(...include);
	}
	const exclude = parseIdList(query.exclude);
	if (exclude.length > 0) {
		where.push(`p.id NOT IN (${placeholders(exclude.length)})`);
		params.push(...exclude);
	}
	if (!variations && query.type !== undefined) {
		const type = String(query.type);
		if (!PRODUCT_TYPES.includes(type))
			bad.type = `type is not one of ${PRODUCT_TYPES.join(', ')}.`;
		else {
			where.push('p.type = ?');
			params.push(type);
		}
	}
	if (query.status !== undefined) {
		const statuses = parseList(query.status);
		const unknown = statuses.filter((s) => !POST_STATUSES.includes(s));
		if (unknown.length > 0) bad.status = `status is not one of ${POST_STATUSES.join(', ')}.`;
		else if (!statuses.includes('any')) {
			where.push(`p.status IN (${placeholders(statuses.length)})`);
			params.push(...statuses);
		}
	}
	if (typeof query.sku === 'string' && query.sku !== '') {
		where.push('p.sku IN (' + placeholders(parseList(query.sku).length) + ')');
		params.push(...parseList(query.sku));
	}
	if (!variations && query.category !== undefined) {
		const categories = parseIdList(query.category);
		if (categories.length > 0) {
			where.push(
				`p.id IN (SELECT product_id FROM product_categories WHERE category_id IN (${placeholders(categories.length)}))`,
			);
			params.push(...categories);
		}
	}
	if (variations && query.parent !== undefined) {
		const parents = parseIdList(query.parent);
		if (parents.length > 0) {
			where.push(`p.parent_id IN (${placeholders(parents.length)})`);
			params.push(...parents);
		}
	}
	if (Object.keys(bad).length > 0) throw invalidParams(bad);
	return { where, params };
}

async function listProducts(
	view: StoreView,
	request: FastifyRequest,
	reply: FastifyReply,
	options: { variations: boolean; parent?: number },
): Promise<unknown[]> {
	const list = listParams(request, PRODUCT_ORDERBY, { orderby: 'date', order: 'desc' });
	const { query } = list;
	const lowInStock = toBool(query.low_in_stock);
	// low_in_stock lists products and variations alike (REST §7.1).
	const { where, params } = productFilters(view.sql, query, options.variations, lowInStock);
	if (options.parent !== undefined) {
		where.push('p.parent_id = ?');
		params.push(options.parent);
	}
	if (lowInStock) where.push(lowInStockSql(view.settings));
	const rows = await selectListPage<ProductRow>(view.reader, request, reply, list, {
		columns: PRODUCT_SELECT,
		from: 'products p',
		where,
		params,
		id: 'p.id',
	});
	const extras = await extrasFor(view, rows, baseUrl(request));
	const fields = requestedFields(query);
	return rows.map((row) => pickFields(productObject(row, extras), fields));
}

async function productById(
	reader: StoreReader,
	id: number,
	variation: boolean,
): Promise<ProductRow> {
	const row = Number.isSafeInteger(id)
		? await reader.one<ProductRow>(
				`SELECT ${PRODUCT_SELECT} FROM products p WHERE p.id = ? AND ${variation ? "p.type = 'variation'" : "p.type <> 'variation'"}`,
				[id],
			)
		: undefined;
	if (!row) {
		throw new RestError(
			variation
				? 'woocommerce_rest_product_variation_invalid_id'
				: 'woocommerce_rest_product_invalid_id',
			'Invalid ID.',
			404,
		);
	}
	return row;
}

const STOCK_BODY = {
	type: 'object',
	properties: {
		stock_quantity: { type: ['integer', 'null'], minimum: -1000000000, maximum: 1000000000 },
		manage_stock: { type: 'boolean' },
		low_stock_amount: { type: ['integer', 'null'], minimum: 0 },
	},
	additionalProperties: true,
};

/** Applies a stock update in one transaction (product row and its meta lookup row). */
async function updateStock(
	ctx: ServerContext,
	row: ProductRow,
	body: Record<string, unknown>,
): Promise<void> {
	const manage =
		body.manage_stock === undefined
			? Boolean(row.manage_stock) || body.stock_quantity !== undefined
			: Boolean(body.manage_stock);
	const quantity =
		body.stock_quantity === undefined
			? row.stock_quantity
			: (body.stock_quantity as number | null);
	const lowAmount =
		body.low_stock_amount === undefined
			? row.low_stock_amount
			: (body.low_stock_amount as number | null);
	const noStock =
		Number(await getOption<unknown>(ctx.db, 'woocommerce_notify_no_stock_amount', 0)) || 0;
	const status =
		manage && quantity !== null
			? Number(quantity) <= noStock
				? row.stock_status === 'onbackorder'
					? 'onbackorder'
					: 'outofstock'
				: 'instock'
			: row.stock_status;
	await ctx.db.transaction(async () => {
		await ctx.db.run(
			'UPDATE products SET manage_stock = ?, stock_quantity = ?, low_stock_amount = ?, stock_status = ? WHERE id = ?',
			[manage, manage ? quantity : null, lowAmount, status, Number(row.id)],
		);
		await ctx.db.run(
			'UPDATE product_meta_lookup SET stock_quantity = ?, stock_status = ? WHERE product_id = ?',
			[manage ? quantity : null, status, Number(row.id)],
		);
	});
	ctx.notifyWrite();
}

/**
 * The reads go through the storage port (`storage`: the server's own store, or on a ClickHouse
 * engine the store its operator chose); the stock updates write the server's own store.
 */
export async function registerProductRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	storage: Storage,
): Promise<void> {
	const ns = '/wc-analytics';
	const port = { config: { storePort: true } };

	app.get(`${ns}/products`, port, async (request, reply) =>
		listProducts(await storage.view(request), request, reply, { variations: false }),
	);

	app.get(`${ns}/products/low-in-stock`, port, async (request, reply) => {
		const view = await storage.view(request);
		const query = request.query as RawQuery;
		const paging = parsePaging(query);
		const status = query.status === undefined ? 'publish' : String(query.status);
		if (!POST_STATUSES.includes(status) || status === 'any' || status === 'auto-draft') {
			throw invalidParams({
				status: 'status is not one of draft, pending, private, publish, future.',
			});
		}
		const where = `${lowInStockSql(view.settings)} AND p.status = ?`;
		const rows = await selectPage<ProductRow>(
			view.reader,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM products p WHERE ${where}`, params: [status] },
			`SELECT ${PRODUCT_SELECT} FROM products p WHERE ${where} ORDER BY p.id DESC`,
		);
		const extras = await extrasFor(view, rows, baseUrl(request));
		const fields = requestedFields(query);
		return rows.map((row) => {
			const full = productObject(row, extras);
			return pickFields(
				{
					id: full.id,
					images: full.images,
					attributes: full.attributes,
					low_stock_amount: full.low_stock_amount,
					last_order_date: full.last_order_date,
					name: full.name,
					parent_id: full.parent_id,
					stock_quantity: full.stock_quantity,
					stock_status: full.stock_status,
					effective_stock_status: full.effective_stock_status,
					type: row.type === 'variation' ? 'variation' : 'simple',
				},
				fields,
			);
		});
	});

	app.get(`${ns}/products/:id`, port, async (request) => {
		const view = await storage.view(request);
		const id = Number((request.params as { id: string }).id);
		if (!Number.isInteger(id))
			throw new RestError(
				'rest_no_route',
				'No route was found matching the URL and request method.',
				404,
			);
		const row = await productById(view.reader, id, false);
		const extras = await extrasFor(view, [row], baseUrl(request));
		return pickFields(productObject(row, extras), requestedFields(request.query as RawQuery));
	});

	app.route({
		method: [...EDITABLE],
		url: `${ns}/products/:id`,
		schema: { body: STOCK_BODY },
		handler: async (request) => {
			const id = Number((request.params as { id: string }).id);
			const row = await productById(ctx.db, id, false);
			await updateStock(ctx, row, request.body as Record<string, unknown>);
			const fresh = await productById(ctx.db, id, false);
			return productObject(
				fresh,
				await extrasFor(await duckdbView(ctx), [fresh], baseUrl(request)),
			);
		},
	});

	app.get(`${ns}/variations`, port, async (request, reply) =>
		listProducts(await storage.view(request), request, reply, { variations: true }),
	);

	app.get(`${ns}/products/:product_id/variations`, port, async (request, reply) => {
		const view = await storage.view(request);
		const parent = Number((request.params as { product_id: string }).product_id);
		await productById(view.reader, parent, false);
		return listProducts(view, request, reply, { variations: true, parent });
	});

	const variationOf = async (reader: StoreReader, params: unknown): Promise<ProductRow> => {
		const { product_id: parentId, id } = params as { product_id: string; id: string };
		const row = await productById(reader, Number(id), true);
		if (Number(row.parent_id) !== Number(parentId)) {
			throw new RestError(
				'woocommerce_rest_product_variation_invalid_id',
				'Invalid ID.',
				404,
			);
		}
		return row;
	};

	app.get(`${ns}/products/:product_id/variations/:id`, port, async (request) => {
		const view = await storage.view(request);
		const row = await variationOf(view.reader, request.params);
		return pickFields(
			productObject(row, await extrasFor(view, [row], baseUrl(request))),
			requestedFields(request.query as RawQuery),
		);
	});

	app.route({
		method: [...EDITABLE],
		url: `${ns}/products/:product_id/variations/:id`,
		schema: { body: STOCK_BODY },
		handler: async (request) => {
			const row = await variationOf(ctx.db, request.params);
			await updateStock(ctx, row, request.body as Record<string, unknown>);
			const fresh = await productById(ctx.db, Number(row.id), true);
			return productObject(
				fresh,
				await extrasFor(await duckdbView(ctx), [fresh], baseUrl(request)),
			);
		},
	});
}
