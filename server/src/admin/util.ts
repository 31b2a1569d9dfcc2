/**
 * Helpers shared by the admin and lookup routes: WordPress-style parameter parsing, paging
 * headers, `_fields` reduction, date and money formatting, and option access.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Db, Row, SqlValue } from '../core/db.js';
import { RestError, invalidParams } from '../core/errors.js';
import { requestOrigin } from '../core/security.js';

/**
 * `wp_parse_id_list`: arrays, comma/space lists or scalars → unique absolute integers. Items that
 * are not decimal numbers are skipped (as `absint` makes them 0); an id beyond ±2^53 is a 400
 * (`name` names the parameter in it), never an overflow in SQL.
 */
export function parseIdList(value: unknown, name = 'ids'): number[] {
	if (value === undefined || value === null || value === '') return [];
	const items = Array.isArray(value) ? value : String(value).split(/[\s,]+/);
	const ids = new Set<number>();
	for (const item of items) {
		if (item === '' || item === undefined || item === null) continue;
		if (typeof item !== 'number' && !/^\s*[+-]?\d+(\.\d*)?\s*$/.test(String(item))) continue;
		const n = Math.abs(Math.trunc(Number(item)));
		if (!Number.isSafeInteger(n)) {
			throw invalidParams({
				[name]: `${String(item)} is not an id (ids are whole numbers up to ${Number.MAX_SAFE_INTEGER}).`,
			});
		}
		ids.add(n);
	}
	return [...ids];
}

/** `wp_parse_slug_list` / string arrays: arrays or comma lists → trimmed non-empty strings. */
export function parseList(value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	const items = Array.isArray(value) ? value.map(String) : String(value).split(/[\s,]+/);
	return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** wc_string_to_bool. */
export function toBool(value: unknown): boolean {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'number') return value !== 0;
	return ['1', 'true', 'yes', 'on'].includes(String(value ?? '').toLowerCase());
}

/** Paging parameters shared by collections. `per_page=-1` means everything. */
export interface Paging {
	page: number;
	perPage: number;
	offset: number;
	all: boolean;
}

/** Largest page and offset accepted: beyond them no store has rows, and SQL offsets overflow. */
export const MAX_PAGE = 1_000_000;
export const MAX_OFFSET = 100_000_000;
/** Most rows `per_page=-1` ("everything") answers with; larger collections must be paged. */
export const MAX_UNPAGED_ROWS = 2000;

/** 400 for `per_page=-1` over a collection larger than MAX_UNPAGED_ROWS. */
export function tooManyRows(total: number): RestError {
	return new RestError('rest_invalid_param', `Invalid parameter(s): per_page`, 400, {
		params: {
			per_page: `per_page=-1 asks for all ${total} rows; at most ${MAX_UNPAGED_ROWS} come in one response. Ask for pages with per_page between 1 and 100.`,
		},
	});
}

export function parsePaging(query: Record<string, unknown>, defaultPerPage = 10): Paging {
	const bad: Record<string, string> = {};
	const page = query.page === undefined ? 1 : Number(query.page);
	if (!Number.isSafeInteger(page) || page < 1 || page > MAX_PAGE) {
		bad.page = `page must be an integer between 1 and ${MAX_PAGE}.`;
	}
	const rawPerPage = query.per_page === undefined ? defaultPerPage : Number(query.per_page);
	const all = rawPerPage === -1;
	if (!all && (!Number.isInteger(rawPerPage) || rawPerPage < 1 || rawPerPage > 100)) {
		bad.per_page = 'per_page must be between 1 (inclusive) and 100 (inclusive).';
	}
	let offset = (page - 1) * (all ? 0 : rawPerPage);
	if (query.offset !== undefined) {
		const o = Number(query.offset);
		if (!Number.isSafeInteger(o) || o < 0 || o > MAX_OFFSET) {
			bad.offset = `offset must be an integer between 0 and ${MAX_OFFSET}.`;
		} else offset = o;
	}
	if (Object.keys(bad).length > 0) throw invalidParams(bad);
	return {
		page,
		// One more than allowed, so that a collection too large to answer whole is noticed.
		perPage: all ? MAX_UNPAGED_ROWS + 1 : rawPerPage,
		offset: all ? 0 : offset,
		all,
	};
}

/** Sets X-WP-Total, X-WP-TotalPages and Link headers. */
export function setPagingHeaders(
	request: FastifyRequest,
	reply: FastifyReply,
	total: number,
	paging: Paging,
): void {
	if (paging.all && total > MAX_UNPAGED_ROWS) throw tooManyRows(total);
	const pages = paging.all ? (total > 0 ? 1 : 0) : Math.ceil(total / paging.perPage);
	reply.header('X-WP-Total', String(total));
	reply.header('X-WP-TotalPages', String(pages));
	const links: string[] = [];
	const base = `${requestOrigin(request.headers)}${request.url}`;
	const withPage = (page: number): string => {
		const url = new URL(base);
		url.searchParams.set('page', String(page));
		return url.toString();
	};
	if (paging.page > 1 && pages > 0)
		links.push(`<${withPage(Math.min(paging.page - 1, pages))}>; rel="prev"`);
	if (paging.page < pages) links.push(`<${withPage(paging.page + 1)}>; rel="next"`);
	if (links.length > 0) reply.header('Link', links.join(', '));
}

