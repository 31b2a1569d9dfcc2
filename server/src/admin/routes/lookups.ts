/**
 * Lookups used by filters and search: categories, attributes and terms, coupons, taxes,
 * countries and download IPs.
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { SqlValue } from '../../core/db.js';
import { RestError } from '../../http/errors.js';
import { COUNTRIES } from '../countries.js';
import { baseUrl, pickFields, requestedFields } from '../../http/response.js';
import { isoDate, priceString } from '../../http/values.js';
import { parseIdList, parseOrder, parseOrderby, type RawQuery } from '../../http/params.js';
import { parsePaging, selectPage } from '../../http/paging.js';
import { placeholders } from '../../db/sql.js';

/** An attribute term as the terms lookup answers it (both engines' rows: numbers or their text). */
export function attributeTermItem(row: Record<string, unknown>): Record<string, unknown> {
	return {
		id: Number(row.id),
		name: row.name,
		slug: row.slug,
		description: '',
		menu_order: Number(row.menu_order),
		count: Number(row.count),
	};
}

/** Shared include/exclude/search filters. */
function filters(
	query: RawQuery,
	idColumn: string,
	searchColumns: string[],
): { where: string[]; params: SqlValue[] } {
	const where: string[] = ['true'];
	const params: SqlValue[] = [];
	const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
	if (search) {
		where.push(`(${searchColumns.map((c) => `lower(${c}) LIKE ?`).join(' OR ')})`);
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

export async function registerLookupRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const ns = '/wc-analytics';

	app.get(`${ns}/products/categories`, async (request, reply) => {
		const query = request.query as RawQuery;
		const paging = parsePaging(query);
		const order = parseOrder(query, 'asc');
		const orderby = parseOrderby(
			query,
			{
				id: 'id',
				include: 'id',
				name: 'name',
				slug: 'slug',
				term_group: 'id',
				description: 'description',
				count: 'count',
			},
			'name',
		);
		const { where, params } = filters(query, 'id', ['name', 'slug']);
		if (query.parent !== undefined) {
			where.push('parent = ?');
			params.push(Number(query.parent));
		}
		const whereSql = where.join(' AND ');
		const rows = await selectPage<{
			id: number;
			name: string;
			slug: string;
			parent: number;
			description: string;
			count: number;
		}>(
			ctx.db,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM categories WHERE ${whereSql}`, params },
			`SELECT * FROM categories WHERE ${whereSql} ORDER BY ${orderby} ${order}, id LIMIT ? OFFSET ?`,
		);
		const base = baseUrl(request);
		const fields = requestedFields(query);
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
							{ href: `${base}/wp-json/wc-analytics/products/categories/${row.id}` },
						],
						collection: [{ href: `${base}/wp-json/wc-analytics/products/categories` }],
					},
				},
				fields,
			),
		);
	});

	const attributeObject = (row: {
		id: number;
		name: string;
		slug: string;
		type: string;
		order_by: string;
		has_archives: boolean;
	}) => ({
		id: Number(row.id),
		name: row.name,
		slug: row.slug.startsWith('pa_') ? row.slug : `pa_${row.slug}`,
		type: row.type,
		order_by: row.order_by,
		has_archives: Boolean(row.has_archives),
	});

	app.get(`${ns}/products/attributes`, async (request, reply) => {
		const query = request.query as RawQuery;
		const { where, params } = filters(query, 'id', ['name', 'slug']);
		const rows = await ctx.db.all<{
			id: number;
			name: string;
			slug: string;
			type: string;
			order_by: string;
			has_archives: boolean;
		}>(`SELECT * FROM attributes WHERE ${where.join(' AND ')} ORDER BY name, id`, params);
		reply.header('X-WP-Total', String(rows.length));
		reply.header('X-WP-TotalPages', '1');
		const fields = requestedFields(query);
		return rows.map((row) => pickFields(attributeObject(row), fields));
	});

	/** Global attribute by numeric id or slug (`color` or `pa_color`). */
	const attributeOf = async (key: string) => {
		const numeric = /^\d+$/.test(key);
		const slug = key.replace(/^pa_/, '');
		const row = await ctx.db.one<{
			id: number;
			name: string;
			slug: string;
			type: string;
			order_by: string;
			has_archives: boolean;
		}>(
			numeric
				? 'SELECT * FROM attributes WHERE id = ?'
				: 'SELECT * FROM attributes WHERE slug = ? OR slug = ?',
			numeric ? [Number(key)] : [slug, `pa_${slug}`],
		);
		if (!row)
			throw new RestError(
				'woocommerce_rest_taxonomy_invalid',
				'Resource does not exist.',
				404,
			);
		return row;
	};

	app.get(`${ns}/products/attributes/:id`, async (request) =>
		attributeObject(await attributeOf((request.params as { id: string }).id)),
	);

	app.get(`${ns}/products/attributes/:id/terms`, async (request, reply) => {
		const query = request.query as RawQuery;
		const attribute = await attributeOf((request.params as { id: string }).id);
		const paging = parsePaging(query);
		const { where, params } = filters(query, 't.id', ['t.name', 't.slug']);
		where.push('t.attribute_id = ?');
		params.push(Number(attribute.id));
		const whereSql = where.join(' AND ');
		const rows = await selectPage<{
			id: number;
			name: string;
			slug: string;
			menu_order: number;
			count: number;
		}>(
			ctx.db,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM attribute_terms t WHERE ${whereSql}`, params },
			`SELECT t.id, t.name, t.slug, t.menu_order,
				(SELECT count(DISTINCT pa.product_id) FROM product_attributes pa WHERE pa.term_id = t.id) AS count
			 FROM attribute_terms t WHERE ${whereSql} ORDER BY t.menu_order, t.name LIMIT ? OFFSET ?`,
		);
		const fields = requestedFields(query);
		return rows.map((row) => pickFields(attributeTermItem(row), fields));
	});

	app.get(`${ns}/coupons`, async (request, reply) => {
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
		const { where, params } = filters(query, 'id', ['code']);
		if (typeof query.code === 'string' && query.code !== '') {
			where.push('lower(code) = ?');
			params.push(query.code.toLowerCase());
		}
		const whereSql = where.join(' AND ');
		const rows = await selectPage<{
			id: number;
			code: string;
			discount_type: string;
			amount: number;
			date_created: string;
			date_created_gmt: string;
			date_expires: string | null;
			date_expires_gmt: string | null;
		}>(
			ctx.db,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM coupons WHERE ${whereSql}`, params },
			`SELECT * FROM coupons WHERE ${whereSql} ORDER BY ${orderby} ${order}, id ${order} LIMIT ? OFFSET ?`,
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
						self: [{ href: `${base}/wp-json/wc-analytics/coupons/${row.id}` }],
						collection: [{ href: `${base}/wp-json/wc-analytics/coupons` }],
					},
				},
				fields,
			),
		);
	});

	app.get(`${ns}/taxes`, async (request, reply) => {
		const query = request.query as RawQuery;
		const paging = parsePaging(query);
		const order = parseOrder(query, 'asc');
		const orderby = parseOrderby(
			query,
			{ id: 'tax_rate_id', order: 'tax_rate_order', priority: 'tax_rate_priority' },
			'order',
		);
		const where: string[] = ['true'];
		const params: SqlValue[] = [];
		const search = String(query.search ?? query.code ?? '')
			.trim()
			.toLowerCase();
		if (search) {
			where.push(
				`lower(concat_ws('-', tax_rate_country, tax_rate_state, tax_rate_name, CAST(tax_rate_priority AS VARCHAR))) LIKE ?`,
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
		const rows = await selectPage<{
			tax_rate_id: number;
			tax_rate_country: string;
			tax_rate_state: string;
			tax_rate: string;
			tax_rate_name: string;
			tax_rate_priority: number;
			tax_rate_compound: boolean;
			tax_rate_shipping: boolean;
			tax_rate_order: number;
			tax_rate_class: string;
		}>(
			ctx.db,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM tax_rates WHERE ${whereSql}`, params },
			`SELECT * FROM tax_rates WHERE ${whereSql} ORDER BY ${orderby} ${order}, tax_rate_id LIMIT ? OFFSET ?`,
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
					compound: Boolean(row.tax_rate_compound),
					shipping: Boolean(row.tax_rate_shipping),
					order: Number(row.tax_rate_order),
					class: row.tax_rate_class === '' ? 'standard' : row.tax_rate_class,
				},
				fields,
			),
		);
	});

	app.get(`${ns}/data/countries`, async (request) => {
		const base = baseUrl(request);
		return COUNTRIES.map((country) => ({
			code: country.code,
			name: country.name,
			states: country.states,
			_links: {
				self: [
					{
						href: `${base}/wp-json/wc-analytics/data/countries/${country.code.toLowerCase()}`,
					},
				],
				collection: [{ href: `${base}/wp-json/wc-analytics/data/countries` }],
			},
		}));
	});

	app.get(`${ns}/data/download-ips`, async (request) => {
		const match = (request.query as RawQuery).match;
		if (typeof match !== 'string' || match.trim() === '') {
			throw new RestError(
				'woocommerce_rest_data_download_ips_invalid_request',
				'Invalid request. Please pass the match parameter.',
				400,
				{ params: { match: 'match must be the beginning of an IP address.' } },
			);
		}
		const rows = await ctx.db.all<{ user_ip_address: string }>(
			`SELECT DISTINCT user_ip_address FROM download_log WHERE starts_with(user_ip_address, ?)
			 ORDER BY user_ip_address LIMIT 10`,
			[match.trim()],
		);
		return rows.map((row) => ({ user_ip_address: row.user_ip_address }));
	});
}
