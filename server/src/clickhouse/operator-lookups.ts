/**
 * The catalogue lookups of the engine's own page for a chosen store (`operator.ts`): the search
 * and filter fields (products, variations, categories, attributes and their terms, coupons,
 * taxes, customers, orders, download IPs) read that store's rows on the cluster, through
 * `ClickHouseStore` (every table it names is replaced by the store's rows, never another's). The
 * answers have the JSON of the store's own DuckDB server (`src/admin/routes`): every field of a
 * product (prices, ratings, menu order, total sales: popularity ranks by them as on DuckDB), a
 * category's description and count, an attribute's type and an attribute term's menu order and
 * product count (`product_attributes`) are read from the store's rows on the cluster. A store
 * loaded before the cluster held these columns reads their defaults (0, '' or none) until it is
 * loaded or pushed again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Row, SqlValue } from '../core/db.js';
import { placeholders } from '../db/sql.js';
import { invalidParams, RestError } from '../http/errors.js';
import { parsePaging, setPagingHeaders, type Paging } from '../http/paging.js';
import {
	parseIdList,
	parseList,
	parseOrder,
	parseOrderby,
	toBool,
	type RawQuery,
} from '../http/params.js';
import { baseUrl, pickFields, requestedFields } from '../http/response.js';
import { isoDate, priceString, stripTags } from '../http/values.js';
import { managesStockSql, stockStatusOf, stockStatusSql } from '../metrics/stock.js';
import { attributeTermItem } from '../admin/routes/lookups.js';
import { ORDER_STATUSES } from '../admin/statuses.js';
import type { ClickHouseClient } from './client.js';
import { ClickHouseStore } from './store.js';
import type { OperatorStore } from './operator.js';

type Answer = (
	request: FastifyRequest,
	reply: FastifyReply,
	reader: ClickHouseStore,
	store: OperatorStore,
) => Promise<unknown>;

const NS = '/wp-json/wc-analytics';
const PRODUCT_TYPES = ['simple', 'grouped', 'external', 'variable'];
const POST_STATUSES = ['any', 'draft', 'pending', 'private', 'publish', 'future', 'auto-draft'];

/** Case-insensitive `LIKE` of a text column (ClickHouse's `lower` is ASCII only). */
const like = (column: string): string => `lowerUTF8(${column}) LIKE ?`;

function searchOf(query: RawQuery): string {
	return typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
}

async function page<T extends Row>(
	reader: ClickHouseStore,
	request: FastifyRequest,
	reply: FastifyReply,
	paging: Paging,
	count: { sql: string; params: SqlValue[] },
	select: string,
	params: SqlValue[],
): Promise<T[]> {
	const total = Number((await reader.one<{ n: SqlValue }>(count.sql, count.params))?.n ?? 0);
	setPagingHeaders(request, reply, total, paging);
	if (total === 0) return [];
	return reader.all<T>(`${select} LIMIT ? OFFSET ?`, [...params, paging.perPage, paging.offset]);
}

function notFound(code: string, message = 'Invalid ID.'): RestError {
	return new RestError(code, message, 404);
}

// Products and variations -------------------------------------------------------------------

interface ProductRow extends Row {
	id: SqlValue;
	parent_id: SqlValue;
	type: string;
	status: string;
	name: string;
	slug: string;
	sku: string;
	price: SqlValue;
	stock_quantity: SqlValue;
	manage_stock: SqlValue;
	low_stock_amount: SqlValue;
	stock_status: string;
	image: string;
	date_created: string;
	date_created_gmt: string;
	regular_price: SqlValue;
	sale_price: SqlValue;
	virtual: SqlValue;
	downloadable: SqlValue;
	total_sales: SqlValue;
	average_rating: SqlValue;
	rating_count: SqlValue;
	menu_order: SqlValue;
}

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

