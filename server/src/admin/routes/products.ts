/**
 * Product lookups: `products` (+ one, + stock update), `products/low-in-stock`, `variations`,
 * `products/{id}/variations` (+ one, + stock update).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db, Row, SqlValue } from '../../core/db.js';
import { RestError, invalidParams } from '../../http/errors.js';
import { baseUrl, pickFields, requestedFields } from '../../http/response.js';
import { isoDate, priceString, stripTags } from '../../http/values.js';
import {
	parseIdList,
	parseList,
	parseOrder,
	parseOrderby,
	toBool,
	EDITABLE,
	type RawQuery,
} from '../../http/params.js';
import { parsePaging, setPagingHeaders } from '../../http/paging.js';
import { placeholders } from '../../db/sql.js';
import { getOption } from '../../db/options.js';
import {
	managesStockSql,
	stockStatusOf,
	stockStatusSql,
	type StockSettings,
} from '../../metrics/stock.js';
import { storeSettings } from '../../db/store-settings.js';

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
	id: number;
	parent_id: number;
	type: string;
	status: string;
	name: string;
	slug: string;
	sku: string;
	price: number | null;
	regular_price: number | null;
	sale_price: number | null;
	stock_quantity: number | null;
	manage_stock: boolean;
	low_stock_amount: number | null;
	stock_status: string;
	image: string;
	virtual: boolean;
	downloadable: boolean;
	total_sales: number;
	average_rating: number;
	rating_count: number;
	menu_order: number;
	date_created: string;
	date_created_gmt: string;
}

/**
 * Products and variations low in stock or out of stock (the Stock screen's list and the
 * homescreen's count): managed stock whose status (metrics/stock.ts) is low stock or out of stock.
 */
function lowInStockSql(settings: StockSettings): string {
	return `${managesStockSql(settings)} AND ${stockStatusSql(settings)} IN ('lowstock', 'outofstock')`;
}

async function lastOrderDates(db: Db, ids: number[]): Promise<Map<number, string | null>> {
	const out = new Map<number, string | null>();
	if (ids.length === 0) return out;
	const rows = await db.all<{ id: number; last: string | null }>(
		`SELECT id, max(date_created) AS last FROM (
			SELECT product_id AS id, date_created FROM order_product_lookup WHERE product_id IN (${placeholders(ids.length)})
			UNION ALL
			SELECT variation_id AS id, date_created FROM order_product_lookup WHERE variation_id IN (${placeholders(ids.length)})
		) GROUP BY id`,
		[...ids, ...ids],
	);
	for (const row of rows) out.set(Number(row.id), isoDate(row.last));
	return out;
}

async function categoriesOf(
	db: Db,
	ids: number[],
): Promise<Map<number, Array<{ id: number; name: string; slug: string }>>> {
	const out = new Map<number, Array<{ id: number; name: string; slug: string }>>();
	if (ids.length === 0) return out;
	const rows = await db.all<{ product_id: number; id: number; name: string; slug: string }>(
		`SELECT pc.product_id, c.id, c.name, c.slug FROM product_categories pc JOIN categories c ON c.id = pc.category_id
		 WHERE pc.product_id IN (${placeholders(ids.length)}) ORDER BY c.name`,
		ids,
	);
	for (const row of rows) {
		const list = out.get(Number(row.product_id)) ?? [];
		list.push({ id: Number(row.id), name: row.name, slug: row.slug });
		out.set(Number(row.product_id), list);
	}
	return out;
}