/** The `_fields` list of a request (top-level keys), or null when not given. */
export function requestedFields(query: Record<string, unknown>): string[] | null {
	const fields = parseList(query._fields);
	if (fields.length === 0) return null;
	return fields.map((field) => field.split('.')[0]);
}

/** Reduces an object to the `_fields` keys (when given). */
export function pickFields<T extends object>(item: T, fields: string[] | null): Partial<T> {
	if (!fields) return item;
	const out: Partial<T> = {};
	for (const key of fields) {
		if (Object.hasOwn(item, key))
			(out as Record<string, unknown>)[key] = (item as Record<string, unknown>)[key];
	}
	return out;
}

/** DuckDB timestamp text (`YYYY-MM-DD HH:MM:SS[.fff]`) → `YYYY-MM-DDTHH:MM:SS`, or null. */
export function isoDate(value: SqlValue | undefined): string | null {
	if (value === null || value === undefined || value === '') return null;
	const text = String(value).replace(' ', 'T');
	return text.slice(0, 19);
}

/** Money as WooCommerce core objects carry it: a string with 2 decimals. */
export function money(value: SqlValue | undefined, decimals = 2): string {
	if (value === null || value === undefined || value === '') return '';
	return Number(value).toFixed(decimals);
}

/** Strips tags (names are shown as plain text). */
export function stripTags(text: string): string {
	return text.replace(/<[^>]*>/g, '');
}

/** Reads one option (JSON-decoded) or the fallback. */
export async function readOption<T>(db: Db, name: string, fallback: T): Promise<T> {
	const row = await db.one<{ value: string | null }>('SELECT value FROM options WHERE name = ?', [
		name,
	]);
	if (!row || row.value === null) return fallback;
	try {
		return JSON.parse(row.value) as T;
	} catch {
		return fallback;
	}
}

/** Writes one option; returns whether the stored value changed. */
export async function writeOption(db: Db, name: string, value: unknown): Promise<boolean> {
	const encoded = JSON.stringify(value ?? null);
	const row = await db.one<{ value: string | null }>('SELECT value FROM options WHERE name = ?', [
		name,
	]);
	if (row && row.value === encoded) return false;
	await db.run(
		'INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
		[name, encoded],
	);
	return true;
}

/** Placeholders `?, ?, ?` for an IN list. */
export function placeholders(count: number): string {
	return Array.from({ length: count }, () => '?').join(', ');
}

/** Validates an `order` param. */
export function parseOrder(
	query: Record<string, unknown>,
	fallback: 'asc' | 'desc',
): 'ASC' | 'DESC' {
	const order = query.order === undefined ? fallback : String(query.order).toLowerCase();
	if (order !== 'asc' && order !== 'desc')
		throw invalidParams({ order: 'order is not one of asc, desc.' });
	return order === 'asc' ? 'ASC' : 'DESC';
}

/** Validates an `orderby` param against a map of allowed values → SQL expressions. */
export function parseOrderby(
	query: Record<string, unknown>,
	allowed: Record<string, string>,
	fallback: string,
): string {
	const orderby = query.orderby === undefined ? fallback : String(query.orderby);
	// Own keys only: `constructor` or `toString` must not find Object.prototype members.
	const sql = Object.hasOwn(allowed, orderby) ? allowed[orderby] : undefined;
	if (!sql) {
		throw invalidParams({
			orderby: `orderby is not one of ${Object.keys(allowed).join(', ')}.`,
		});
	}
	return sql;
}

/** Absolute base URL of the request (`http://host`, or `https://host` behind a TLS proxy). */
export function baseUrl(request: FastifyRequest): string {
	return requestOrigin(request.headers);
}

/**
 * One page of a collection: counts the rows matching `where`, reads the page with `select` (which
 * must end its SQL with `LIMIT ? OFFSET ?`) and sets the paging headers.
 */
export async function selectPage<T extends Row>(
	db: Db,
	request: FastifyRequest,
	reply: FastifyReply,
	paging: Paging,
	count: { sql: string; params: SqlValue[] },
	select: string,
): Promise<T[]> {
	const total = Number((await db.one<{ n: number }>(count.sql, count.params))?.n ?? 0);
	const rows = await db.all<T>(select, [...count.params, paging.perPage, paging.offset]);
	setPagingHeaders(request, reply, total, paging);
	return rows;
}
