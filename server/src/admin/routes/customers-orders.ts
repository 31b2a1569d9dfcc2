/**
 * `customers` (+ one) and `orders` lookups.
 */
import type { FastifyInstance } from 'fastify';

import type { Row, SqlValue } from '../../core/db.js';
import { RestError, invalidParams } from '../../http/errors.js';
import { CURRENCIES, ORDER_STATUSES } from '../statuses.js';
import { baseUrl, pickFields, requestedFields } from '../../http/response.js';
import { isoDate, priceString } from '../../http/values.js';
import { parseIdList, parseList, type RawQuery } from '../../http/params.js';
import { selectPage } from '../../http/paging.js';
import { ORDER_COLUMNS } from '../../db/pipeline.js';
import { placeholders } from '../../db/sql.js';
import type { Storage, StoreSql } from '../../db/storage.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { listParams, postOrderings, selectListPage } from './list-params.js';

/** Every customer of the lookup with their orders' count, spend and last order date. */
function customerSql(sql: StoreSql, excludedCount: number): string {
	return `
	SELECT c.customer_id AS id, c.user_id AS user_id, c.username AS username, c.first_name AS first_name,
		c.last_name AS last_name, c.email AS email, c.country AS country, c.state AS state,
		c.city AS city, c.postcode AS postcode, c.date_registered AS date_registered,
		c.date_last_active AS date_last_active,
		coalesce(s.orders_count, 0) AS orders_count, coalesce(s.total_spend, 0) AS total_spend,
		s.date_last_order AS date_last_order
	FROM customer_lookup c
	LEFT JOIN (
		SELECT customer_id, ${sql.countIf('parent_id = 0')} AS orders_count,
			${sql.realSum('net_total')} AS total_spend, max(date_created) AS date_last_order
		FROM order_stats WHERE status NOT IN (${placeholders(excludedCount)}) AND customer_id IS NOT NULL
		GROUP BY customer_id
	) s ON s.customer_id = c.customer_id`;
}

const customerName = (sql: StoreSql): string =>
	sql.lower(sql.concatWs(' ', ['first_name', 'last_name']));

/** The customers' orderings in the store's SQL. */
const customerOrderby = (sql: StoreSql): Record<string, string> => ({
	name: customerName(sql),
	username: 'username',
	email: 'email',
	location: sql.concatWs(' ', ['country', 'state', 'city']),
	date_registered: 'date_registered',
	date_last_active: 'date_last_active',
	orders_count: 'orders_count',
	total_spend: 'total_spend',
	avg_order_value: 'CASE WHEN orders_count = 0 THEN 0 ELSE total_spend / orders_count END',
	id: 'id',
	include: 'id',
});

/** The orders' statuses a customer's figures leave out (the store's excluded report statuses). */
function excludedStatuses(settings: StoreSettings): string[] {
	const list = settings.excludedStatuses.filter((status) => status !== 'trash');
	return ['', ...list].flatMap((s) => [s, `wc-${s}`]);
}

