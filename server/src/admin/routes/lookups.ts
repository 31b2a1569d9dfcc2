/**
 * Lookups used by filters and search: categories, attributes and terms, coupons, taxes,
 * countries and download IPs.
 */
import type { FastifyInstance } from 'fastify';

import type { Row, SqlValue } from '../../core/db.js';
import { RestError } from '../../http/errors.js';
import { COUNTRIES } from '../countries.js';
import { baseUrl, pickFields, requestedFields } from '../../http/response.js';
import { isoDate, priceString } from '../../http/values.js';
import { parseIdList, type RawQuery } from '../../http/params.js';
import { parsePaging, selectPage } from '../../http/paging.js';
import { placeholders } from '../../db/sql.js';
import type { Storage, StoreReader, StoreSql } from '../../db/storage.js';
import { listParams, postOrderings, selectListPage } from './list-params.js';

interface AttributeRow extends Row {
	id: SqlValue;
	name: string;
	slug: string;
	type: string;
	order_by: string;
	has_archives: SqlValue;
}

const ATTRIBUTE_COLUMNS = 'id, name, slug, type, order_by, has_archives';

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
	sql: StoreSql,
	query: RawQuery,
	idColumn: string,
	searchColumns: string[],
): { where: string[]; params: SqlValue[] } {
	const where: string[] = ['1 = 1'];
	const params: SqlValue[] = [];
	const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
	if (search) {
		where.push(`(${searchColumns.map((c) => `${sql.lower(c)} LIKE ?`).join(' OR ')})`);
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

/**
 * The lookups read the request's store through the storage port (`storage`: the server's own
 * DuckDB store, or on a ClickHouse engine the store its operator chose).
 */
export async function registerLookupRoutes(app: FastifyInstance, storage: Storage): Promise<void> {
	const ns = '/wc-analytics';
	const port = { config: { storePort: true } };

	app.get(`${ns}/products/categories`, port, async (request, reply) => {
		const { reader, sql } = await storage.view(request);
		const { query, paging, order, orderby } = listParams(
			request,
			{
				id: 'id',
				include: 'id',
				name: 'name',
				slug: 'slug',
				term_group: 'id',
				description: 'description',
				count: 'count',
			},
			{ orderby: 'name', order: 'asc' },
		);
		const { where, params } = filters(sql, query, 'id', ['name', 'slug']);
		if (query.parent !== undefined) {
			const parent = Number(query.parent);
			// Not a number: no category has it as its parent.
			where.push(Number.isFinite(parent) ? 'parent = ?' : '1 = 0');
			if (Number.isFinite(parent)) params.push(parent);
		}
		const whereSql = where.join(' AND ');
		const rows = await selectPage<{
			id: SqlValue;
			name: string;
			slug: string;
			parent: SqlValue;
			description: string;
			count: SqlValue;
		}>(
			reader,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM categories WHERE ${whereSql}`, params },
			`SELECT id, name, slug, parent, description, count FROM categories WHERE ${whereSql} ORDER BY ${orderby} ${order}, id`,
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

	const attributeObject = (row: AttributeRow) => ({
		id: Number(row.id),
		name: row.name,
		slug: row.slug.startsWith('pa_') ? row.slug : `pa_${row.slug}`,
		type: row.type,
		order_by: row.order_by,
		has_archives: Boolean(Number(row.has_archives)),
	});

	app.get(`${ns}/products/attributes`, port, async (request, reply) => {
		const { reader, sql } = await storage.view(request);
		const query = request.query as RawQuery;
		const { where, params } = filters(sql, query, 'id', ['name', 'slug']);
		const rows = await reader.all<AttributeRow>(
			`SELECT ${ATTRIBUTE_COLUMNS} FROM attributes WHERE ${where.join(' AND ')} ORDER BY name, id`,
			params,
		);
		reply.header('X-WP-Total', String(rows.length));
		reply.header('X-WP-TotalPages', '1');
		const fields = requestedFields(query);
		return rows.map((row) => pickFields(attributeObject(row), fields));
	});

	/** Global attribute by numeric id or slug (`color` or `pa_color`). */
	const attributeOf = async (reader: StoreReader, key: string) => {
		const numeric = /^\d+$/.test(key);
		const slug = key.replace(/^pa_/, '');
		const row = await reader.one<AttributeRow>(
			numeric
				? `SELECT ${ATTRIBUTE_COLUMNS} FROM attributes WHERE id = ?`
				: `SELECT ${ATTRIBUTE_COLUMNS} FROM attributes WHERE slug = ? OR slug = ?`,
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

	app.get(`${ns}/products/attributes/:id`, port, async (request) => {
		const { reader } = await storage.view(request);
		return attributeObject(await attributeOf(reader, (request.params as { id: string }).id));
	});

	app.get(`${ns}/products/attributes/:id/terms`, port, async (request, reply) => {
		const { reader, sql } = await storage.view(request);
		const query = request.query as RawQuery;
		const attribute = await attributeOf(reader, (request.params as { id: string }).id);
		const paging = parsePaging(query);
		const { where, params } = filters(sql, query, 't.id', ['t.name', 't.slug']);
		where.push('t.attribute_id = ?');
		params.push(Number(attribute.id));
		const whereSql = where.join(' AND ');
		// A term's count: the products using it.
		const rows = await selectPage<Row>(
			reader,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM attribute_terms t WHERE ${whereSql}`, params },
			`SELECT t.id AS id, t.name AS name, t.slug AS slug, t.menu_order AS menu_order,
				coalesce(u.products, 0) AS count
			 FROM attribute_terms t
			 LEFT JOIN (SELECT term_id, count(DISTINCT product_id) AS products FROM product_attributes GROUP BY term_id) u
			 ON u.term_id = t.id
			 WHERE ${whereSql} ORDER BY t.menu_order, t.name, t.id`,
		);
		const fields = requestedFields(query);
		return rows.map((row) => pickFields(attributeTermItem(row), fields));
	});

	app.get(`${ns}/coupons`, port, async (request, reply) => {
		const { reader, sql } = await storage.view(request);
		const list = listParams(
			request,
			postOrderings({ date: 'date_created', id: 'id', title: 'code' }),
			{ orderby: 'date', order: 'desc' },
		);
		const { query } = list;
		const { where, params } = filters(sql, query, 'id', ['code']);
		if (typeof query.code === 'string' && query.code !== '') {
			where.push(`${sql.lower('code')} = ?`);
			params.push(query.code.toLowerCase());
		}
		const rows = await selectListPage<{
			id: SqlValue;
			code: string;
			discount_type: string;
			amount: SqlValue;
			date_created: string;
			date_created_gmt: string;
			date_expires: string | null;
			date_expires_gmt: string | null;
		}>(reader, request, reply, list, {
			columns:
				'id, code, discount_type, amount, date_created, date_created_gmt, date_expires, date_expires_gmt',
			from: 'coupons',
			where,
			params,
			id: 'id',
		});
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

	app.get(`${ns}/taxes`, port, async (request, reply) => {
		const { reader, sql } = await storage.view(request);
		const { query, paging, order, orderby } = listParams(
			request,
			{ id: 'tax_rate_id', order: 'tax_rate_order', priority: 'tax_rate_priority' },
			{ orderby: 'order', order: 'asc' },
		);
		const where: string[] = ['1 = 1'];
		const params: SqlValue[] = [];
		const search = String(query.search ?? query.code ?? '')
			.trim()
			.toLowerCase();
		if (search) {
			const label = sql.concatWs('-', [
				'tax_rate_country',
				'tax_rate_state',
				'tax_rate_name',
				sql.text('tax_rate_priority'),
			]);
			where.push(`${sql.lower(label)} LIKE ?`);
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
			tax_rate_id: SqlValue;
			tax_rate_country: string;
			tax_rate_state: string;
			tax_rate: string;
			tax_rate_name: string;
			tax_rate_priority: SqlValue;
			tax_rate_compound: SqlValue;
			tax_rate_shipping: SqlValue;
			tax_rate_order: SqlValue;
			tax_rate_class: string;
		}>(
			reader,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM tax_rates WHERE ${whereSql}`, params },
			`SELECT tax_rate_id, tax_rate_country, tax_rate_state, tax_rate, tax_rate_name, tax_rate_priority,
				tax_rate_compound, tax_rate_shipping, tax_rate_order, tax_rate_class
			 FROM tax_rates WHERE ${whereSql} ORDER BY ${orderby} ${order}, tax_rate_id`,
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

	app.get(`${ns}/data/download-ips`, port, async (request) => {
		const { reader, sql } = await storage.view(request);
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
			`SELECT DISTINCT user_ip_address FROM download_log WHERE ${sql.startsWith('user_ip_address', '?')}
			 ORDER BY user_ip_address LIMIT 10`,
			[match.trim()],
		);
		return rows.map((row) => ({ user_ip_address: row.user_ip_address }));
	});
}