const PRODUCT_COLUMNS =
	'p.id AS id, p.parent_id AS parent_id, p.type AS type, p.status AS status, p.name AS name, p.slug AS slug, p.sku AS sku, p.price AS price, p.stock_quantity AS stock_quantity, p.manage_stock AS manage_stock, p.low_stock_amount AS low_stock_amount, p.stock_status AS stock_status, p.image AS image, p.date_created AS date_created, p.date_created_gmt AS date_created_gmt, p.regular_price AS regular_price, p.sale_price AS sale_price, p.virtual AS virtual, p.downloadable AS downloadable, p.total_sales AS total_sales, p.average_rating AS average_rating, p.rating_count AS rating_count, p.menu_order AS menu_order';

function productFilters(
	query: RawQuery,
	variations: boolean,
	anyType: boolean,
): { where: string[]; params: SqlValue[] } {
	const where = anyType
		? ['1 = 1']
		: [variations ? "p.type = 'variation'" : "p.type != 'variation'"];
	const params: SqlValue[] = [];
	const bad: Record<string, string> = {};
	const search = searchOf(query);
	if (search) {
		const pattern = `%${search}%`;
		if (variations) {
			where.push(`(${like('p.name')} OR ${like('p.sku')} OR p.id IN (
				SELECT variation_id FROM variation_attributes WHERE term_id IN (
					SELECT id FROM attribute_terms WHERE ${like('name')})))`);
			params.push(pattern, pattern, pattern);
		} else {
			where.push(`(${like('p.name')} OR ${like('p.sku')})`);
			params.push(pattern, pattern);
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
		if (!PRODUCT_TYPES.includes(type)) {
			bad.type = `type is not one of ${PRODUCT_TYPES.join(', ')}.`;
		} else {
			where.push('p.type = ?');
			params.push(type);
		}
	}
	if (query.status !== undefined) {
		const statuses = parseList(query.status);
		if (statuses.some((s) => !POST_STATUSES.includes(s))) {
			bad.status = `status is not one of ${POST_STATUSES.join(', ')}.`;
		} else if (!statuses.includes('any')) {
			where.push(`p.status IN (${placeholders(statuses.length)})`);
			params.push(...statuses);
		}
	}
	if (typeof query.sku === 'string' && query.sku !== '') {
		const skus = parseList(query.sku);
		where.push(`p.sku IN (${placeholders(skus.length)})`);
		params.push(...skus);
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

interface ProductExtras {
	lastOrder: Map<number, string | null>;
	categories: Map<number, Array<{ id: number; name: string; slug: string }>>;
	attributes: Map<number, Array<{ id: number; name: string; option: string }>>;
}

async function productExtras(reader: ClickHouseStore, rows: ProductRow[]): Promise<ProductExtras> {
	const ids = rows.map((row) => Number(row.id));
	const extras: ProductExtras = {
		lastOrder: new Map(),
		categories: new Map(),
		attributes: new Map(),
	};
	if (ids.length === 0) return extras;
	const list = placeholders(ids.length);
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
		reader.all<{ variation_id: SqlValue; attribute_id: SqlValue; term_id: SqlValue }>(
			`SELECT variation_id, attribute_id, term_id FROM variation_attributes WHERE variation_id IN (${list})`,
			ids,
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

function productObject(
	row: ProductRow,
	extras: ProductExtras,
	store: OperatorStore,
	base: string,
): Record<string, unknown> {
	const id = Number(row.id);
	const isVariation = row.type === 'variation';
	const images = row.image ? [{ id: 0, src: row.image, name: stripTags(row.name), alt: '' }] : [];
	return {
		id,
		name: stripTags(row.name),
		slug: row.slug,
		permalink: `${base}/product/${row.slug}/`,
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
		manage_stock: Boolean(Number(row.manage_stock)),
		stock_quantity: row.stock_quantity === null ? null : Number(row.stock_quantity),
		stock_status: row.stock_status,
		effective_stock_status: stockStatusOf(
			{ ...row, manage_stock: Boolean(Number(row.manage_stock)) },
			store.settings,
		),
		low_stock_amount: row.low_stock_amount === null ? null : Number(row.low_stock_amount),
		average_rating: Number(row.average_rating).toFixed(2),
		rating_count: Number(row.rating_count),
		parent_id: Number(row.parent_id),
		categories: isVariation ? [] : (extras.categories.get(id) ?? []),
		images,
		image: isVariation ? (images[0] ?? null) : undefined,
		attributes: extras.attributes.get(id) ?? [],
		menu_order: Number(row.menu_order),
		last_order_date: extras.lastOrder.get(id) ?? null,
		_links: {
			self: [{ href: `${base}/wp-json/wc-analytics/products/${id}` }],
			collection: [{ href: `${base}/wp-json/wc-analytics/products` }],
		},
	};
}

async function listProducts(
	request: FastifyRequest,
	reply: FastifyReply,
	reader: ClickHouseStore,
	store: OperatorStore,
	variations: boolean,
	parent?: number,
): Promise<unknown[]> {
	const query = request.query as RawQuery;
	const paging = parsePaging(query);
	const order = parseOrder(query, 'desc');
	const orderby = parseOrderby(query, PRODUCT_ORDERBY, 'date');
	const lowInStock = toBool(query.low_in_stock);
	const { where, params } = productFilters(query, variations, lowInStock);
	if (parent !== undefined) {
		where.push('p.parent_id = ?');
		params.push(parent);
	}
	if (lowInStock) {
		where.push(
			`${managesStockSql(store.settings)} AND ${stockStatusSql(store.settings)} IN ('lowstock', 'outofstock')`,
		);
	}
	const whereSql = where.join(' AND ');
	const rows = await page<ProductRow>(
		reader,
		request,
		reply,
		paging,
		{ sql: `SELECT count() AS n FROM products p WHERE ${whereSql}`, params },
		`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE ${whereSql} ORDER BY ${orderby} ${order}, p.id ${order}`,
		params,
	);
	const extras = await productExtras(reader, rows);
	const fields = requestedFields(query);
	const base = baseUrl(request);
	return rows.map((row) => pickFields(productObject(row, extras, store, base), fields));
}

async function productById(
	reader: ClickHouseStore,
	id: number,
	variation: boolean,
): Promise<ProductRow> {
	const row = Number.isSafeInteger(id)
		? await reader.one<ProductRow>(
				`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = ? AND ${variation ? "p.type = 'variation'" : "p.type != 'variation'"}`,
				[id],
			)
		: undefined;
	if (!row) {
		throw notFound(
			variation
				? 'woocommerce_rest_product_variation_invalid_id'
				: 'woocommerce_rest_product_invalid_id',
		);
	}
	return row;
}

// Customers ------------------------------------------------------------------------------------

const CUSTOMER_NAME = "concat(c.first_name, ' ', c.last_name)";
const CUSTOMER_SEARCH: Record<string, string> = {
	name: CUSTOMER_NAME,
	username: 'c.username',
	email: "ifNull(c.email, '')",
	all: `concat(${CUSTOMER_NAME}, ' ', c.username, ' ', ifNull(c.email, ''))`,
};
const CUSTOMER_ORDERBY: Record<string, string> = {
	name: `lowerUTF8(${CUSTOMER_NAME})`,
	username: 'c.username',
	email: 'c.email',
	location: "concat(c.country, ' ', c.state, ' ', c.city)",
	date_registered: 'c.date_registered',
	date_last_active: 'c.date_last_active',
	orders_count: 'orders_count',
	total_spend: 'total_spend',
	avg_order_value: 'if(orders_count = 0, 0, total_spend / orders_count)',
	id: 'c.customer_id',
	include: 'c.customer_id',
};

/** The statuses whose orders do not count for a customer (the store's excluded statuses). */
function excludedStatuses(store: OperatorStore): string[] {
	return ['', ...store.settings.excludedStatuses].flatMap((s) => [s, `wc-${s}`]);
}

function customerSelect(excluded: string[], where: string): string {
	return `SELECT c.customer_id AS id, c.user_id AS user_id, c.username AS username, c.first_name AS first_name,
		c.last_name AS last_name, c.email AS email, c.country AS country, c.state AS state, c.city AS city,
		c.postcode AS postcode, c.date_registered AS date_registered, c.date_last_active AS date_last_active,
		coalesce(s.orders_count, 0) AS orders_count, coalesce(s.total_spend, 0) AS total_spend,
		s.date_last_order AS date_last_order
	FROM customer_lookup c
	LEFT JOIN (
		SELECT customer_id, countIf(parent_id = 0) AS orders_count, toFloat64(sum(net_total)) AS total_spend,
			max(date_created) AS date_last_order
		FROM order_stats WHERE status NOT IN (${placeholders(excluded.length)}) AND customer_id IS NOT NULL
		GROUP BY customer_id
	) s ON s.customer_id = c.customer_id
	WHERE ${where}`;
}

function customerObject(row: Row): Record<string, unknown> {
	const orders = Number(row.orders_count);
	const spend = Number(row.total_spend);
	const text = (value: unknown): string =>
		value === null || value === undefined ? '' : String(value);
	return {
		id: Number(row.id),
		user_id: row.user_id === null ? 0 : Number(row.user_id),
		name: `${text(row.first_name)} ${text(row.last_name)}`.trim(),
		username: text(row.username),
		email: text(row.email),
		country: text(row.country),
		state: text(row.state),
		city: text(row.city),
		postcode: text(row.postcode),
		date_registered: isoDate(row.date_registered),
		date_registered_gmt: isoDate(row.date_registered),
		date_last_active: isoDate(row.date_last_active),
		date_last_active_gmt: isoDate(row.date_last_active),
		date_last_order: isoDate(row.date_last_order),
		orders_count: orders,
		total_spend: Math.round(spend * 100) / 100,
		avg_order_value: orders === 0 ? 0 : Math.round((spend / orders) * 100) / 100,
	};
}

// The routes ------------------------------------------------------------------------------------

const customers: Answer = async (request, reply, reader, store) => {
	const query = request.query as RawQuery;
	const paging = parsePaging(query, 25);
	const order = parseOrder(query, 'desc');
	const orderby = parseOrderby(query, CUSTOMER_ORDERBY, 'date_registered');
	const where = ['1 = 1'];
	const params: SqlValue[] = [];
	const search = searchOf(query);
	if (search) {
		const searchby = query.searchby === undefined ? 'name' : String(query.searchby);
		if (!Object.hasOwn(CUSTOMER_SEARCH, searchby)) {
			throw invalidParams({ searchby: 'searchby is not one of name, username, email, all.' });
		}
		where.push(like(CUSTOMER_SEARCH[searchby]));
		params.push(`%${search}%`);
	}
	const include = parseIdList(query.include);
	if (include.length > 0) {
		where.push(`c.customer_id IN (${placeholders(include.length)})`);
		params.push(...include);
	}
	const whereSql = where.join(' AND ');
	const excluded = excludedStatuses(store);
	const rows = await page(
		reader,
		request,
		reply,
		paging,
		{ sql: `SELECT count() AS n FROM customer_lookup c WHERE ${whereSql}`, params },
		`${customerSelect(excluded, whereSql)} ORDER BY ${orderby} ${order} NULLS LAST, c.customer_id`,
		[...excluded, ...params],
	);
	const fields = requestedFields(query);
	return rows.map((row) => pickFields(customerObject(row), fields));
};

const customer: Answer = async (request, _reply, reader, store) => {
	const id = Number((request.params as { id: string }).id);
	const excluded = excludedStatuses(store);
	const row = Number.isSafeInteger(id)
		? await reader.one(customerSelect(excluded, 'c.customer_id = ?'), [...excluded, id])
		: undefined;
	if (!row) throw notFound('woocommerce_rest_invalid_id', 'Invalid customer ID.');
	return pickFields(customerObject(row), requestedFields(request.query as RawQuery));
};

const orders: Answer = async (request, reply, reader) => {
	const query = request.query as RawQuery;
	const paging = parsePaging(query);
	const order = parseOrder(query, 'desc');
	const orderby = parseOrderby(
		query,
		{
			date: 'o.date_created',
			id: 'o.id',
			include: 'o.id',
			title: 'o.id',
			slug: 'o.id',
			modified: 'o.date_created',
		},
		'date',
	);
	const where = ["o.type = 'shop_order'"];
	const params: SqlValue[] = [];
	const statuses = query.status === undefined ? ['any'] : parseList(query.status);
	const allowed = ['any', 'trash', ...Object.keys(ORDER_STATUSES)];
	if (statuses.some((s) => !allowed.includes(s.replace(/^wc-/, '')))) {
		throw invalidParams({ status: `status is not one of ${allowed.join(', ')}.` });
	}
	if (!statuses.includes('any')) {
		where.push(`o.status IN (${placeholders(statuses.length)})`);
		params.push(...statuses.map((s) => s.replace(/^wc-/, '')));
	}
	if (query.number !== undefined && String(query.number) !== '') {
		const digits = String(query.number).replace(/^#/, '');
		if (!/^\d+$/.test(digits))
			throw invalidParams({ number: 'number must contain digits only.' });
		where.push('startsWith(toString(o.id), ?)');
		params.push(digits);
	}
	const include = parseIdList(query.include);
	if (include.length > 0) {
		where.push(`o.id IN (${placeholders(include.length)})`);
		params.push(...include);
	}
	if (query.customer !== undefined) {
		const customerId = Number(query.customer);
		if (!Number.isSafeInteger(customerId)) {
			throw invalidParams({ customer: 'customer must be a user id.' });
		}
		where.push('o.user_id = ?');
		params.push(customerId);
	}
	const whereSql = where.join(' AND ');
	const rows = await page(
		reader,
		request,
		reply,
		paging,
		{ sql: `SELECT count() AS n FROM orders o WHERE ${whereSql}`, params },
		`SELECT o.id AS id, o.parent_id AS parent_id, o.number AS number, o.status AS status, o.currency AS currency,
			o.customer_id AS customer_id, o.total AS total, o.date_created AS date_created, o.date_created_gmt AS date_created_gmt
		 FROM orders o WHERE ${whereSql} ORDER BY ${orderby} ${order}, o.id ${order}`,
		params,
	);
	const fields = requestedFields(query);
	const base = baseUrl(request);
	return rows.map((row) =>
		pickFields(
			{
				id: Number(row.id),
				number: String(row.number || row.id),
				status: row.status,
				currency: row.currency,
				customer_id: row.customer_id === null ? 0 : Number(row.customer_id),
				total: priceString(row.total),
				date_created: isoDate(row.date_created),
				date_created_gmt: isoDate(row.date_created_gmt),
				_links: {
					self: [{ href: `${base}/wp-json/wc-analytics/orders/${Number(row.id)}` }],
					collection: [{ href: `${base}/wp-json/wc-analytics/orders` }],
				},
			},
			fields,
		),
	);
};

/** include/exclude/search over one table (categories, attributes, terms, coupons). */
function simpleFilters(
	query: RawQuery,
	idColumn: string,
	searchColumns: string[],
): { where: string[]; params: SqlValue[] } {
	const where = ['1 = 1'];
	const params: SqlValue[] = [];
	const search = searchOf(query);
	if (search) {
		where.push(`(${searchColumns.map(like).join(' OR ')})`);
		for (let i = 0; i < searchColumns.length; i++) params.push(`%${search}%`);
	}
	const include = parseIdList(query.include);
	if (include.length > 0) {
		where.push(`${idColumn} IN (${placeholders(include.length)})`);
		params.push(...include);
	}
	const exclude = parseIdList(query.exclude);
	if (exclude.length > 0) {
		where.push(`${idColumn} NOT IN (${placeholders(exclude.length)})`);
		params.push(...exclude);
	}
	return { where, params };
}

const categories: Answer = async (request, reply, reader) => {
	const query = request.query as RawQuery;
	const paging = parsePaging(query);
	const order = parseOrder(query, 'asc');
	const orderby = parseOrderby(
		query,
		{
			id: 'c.id',
			include: 'c.id',
			name: 'c.name',
			slug: 'c.slug',
			term_group: 'c.id',
			description: 'c.description',
			count: 'c.count',
		},
		'name',
	);
	const { where, params } = simpleFilters(query, 'c.id', ['c.name', 'c.slug']);
	if (query.parent !== undefined) {
		const parent = Number(query.parent);
		if (!Number.isSafeInteger(parent))
			throw invalidParams({ parent: 'parent must be a category id.' });
		where.push('c.parent = ?');
		params.push(parent);
	}
	const whereSql = where.join(' AND ');
	const rows = await page(
		reader,
		request,
		reply,
		paging,
		{ sql: `SELECT count() AS n FROM categories c WHERE ${whereSql}`, params },
		`SELECT c.id AS id, c.name AS name, c.slug AS slug, c.parent AS parent,
			c.description AS description, c.count AS count
		 FROM categories c WHERE ${whereSql} ORDER BY ${orderby} ${order}, c.id`,
		params,
	);
	const fields = requestedFields(query);
	const base = baseUrl(request);
	return rows.map((row) =>
		pickFields(
			{
				id: Number(row.id),
				name: row.name,
				slug: row.slug,
				parent: Number(row.parent),
				description: row.description,
				display: 'default',
				image: null,
				menu_order: 0,
				count: Number(row.count),
				_links: {
					self: [
						{
							href: `${base}/wp-json/wc-analytics/products/categories/${Number(row.id)}`,
						},
					],
					collection: [{ href: `${base}/wp-json/wc-analytics/products/categories` }],
				},
			},
			fields,
		),
	);
};

const ATTRIBUTE_COLUMNS = 'id, name, slug, type, order_by, has_archives';

const attributeObject = (row: Row) => {
	const slug = String(row.slug);
	return {
		id: Number(row.id),
		name: row.name,
		slug: slug.startsWith('pa_') ? slug : `pa_${slug}`,
		type: row.type,
		order_by: row.order_by,
		has_archives: Boolean(Number(row.has_archives)),
	};
};

const attributes: Answer = async (request, reply, reader) => {
	const query = request.query as RawQuery;
	const { where, params } = simpleFilters(query, 'id', ['name', 'slug']);
	const rows = await reader.all(
		`SELECT ${ATTRIBUTE_COLUMNS} FROM attributes WHERE ${where.join(' AND ')} ORDER BY name, id LIMIT 1000`,
		params,
	);
	reply.header('X-WP-Total', String(rows.length));
	reply.header('X-WP-TotalPages', '1');
	const fields = requestedFields(query);
	return rows.map((row) => pickFields(attributeObject(row), fields));
};

async function attributeOf(reader: ClickHouseStore, key: string): Promise<Row> {
	const numeric = /^\d{1,15}$/.test(key);
	const slug = key.replace(/^pa_/, '');
	const row = await reader.one(
		numeric
			? `SELECT ${ATTRIBUTE_COLUMNS} FROM attributes WHERE id = ?`
			: `SELECT ${ATTRIBUTE_COLUMNS} FROM attributes WHERE slug = ? OR slug = ?`,
		numeric ? [Number(key)] : [slug, `pa_${slug}`],
	);
	if (!row) throw notFound('woocommerce_rest_taxonomy_invalid', 'Resource does not exist.');
	return row;
}

const attribute: Answer = async (request, _reply, reader) =>
	attributeObject(await attributeOf(reader, (request.params as { id: string }).id));

const attributeTerms: Answer = async (request, reply, reader) => {
	const query = request.query as RawQuery;
	const found = await attributeOf(reader, (request.params as { id: string }).id);
	const paging = parsePaging(query);
	const { where, params } = simpleFilters(query, 't.id', ['t.name', 't.slug']);
	where.push('t.attribute_id = ?');
	params.push(Number(found.id));
	const whereSql = where.join(' AND ');
	// A term's count: the products using it (DuckDB counts them per term the same way).
	const rows = await page(
		reader,
		request,
		reply,
		paging,
		{ sql: `SELECT count() AS n FROM attribute_terms t WHERE ${whereSql}`, params },
		`SELECT t.id AS id, t.name AS name, t.slug AS slug, t.menu_order AS menu_order,
			coalesce(u.products, 0) AS count
		 FROM attribute_terms t
		 LEFT JOIN (SELECT term_id, uniqExact(product_id) AS products FROM product_attributes GROUP BY term_id) u
		 ON u.term_id = t.id
		 WHERE ${whereSql} ORDER BY t.menu_order, t.name, t.id`,
		params,
	);
	const fields = requestedFields(query);
	return rows.map((row) => pickFields(attributeTermItem(row), fields));
};

const coupons: Answer = async (request, reply, reader) => {
	const query = request.query as RawQuery;
	const paging = parsePaging(query);
	const order = parseOrder(query, 'desc');
	const orderby = parseOrderby(
		query,
		{
			date: 'date_created',
			id: 'id',
			include: 'id',
			title: 'code',
			slug: 'code',
			modified: 'date_created',
		},
		'date',
	);
	const { where, params } = simpleFilters(query, 'id', ['code']);
	if (typeof query.code === 'string' && query.code !== '') {
		where.push('lowerUTF8(code) = ?');
		params.push(query.code.toLowerCase());
	}
	const whereSql = where.join(' AND ');
	const rows = await page(
		reader,
		request,
		reply,
		paging,
		{ sql: `SELECT count() AS n FROM coupons WHERE ${whereSql}`, params },
		`SELECT id, code, discount_type, amount, date_created, date_created_gmt, date_expires, date_expires_gmt
		 FROM coupons WHERE ${whereSql} ORDER BY ${orderby} ${order}, id ${order}`,
		params,
	);
	const fields = requestedFields(query);
	const base = baseUrl(request);
	return rows.map((row) =>
		pickFields(
			{
				id: Number(row.id),
				code: row.code,
				amount: priceString(row.amount),
				discount_type: row.discount_type,
				description: '',
				date_created: isoDate(row.date_created),
				date_created_gmt: isoDate(row.date_created_gmt),
				date_modified: isoDate(row.date_created),
				date_modified_gmt: isoDate(row.date_created_gmt),
				date_expires: isoDate(row.date_expires),
				date_expires_gmt: isoDate(row.date_expires_gmt),
				_links: {
					self: [{ href: `${base}/wp-json/wc-analytics/coupons/${Number(row.id)}` }],
					collection: [{ href: `${base}/wp-json/wc-analytics/coupons` }],
				},
			},
			fields,
		),
	);
};

const taxes: Answer = async (request, reply, reader) => {
	const query = request.query as RawQuery;
	const paging = parsePaging(query);
	const order = parseOrder(query, 'asc');
	const orderby = parseOrderby(
		query,
		{ id: 'tax_rate_id', order: 'tax_rate_order', priority: 'tax_rate_priority' },
		'order',
	);
	const where = ['1 = 1'];
	const params: SqlValue[] = [];
	const search = String(query.search ?? query.code ?? '')
		.trim()
		.toLowerCase();
	if (search) {
		where.push(
			like(
				"concat(tax_rate_country, '-', tax_rate_state, '-', tax_rate_name, '-', toString(tax_rate_priority))",
			),
		);
		params.push(`%${search}%`);
	}
	const include = parseIdList(query.include);
	if (include.length > 0) {
		where.push(`tax_rate_id IN (${placeholders(include.length)})`);
		params.push(...include);
	}
	if (typeof query.class === 'string' && query.class !== '') {
		where.push('tax_rate_class = ?');
		params.push(query.class === 'standard' ? '' : query.class);
	}
	const whereSql = where.join(' AND ');
	const rows = await page(
		reader,
		request,
		reply,
		paging,
		{ sql: `SELECT count() AS n FROM tax_rates WHERE ${whereSql}`, params },
		`SELECT tax_rate_id, tax_rate_country, tax_rate_state, tax_rate, tax_rate_name, tax_rate_priority,
			tax_rate_compound, tax_rate_shipping, tax_rate_order, tax_rate_class
		 FROM tax_rates WHERE ${whereSql} ORDER BY ${orderby} ${order}, tax_rate_id`,
		params,
	);
	const fields = requestedFields(query);
	return rows.map((row) =>
		pickFields(
			{
				id: Number(row.tax_rate_id),
				country: row.tax_rate_country,
				state: row.tax_rate_state,
				postcode: '',
				city: '',
				postcodes: [],
				cities: [],
				rate: String(row.tax_rate),
				name: row.tax_rate_name,
				priority: Number(row.tax_rate_priority),
				compound: Boolean(Number(row.tax_rate_compound)),
				shipping: Boolean(Number(row.tax_rate_shipping)),
				order: Number(row.tax_rate_order),
				class: row.tax_rate_class === '' ? 'standard' : row.tax_rate_class,
			},
			fields,
		),
	);
};

const downloadIps: Answer = async (request, _reply, reader) => {
	const match = (request.query as RawQuery).match;
	if (typeof match !== 'string' || match.trim() === '') {
		throw new RestError(
			'woocommerce_rest_data_download_ips_invalid_request',
			'Invalid request. Please pass the match parameter.',
			400,
			{ params: { match: 'match must be the beginning of an IP address.' } },
		);
	}
	const rows = await reader.all<{ user_ip_address: string }>(
		`SELECT DISTINCT user_ip_address FROM download_log WHERE startsWith(user_ip_address, ?)
		 ORDER BY user_ip_address LIMIT 10`,
		[match.trim()],
	);
	return rows.map((row) => ({ user_ip_address: row.user_ip_address }));
};

/** The lookups answered for a chosen store, by matched route (GET only). */
const LOOKUPS: Record<string, Answer> = {
	[`${NS}/products`]: (request, reply, reader, store) =>
		listProducts(request, reply, reader, store, false),
	[`${NS}/products/:id`]: async (request, _reply, reader, store) => {
		const row = await productById(reader, Number((request.params as { id: string }).id), false);
		const extras = await productExtras(reader, [row]);
		return pickFields(
			productObject(row, extras, store, baseUrl(request)),
			requestedFields(request.query as RawQuery),
		);
	},
	[`${NS}/variations`]: (request, reply, reader, store) =>
		listProducts(request, reply, reader, store, true),
	[`${NS}/products/:product_id/variations`]: async (request, reply, reader, store) => {
		const parent = Number((request.params as { product_id: string }).product_id);
		await productById(reader, parent, false);
		return listProducts(request, reply, reader, store, true, parent);
	},
	[`${NS}/products/:product_id/variations/:id`]: async (request, _reply, reader, store) => {
		const { product_id: parentId, id } = request.params as { product_id: string; id: string };
		const row = await productById(reader, Number(id), true);
		if (Number(row.parent_id) !== Number(parentId)) {
			throw notFound('woocommerce_rest_product_variation_invalid_id');
		}
		const extras = await productExtras(reader, [row]);
		return pickFields(
			productObject(row, extras, store, baseUrl(request)),
			requestedFields(request.query as RawQuery),
		);
	},
	[`${NS}/products/categories`]: categories,
	[`${NS}/products/attributes`]: attributes,
	[`${NS}/products/attributes/:id`]: attribute,
	[`${NS}/products/attributes/:id/terms`]: attributeTerms,
	[`${NS}/coupons`]: coupons,
	[`${NS}/taxes`]: taxes,
	[`${NS}/customers`]: customers,
	[`${NS}/customers/:id`]: customer,
	[`${NS}/orders`]: orders,
	[`${NS}/data/download-ips`]: downloadIps,
};

/** Whether a matched route is one of the lookups answered for a chosen store (GET). */
export function isStoreLookup(method: string, url: string | undefined): boolean {
	return (
		(method === 'GET' || method === 'HEAD') && url !== undefined && Object.hasOwn(LOOKUPS, url)
	);
}

/**
 * Answers, before their handlers (which read the engine's own `--db`), the lookups of a request
 * for a chosen store, from that store's rows on the cluster.
 */
export function installStoreLookups(app: FastifyInstance, client: ClickHouseClient): void {
	app.addHook('preHandler', async (request, reply) => {
		const store = request.operatorStore;
		const url = request.routeOptions.url;
		if (!store || !isStoreLookup(request.method, url) || url === undefined) return;
		const reader = new ClickHouseStore(client, store.id);
		const body = await LOOKUPS[url](request, reply, reader, store);
		return reply.send(body);
	});
}