function customerObject(row: Row): Record<string, unknown> {
	const orders = Number(row.orders_count);
	const spend = Number(row.total_spend);
	return {
		id: Number(row.id),
		user_id: row.user_id === null ? 0 : Number(row.user_id),
		name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
		username: row.username ?? '',
		email: row.email ?? '',
		country: row.country ?? '',
		state: row.state ?? '',
		city: row.city ?? '',
		postcode: row.postcode ?? '',
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

interface OrderRow extends Row {
	id: SqlValue;
	parent_id: SqlValue;
	number: string;
	status: string;
	currency: string;
	customer_id: SqlValue;
	user_id: SqlValue;
	discount_total: SqlValue;
	shipping_total: SqlValue;
	shipping_tax: SqlValue;
	cart_tax: SqlValue;
	total: SqlValue;
	payment_method: string;
	date_created: string;
	date_created_gmt: string;
	date_paid: string | null;
	date_completed: string | null;
}

/**
 * The columns an order object is made of, each named by its alias (both adapters): every column
 * of `orders` but its type (the lookup lists shop orders only).
 */
const ORDER_SELECT = ORDER_COLUMNS.filter((column) => column !== 'type')
	.map((column) => `o.${column} AS ${column}`)
	.join(', ');

/**
 * The lookups read the request's store through the storage port (`storage`: the server's own
 * DuckDB store, or on a ClickHouse engine the store its operator chose).
 */
export async function registerCustomerOrderRoutes(
	app: FastifyInstance,
	storage: Storage,
): Promise<void> {
	const ns = '/wc-analytics';
	const port = { config: { storePort: true } };

	app.get(`${ns}/customers`, port, async (request, reply) => {
		const { reader, sql, settings } = await storage.view(request);
		const { query, paging, order, orderby } = listParams(request, customerOrderby(sql), {
			orderby: 'date_registered',
			order: 'desc',
			perPage: 25,
		});
		const where: string[] = ['1 = 1'];
		const excluded = excludedStatuses(settings);
		const params: SqlValue[] = [...excluded];
		const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
		if (search) {
			const searchby = query.searchby === undefined ? 'name' : String(query.searchby);
			const columns: Record<string, string> = {
				name: customerName(sql),
				username: sql.lower('username'),
				email: sql.lower('email'),
				all: sql.lower(sql.concatWs(' ', ['first_name', 'last_name', 'username', 'email'])),
			};
			if (!Object.hasOwn(columns, searchby))
				throw invalidParams({
					searchby: 'searchby is not one of name, username, email, all.',
				});
			where.push(`${columns[searchby]} LIKE ?`);
			params.push(`%${search}%`);
		}
		const include = parseIdList(query.include);
		if (include.length > 0) {
			where.push(`id IN (${placeholders(include.length)})`);
			params.push(...include);
		}
		const whereSql = where.join(' AND ');
		const customers = `SELECT * FROM (${customerSql(sql, excluded.length)}) WHERE ${whereSql}`;
		const rows = await selectPage(
			reader,
			request,
			reply,
			paging,
			{ sql: `SELECT count(*) AS n FROM (${customers})`, params },
			`${customers} ORDER BY ${orderby} ${order} NULLS LAST, id`,
		);
		const fields = requestedFields(query);
		return rows.map((row) => pickFields(customerObject(row), fields));
	});

	app.get(`${ns}/customers/:id`, port, async (request) => {
		const { reader, sql, settings } = await storage.view(request);
		const id = Number((request.params as { id: string }).id);
		const excluded = excludedStatuses(settings);
		const row = await reader.one(
			`SELECT * FROM (${customerSql(sql, excluded.length)}) WHERE id = ?`,
			[...excluded, Number.isInteger(id) ? id : -1],
		);
		if (!row) throw new RestError('woocommerce_rest_invalid_id', 'Invalid customer ID.', 404);
		return pickFields(customerObject(row), requestedFields(request.query as RawQuery));
	});

	app.get(`${ns}/orders`, port, async (request, reply) => {
		const { reader, sql } = await storage.view(request);
		const list = listParams(
			request,
			postOrderings({ date: 'o.date_created', id: 'o.id', title: 'o.id' }),
			{ orderby: 'date', order: 'desc' },
		);
		const { query } = list;
		const where: string[] = ["o.type = 'shop_order'"];
		const params: SqlValue[] = [];
		const statuses = query.status === undefined ? ['any'] : parseList(query.status);
		const allowed = ['any', 'trash', ...Object.keys(ORDER_STATUSES)];
		const unknown = statuses.filter((s) => !allowed.includes(s.replace(/^wc-/, '')));
		if (unknown.length > 0)
			throw invalidParams({ status: `status is not one of ${allowed.join(', ')}.` });
		if (!statuses.includes('any')) {
			where.push(`o.status IN (${placeholders(statuses.length)})`);
			params.push(...statuses.map((s) => s.replace(/^wc-/, '')));
		}
		if (query.number !== undefined && String(query.number) !== '') {
			const digits = String(query.number).replace(/^#/, '');
			if (!/^\d+$/.test(digits))
				throw invalidParams({ number: 'number must contain digits only.' });
			where.push(sql.startsWith(sql.text('o.id'), '?'));
			params.push(digits);
		}
		const include = parseIdList(query.include);
		if (include.length > 0) {
			where.push(`o.id IN (${placeholders(include.length)})`);
			params.push(...include);
		}
		if (query.customer !== undefined) {
			const customer = Number(query.customer);
			// Not a number: no order has it as its customer.
			where.push(Number.isFinite(customer) ? 'o.user_id = ?' : '1 = 0');
			if (Number.isFinite(customer)) params.push(customer);
		}
		const rows = await selectListPage<OrderRow>(reader, request, reply, list, {
			columns: ORDER_SELECT,
			from: 'orders o',
			where,
			params,
			id: 'o.id',
		});
		const fields = requestedFields(query);
		const ids = rows.map((r) => Number(r.id));
		const refunds = new Map<number, Array<{ id: number; reason: string; total: string }>>();
		const products = new Map<number, Array<Record<string, unknown>>>();
		const customers = new Map<number, Record<string, unknown>>();
		if (ids.length > 0) {
			for (const refund of await reader.all<{
				id: SqlValue;
				parent_id: SqlValue;
				total: SqlValue;
			}>(
				`SELECT id, parent_id, total FROM orders WHERE parent_id IN (${placeholders(ids.length)}) ORDER BY id`,
				ids,
			)) {
				const list = refunds.get(Number(refund.parent_id)) ?? [];
				list.push({
					id: Number(refund.id),
					reason: '',
					total: priceString(-Math.abs(Number(refund.total))),
				});
				refunds.set(Number(refund.parent_id), list);
			}
			if (!fields || fields.includes('products') || fields.includes('line_items')) {
				for (const item of await reader.all<{
					order_item_id: SqlValue;
					order_id: SqlValue;
					product_id: SqlValue;
					variation_id: SqlValue;
					qty: SqlValue;
					name: string;
					total: SqlValue;
					tax: SqlValue;
					subtotal: SqlValue;
				}>(
					`SELECT order_item_id, order_id, product_id, variation_id, qty, name, total, tax, subtotal
					 FROM order_items WHERE order_id IN (${placeholders(ids.length)}) ORDER BY order_item_id`,
					ids,
				)) {
					const list = products.get(Number(item.order_id)) ?? [];
					list.push({
						id: Number(item.order_item_id),
						order_id: Number(item.order_id),
						product_id: Number(item.product_id),
						variation_id: Number(item.variation_id),
						product_quantity: Number(item.qty),
						product_name: item.name,
						name: item.name,
						quantity: Number(item.qty),
						subtotal: priceString(item.subtotal),
						total: priceString(item.total),
						total_tax: priceString(item.tax),
					});
					products.set(Number(item.order_id), list);
				}
			}
			const customerIds = [
				...new Set(rows.map((r) => r.customer_id).filter((c) => c !== null)),
			].map(Number);
			if (customerIds.length > 0 && (!fields || fields.includes('customer'))) {
				for (const c of await reader.all(
					`SELECT customer_id, user_id, username, first_name, last_name, email, country, state,
						city, postcode, date_registered, date_last_active
					 FROM customer_lookup WHERE customer_id IN (${placeholders(customerIds.length)})`,
					customerIds,
				)) {
					customers.set(Number(c.customer_id), {
						customer_id: Number(c.customer_id),
						user_id: c.user_id === null ? null : Number(c.user_id),
						username: c.username,
						first_name: c.first_name,
						last_name: c.last_name,
						email: c.email,
						country: c.country,
						state: c.state,
						city: c.city,
						postcode: c.postcode,
						date_registered: isoDate(c.date_registered),
						date_last_active: isoDate(c.date_last_active),
					});
				}
			}
		}
		const base = baseUrl(request);
		return rows.map((row) => {
			const id = Number(row.id);
			const symbol = CURRENCIES[row.currency]?.symbol ?? row.currency;
			const lines = products.get(id) ?? [];
			const object: Record<string, unknown> = {
				id,
				parent_id: Number(row.parent_id),
				number: row.number,
				order_key: `wc_order_${id}`,
				created_via: 'checkout',
				version: '',
				status: row.status.replace(/^wc-/, ''),
				currency: row.currency,
				currency_symbol: symbol,
				date_created: isoDate(row.date_created),
				date_created_gmt: isoDate(row.date_created_gmt),
				date_modified: isoDate(row.date_created),
				date_modified_gmt: isoDate(row.date_created_gmt),
				discount_total: priceString(row.discount_total),
				discount_tax: priceString(0),
				shipping_total: priceString(row.shipping_total),
				shipping_tax: priceString(row.shipping_tax),
				cart_tax: priceString(row.cart_tax),
				total: priceString(row.total),
				total_tax: priceString(Number(row.cart_tax) + Number(row.shipping_tax)),
				total_formatted: `${symbol}${Number(row.total).toFixed(2)}`,
				prices_include_tax: false,
				customer_id: row.user_id === null ? 0 : Number(row.user_id),
				customer_ip_address: '',
				customer_user_agent: '',
				customer_note: '',
				billing: {
					first_name: row.billing_first_name,
					last_name: row.billing_last_name,
					email: row.billing_email,
					country: row.billing_country,
					state: row.billing_state,
					city: row.billing_city,
					postcode: row.billing_postcode,
				},
				shipping: {},
				payment_method: row.payment_method,
				payment_method_title: row.payment_method,
				transaction_id: '',
				date_paid: isoDate(row.date_paid),
				date_completed: isoDate(row.date_completed),
				cart_hash: '',
				meta_data: [],
				refunds: refunds.get(id) ?? [],
				line_items: lines.map((line) => ({
					id: line.id,
					name: line.name,
					product_id: line.product_id,
					variation_id: line.variation_id,
					quantity: line.quantity,
					subtotal: line.subtotal,
					total: line.total,
					total_tax: line.total_tax,
				})),
				_links: {
					self: [{ href: `${base}/wp-json/wc-analytics/orders/${id}` }],
					collection: [{ href: `${base}/wp-json/wc-analytics/orders` }],
				},
			};
			if (fields?.includes('customer'))
				object.customer =
					row.customer_id === null
						? null
						: (customers.get(Number(row.customer_id)) ?? null);
			if (fields?.includes('products')) {
				object.products = lines.map((line) => ({
					order_id: line.order_id,
					product_id: line.product_id,
					product_quantity: line.product_quantity,
					variation_id: line.variation_id,
					product_name: line.product_name,
				}));
			}
			return pickFields(object, fields);
		});
	});
}
