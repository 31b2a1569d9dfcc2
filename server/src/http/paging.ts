/**
 * Paging, WordPress-style: `page`, `per_page` (1…100, or -1 for "everything" up to
 * MAX_UNPAGED_ROWS rows) and `offset`; the X-WP-Total, X-WP-TotalPages and Link headers; one page
 * of rows from SQL.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Db, Row, SqlValue } from '../core/db.js';
import { RestError, invalidParams } from './errors.js';
import type { Query } from './params.js';
import { requestOrigin } from './security.js';

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

/**
 * Sets X-WP-Total, X-WP-TotalPages and a Link header with the prev/next pages (absolute URLs, as
 * WordPress sends them; a page past the end links back to the last page).
 */
export function writePagingHeaders(
	request: FastifyRequest,
	reply: FastifyReply,
	total: number,
	totalPages: number,
	page: number,
): void {
	reply.header('X-WP-Total', String(total));
	reply.header('X-WP-TotalPages', String(totalPages));
	const links: string[] = [];
	const base = `${requestOrigin(request.headers)}${request.url}`;
	const withPage = (p: number): string => {
		const url = new URL(base);
		url.searchParams.set('page', String(p));
		return url.toString();
	};
	if (page > 1 && totalPages > 0)
		links.push(`<${withPage(Math.min(page - 1, totalPages))}>; rel="prev"`);
	if (page < totalPages) links.push(`<${withPage(page + 1)}>; rel="next"`);
	if (links.length > 0) reply.header('Link', links.join(', '));
}

/** The paging headers of a collection read with `parsePaging` (400 when `per_page=-1` is too many). */
export function setPagingHeaders(
	request: FastifyRequest,
	reply: FastifyReply,
	total: number,
	paging: Paging,
): void {
	if (paging.all && total > MAX_UNPAGED_ROWS) throw tooManyRows(total);
	const pages = paging.all ? (total > 0 ? 1 : 0) : Math.ceil(total / paging.perPage);
	writePagingHeaders(request, reply, total, pages, paging.page);
}

/**
 * One page of a collection: counts the rows (`count`), sets the paging headers and reads the page
 * with `select` and the count's parameters (`LIMIT ? OFFSET ?` added here; nothing read when no
 * row matches). `db`: any reader with bound parameters (a store read through the storage port).
 */
export async function selectPage<T extends Row>(
	db: Pick<Db, 'all' | 'one'>,
	request: FastifyRequest,
	reply: FastifyReply,
	paging: Paging,
	count: { sql: string; params: SqlValue[] },
	select: string,
): Promise<T[]> {
	const total = Number((await db.one<{ n: SqlValue }>(count.sql, count.params))?.n ?? 0);
	setPagingHeaders(request, reply, total, paging);
	if (total === 0) return [];
	return db.all<T>(`${select} LIMIT ? OFFSET ?`, [
		...count.params,
		paging.perPage,
		paging.offset,
	]);
}

/** One page of rows with the collection's totals. */
export interface Page {
	rows: Row[];
	total: number;
	totalPages: number;
}

/** A page without a total (a board's): its rows' count as the total, one page, none when empty. */
export function onePage(rows: Row[]): Page {
	return { rows, total: rows.length, totalPages: rows.length ? 1 : 0 };
}

/**
 * The names of a page's items read in the page's own statement (the leaderboards, on DuckDB): `of`
 * is the rows' column holding an item's id, `from` a SELECT of every item's `named_id` and the
 * columns to add, each named apart from the rows' own (`SELECT id AS named_id, name AS item_name
 * FROM products`). A row whose item is gone has those columns null.
 */
export interface PageNames {
	of: string;
	from: string;
}

/**
 * `rows` (a SELECT of a page, ordered and limited) with its items' names joined (`names`), in the
 * same order (`orderSql`); a row's `named` is true when its item was found.
 */
export function withNames(rows: string, names: PageNames, orderSql: string): string {
	return `SELECT p.*, n.* EXCLUDE (named_id), n.named_id IS NOT NULL AS named FROM (${rows}) p LEFT JOIN (${names.from}) n ON n.named_id = p.${names.of} ORDER BY ${orderSql}`;
}

/** The column a one-statement page carries the collection's row count in (dropped from rows). */
const TOTAL_COLUMN = '__abacus_total';

/**
 * Runs `base` (a SELECT) with ordering and the validated `page` / `per_page` of `q`; `per_page=-1`
 * returns everything up to MAX_UNPAGED_ROWS rows (more is a 400 asking for pages).
 *
 * On the embedded DuckDB the page and the count are one statement (the count a window over the
 * same rows, so `base` is computed once); only a page past the end asks for the count alone.
 * Other engines count, then read the page. `options.total: false` (a caller that shows no total,
 * the leaderboards) reads the page alone: `total` is then the page's own row count; with
 * `options.names` (DuckDB's SQL: the caller asks only there) its items' names come with it, each
 * row's `named` true when its item was found.
 */
export async function pageRows(
	db: Pick<Db, 'all' | 'one'> & { readonly dialect?: { readonly name: string } },
	base: string,
	params: SqlValue[],
	orderSql: string,
	q: Query,
	options: { total?: boolean; names?: PageNames } = {},
): Promise<Page> {
	const perPage = q.int('per_page', 10);
	const page = q.int('page', 1);
	const all = perPage < 0;
	if (options.total === false && perPage > 0) {
		const rowsOf = `SELECT * FROM (${base}) x ORDER BY ${orderSql} LIMIT ? OFFSET ?`;
		// The names join the page's few rows, not the collection's (a second statement after
		// this one cost a board about 0.7 ms more on the 200,000-order store).
		const names = options.names;
		const rows = await db.all(names ? withNames(rowsOf, names, orderSql) : rowsOf, [
			...params,
			perPage,
			(page - 1) * perPage,
		]);
		return onePage(rows);
	}
	const count = async (): Promise<number> =>
		Number(
			(await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM (${base}) x`, params))?.n ?? 0,
		);
	// A reader without a dialect is the embedded DuckDB (metrics/dialect.ts).
	if (perPage !== 0 && (db.dialect === undefined || db.dialect.name === 'duckdb')) {
		// One more row than answered whole, so that a larger collection is noticed.
		const limit = all ? MAX_UNPAGED_ROWS + 1 : perPage;
		const offset = all ? 0 : (page - 1) * perPage;
		const rows = await db.all(
			`SELECT *, COUNT(*) OVER () AS ${TOTAL_COLUMN} FROM (${base}) x ORDER BY ${orderSql} LIMIT ? OFFSET ?`,
			[...params, limit, offset],
		);
		const total = rows.length ? Number(rows[0][TOTAL_COLUMN]) : offset > 0 ? await count() : 0;
		for (const row of rows) delete row[TOTAL_COLUMN];
		if (all && total > MAX_UNPAGED_ROWS) throw tooManyRows(total);
		return { rows, total, totalPages: all ? (total ? 1 : 0) : Math.ceil(total / perPage) };
	}
	const total = await count();
	if (perPage === 0) return { rows: [], total, totalPages: 0 };
	if (all && total > MAX_UNPAGED_ROWS) throw tooManyRows(total);
	const rows = await db.all(
		`SELECT * FROM (${base}) x ORDER BY ${orderSql}${all ? '' : ' LIMIT ? OFFSET ?'}`,
		all ? params : [...params, perPage, (page - 1) * perPage],
	);
	return { rows, total, totalPages: all ? (total ? 1 : 0) : Math.ceil(total / perPage) };
}
