/**
 * The downloads table (`reports/downloads`): the download log in range and filters with its file,
 * user and product; `downloadWhere` is also the downloads stats' filter.
 */
import type { Row, SqlValue } from '../../core/db.js';
import { inList } from '../../db/sql.js';
import { int, sqlDate, text } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { whereClause, type Where } from '../shared/filters.js';
import type { Query } from '../../http/params.js';
import type { RouteResult } from '../shared/report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { dateRange } from '../shared/date-range.js';
import { formatSql, gmtText, localToUtcLast, parseNaive, utcToLocal } from '../../db/store-time.js';
import { NS, result } from '../shared/list-query.js';

/** Download-log conditions (dates compared in UTC after converting the store-local range). */
export async function downloadWhere(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<{ sql: string; params: SqlValue[] }> {
	const range = dateRange(q.raw, settings.timeZone);
	const ts = dialectOf(db).timestamp('?');
	const dates: Where = {
		sql: [`d.timestamp BETWEEN ${ts} AND ${ts}`],
		params: [
			gmtText(range.after, settings.timeZone),
			formatSql(localToUtcLast(range.before, settings.timeZone)),
		],
	};
	const parts: Where[] = [];
	const add = (column: string, values: SqlValue[], not: boolean): void => {
		if (values.length)
			parts.push({ sql: [`${not ? 'NOT ' : ''}${inList(column, values)}`], params: values });
	};
	add('perm.product_id', q.ids('product_includes'), false);
	add('perm.product_id', q.ids('product_excludes'), true);
	add('perm.order_id', q.ids('order_includes'), false);
	add('perm.order_id', q.ids('order_excludes'), true);
	add('d.user_ip_address', q.strings('ip_address_includes'), false);
	add('d.user_ip_address', q.strings('ip_address_excludes'), true);
	for (const [name, not] of [
		['customer_includes', false],
		['customer_excludes', true],
	] as const) {
		const ids = q.ids(name);
		if (!ids.length) continue;
		const rows = await db.all(
			`SELECT user_id FROM customer_lookup WHERE user_id IS NOT NULL AND ${inList('customer_id', ids)}`,
			ids,
		);
		const users = rows.map((r) => int(r.user_id));
		add('d.user_id', users.length ? users : [-1], not);
	}
	const any = q.str('match', 'all') === 'any';
	const filter: Where | null = parts.length
		? {
				sql: [`(${parts.map((p) => p.sql.join(' AND ')).join(any ? ' OR ' : ' AND ')})`],
				params: parts.flatMap((p) => p.params),
			}
		: null;
	return whereClause(dates, filter);
}

/**
 * Whether `_embed` asks for the links of relation `rel`: `_embed`, `_embed=1` or `true` embed every
 * embeddable link, `_embed=product,up` (or an array) only those named; `0` and `false` none.
 */
export function wantsEmbed(value: unknown, rel: string): boolean {
	if (value === undefined || value === null || value === false) return false;
	if (value === true || value === '') return true;
	const list = (Array.isArray(value) ? value : String(value).split(','))
		.map((v) => String(v).trim().toLowerCase())
		.filter((v) => v !== '');
	if (!list.length) return true;
	if (list.length === 1 && ['1', 'true', 'yes'].includes(list[0])) return true;
	if (list.length === 1 && ['0', 'false', 'no'].includes(list[0])) return false;
	return list.includes(rel);
}

/**
 * The product of a download row in the embed context (REST §7.1: id, name, slug, permalink,
 * images, short_description), or WordPress's error object for a deleted product.
 */
function embeddedProduct(r: Row): Record<string, unknown> {
	const id = int(r.product_id);
	if (r.product_name === null || r.product_name === undefined)
		return {
			code: 'woocommerce_rest_product_invalid_id',
			message: 'Invalid ID.',
			data: { status: 404 },
		};
	const name = text(r.product_name);
	const image = text(r.product_image);
	return {
		id,
		name,
		slug: text(r.product_slug),
		permalink: `/product/${text(r.product_slug)}/`,
		images: image ? [{ id: 0, src: image, name, alt: '' }] : [],
		short_description: '',
	};
}

export async function downloadsList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const where = await downloadWhere(db, q, settings);
	// The log rows in range with their permission, then the file, the user and the product: one
	// JOIN per SELECT (ClickHouse 18.16 takes no more).
	const logged = `SELECT d.download_log_id AS id, d.timestamp AS ts, perm.download_id AS download_id, perm.product_id AS product_id, perm.order_id AS order_id, d.user_id AS user_id, d.user_ip_address AS user_ip_address
		FROM download_log d JOIN downloadable_product_permissions perm ON perm.permission_id = d.permission_id ${where.sql}`;
	const withFile = `SELECT z.*, f.file AS file FROM (${logged}) z LEFT JOIN (SELECT download_id AS file_ref, file AS file FROM product_downloads) f ON f.file_ref = z.download_id`;
	const withUser = `SELECT y.*, u.username AS username FROM (${withFile}) y LEFT JOIN (SELECT id AS user_ref, username AS username FROM users) u ON u.user_ref = y.user_id`;
	const base = `SELECT x.id AS id, x.ts AS ts, x.download_id AS download_id, x.product_id AS product_id, x.order_id AS order_id, x.user_id AS user_id, x.user_ip_address AS user_ip_address, x.file AS file, x.username AS username,
			pr.product_name AS product_name, pr.product_slug AS product_slug, pr.product_image AS product_image
		FROM (${withUser}) x LEFT JOIN (SELECT id AS product_ref, name AS product_name, slug AS product_slug, image AS product_image FROM products) pr ON pr.product_ref = x.product_id`;
	const orderby = q.str('orderby', 'date') === 'product' ? 'product_name' : 'ts';
	const embed = wantsEmbed(q.raw._embed, 'product');
	const page = await pageRows(
		db,
		base,
		where.params,
		`${orderby} ${q.direction()}, id ${q.direction()}`,
		q,
	);
	return result(
		page,
		page.rows.map((r) => {
			const gmt = sqlDate(r.ts) ?? '';
			const file = text(r.file);
			return {
				id: int(r.id),
				date_gmt: gmt,
				date: formatSql(utcToLocal(parseNaive(gmt), settings.timeZone)),
				download_id: text(r.download_id),
				product_id: int(r.product_id),
				order_id: int(r.order_id),
				order_number: String(int(r.order_id)),
				user_id: int(r.user_id),
				ip_address: text(r.user_ip_address),
				file_name: r.product_name === null ? '' : (file.split('/').pop() ?? ''),
				file_path: file,
				username: text(r.username),
				_links: {
					product: [{ href: `${NS}/products/${int(r.product_id)}`, embeddable: true }],
				},
				...(embed ? { _embedded: { product: [embeddedProduct(r)] } } : {}),
			};
		}),
	);
}