/** Variation attributes `[{id, name, option}]` by variation id. */
async function variationAttributes(
	db: Db,
	ids: number[],
): Promise<Map<number, Array<{ id: number; name: string; option: string }>>> {
	const out = new Map<number, Array<{ id: number; name: string; option: string }>>();
	if (ids.length === 0) return out;
	const rows = await db.all<{ variation_id: number; id: number; name: string; option: string }>(
		`SELECT va.variation_id, a.id, a.name, t.name AS option FROM variation_attributes va
		 JOIN attributes a ON a.id = va.attribute_id JOIN attribute_terms t ON t.id = va.term_id
		 WHERE va.variation_id IN (${placeholders(ids.length)}) ORDER BY a.id`,
		ids,
	);
	for (const row of rows) {
		const list = out.get(Number(row.variation_id)) ?? [];
		list.push({ id: Number(row.id), name: row.name, option: row.option });
		out.set(Number(row.variation_id), list);
	}
	return out;
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

async function extrasFor(ctx: ServerContext, rows: ProductRow[], base: string): Promise<Extras> {
	const db = ctx.db;
	const ids = rows.map((r) => Number(r.id));
	return {
		lastOrder: await lastOrderDates(db, ids),
		categories: await categoriesOf(db, ids),
		attributes: await variationAttributes(
			db,
			ids.filter((_, i) => rows[i].type === 'variation'),
		),
		stock: await storeSettings(ctx),
		base,
	};
}

function productObject(row: ProductRow, extras: Extras): Record<string, unknown> {
	const id = Number(row.id);
	const isVariation = row.type === 'variation';
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
		virtual: Boolean(row.virtual),
		downloadable: Boolean(row.downloadable),
		total_sales: Number(row.total_sales),
		manage_stock: Boolean(row.manage_stock),
		stock_quantity: row.stock_quantity === null ? null : Number(row.stock_quantity),
		stock_status: row.stock_status,
		// The status a label shows (metrics/stock.ts): instock, lowstock, outofstock or onbackorder.
		effective_stock_status: stockStatusOf(row, extras.stock),
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
	query: RawQuery,
	variations: boolean,
	withVariations = false,
): { where: string[]; params: SqlValue[] } {
	const where: string[] = withVariations
		? []
		: [variations ? "p.type = 'variation'" : "p.type <> 'variation'"];
	const params: SqlValue[] = [];
	const bad: Record<string, string> = {};
	const search = typeof query.search === 'string' ? query.search.trim() : '';
	if (search) {
		const like = `%${search.toLowerCase()}%`;
		if (variations) {
			where.push(`(lower(p.name) LIKE ? OR lower(p.sku) LIKE ? OR p.id IN (
				SELECT va.variation_id FROM variation_attributes va JOIN attribute_terms t ON t.id = va.term_id
				WHERE lower(t.name) LIKE ?))`);
			params.push(like, like, like);
		} else {
			where.push('(lower(p.name) LIKE ? OR lower(p.sku) LIKE ?)');
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
	ctx: ServerContext,
	request: FastifyRequest,
	reply: FastifyReply,
	options: { variations: boolean; parent?: number },
): Promise<unknown[]> {
	const query = request.query as RawQuery;
	const paging = parsePaging(query);
	const order = parseOrder(query, 'desc');
	const orderby = parseOrderby(query, PRODUCT_ORDERBY, 'date');
	const lowInStock = toBool(query.low_in_stock);
	// low_in_stock lists products and variations alike (REST §7.1).
	const { where, params } = productFilters(query, options.variations, lowInStock);
	if (options.parent !== undefined) {
		where.push('p.parent_id = ?');
		params.push(options.parent);
	}
	if (lowInStock) where.push(lowInStockSql(await storeSettings(ctx)));
	const whereSql = where.join(' AND ');
	const total = Number(
		(
			await ctx.db.one<{ n: number }>(
				`SELECT count(*) AS n FROM products p WHERE ${whereSql}`,
				params,
			)
		)?.n ?? 0,
	);
	const rows = await ctx.db.all<ProductRow>(
		`SELECT p.* FROM products p WHERE ${whereSql} ORDER BY ${orderby} ${order}, p.id ${order} LIMIT ? OFFSET ?`,
		[...params, paging.perPage, paging.offset],
	);
	setPagingHeaders(request, reply, total, paging);
	const extras = await extrasFor(ctx, rows, baseUrl(request));
	const fields = requestedFields(query);
	return rows.map((row) => pickFields(productObject(row, extras), fields));
}

async function productById(db: Db, id: number, variation: boolean): Promise<ProductRow> {
	const row = await db.one<ProductRow>(
		`SELECT * FROM products WHERE id = ? AND ${variation ? "type = 'variation'" : "type <> 'variation'"}`,
		[id],
	);
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

export async function registerProductRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const ns = '/wc-analytics';

	app.get(`${ns}/products`, async (request, reply) =>
		listProducts(ctx, request, reply, { variations: false }),
	);

	app.get(`${ns}/products/low-in-stock`, async (request, reply) => {
		const query = request.query as RawQuery;
		const paging = parsePaging(query);
		const status = query.status === undefined ? 'publish' : String(query.status);
		if (!POST_STATUSES.includes(status) || status === 'any' || status === 'auto-draft') {
			throw invalidParams({
				status: 'status is not one of draft, pending, private, publish, future.',
			});
		}
		const where = `${lowInStockSql(await storeSettings(ctx))} AND p.status = ?`;
		const total = Number(
			(
				await ctx.db.one<{ n: number }>(
					`SELECT count(*) AS n FROM products p WHERE ${where}`,
					[status],
				)
			)?.n ?? 0,
		);
		const rows = await ctx.db.all<ProductRow>(
			`SELECT p.* FROM products p WHERE ${where} ORDER BY p.id DESC LIMIT ? OFFSET ?`,
			[status, paging.perPage, paging.offset],
		);
		setPagingHeaders(request, reply, total, paging);
		const extras = await extrasFor(ctx, rows, baseUrl(request));
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

	app.get(`${ns}/products/:id`, async (request) => {
		const id = Number((request.params as { id: string }).id);
		if (!Number.isInteger(id))
			throw new RestError(
				'rest_no_route',
				'No route was found matching the URL and request method.',
				404,
			);
		const row = await productById(ctx.db, id, false);
		const extras = await extrasFor(ctx, [row], baseUrl(request));
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
			return productObject(fresh, await extrasFor(ctx, [fresh], baseUrl(request)));
		},
	});

	app.get(`${ns}/variations`, async (request, reply) =>
		listProducts(ctx, request, reply, { variations: true }),
	);

	app.get(`${ns}/products/:product_id/variations`, async (request, reply) => {
		const parent = Number((request.params as { product_id: string }).product_id);
		await productById(ctx.db, parent, false);
		return listProducts(ctx, request, reply, { variations: true, parent });
	});

	const variationOf = async (params: unknown): Promise<ProductRow> => {
		const { product_id: parentId, id } = params as { product_id: string; id: string };
		const row = await productById(ctx.db, Number(id), true);
		if (Number(row.parent_id) !== Number(parentId)) {
			throw new RestError(
				'woocommerce_rest_product_variation_invalid_id',
				'Invalid ID.',
				404,
			);
		}
		return row;
	};

	app.get(`${ns}/products/:product_id/variations/:id`, async (request) => {
		const row = await variationOf(request.params);
		return pickFields(
			productObject(row, await extrasFor(ctx, [row], baseUrl(request))),
			requestedFields(request.query as RawQuery),
		);
	});

	app.route({
		method: [...EDITABLE],
		url: `${ns}/products/:product_id/variations/:id`,
		schema: { body: STOCK_BODY },
		handler: async (request) => {
			const row = await variationOf(request.params);
			await updateStock(ctx, row, request.body as Record<string, unknown>);
			const fresh = await productById(ctx.db, Number(row.id), true);
			return productObject(fresh, await extrasFor(ctx, [fresh], baseUrl(request)));
		},
	});
}
