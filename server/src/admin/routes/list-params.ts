/**
 * What the admin collections' list routes share: their paging, direction and ordering parameters
 * (`listParams`), the orderings a WordPress post collection takes (`postOrderings`) and the page
 * of rows they answer (`selectListPage`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Db, Row, SqlValue } from '../../core/db.js';
import { parseOrder, parseOrderby, type RawQuery } from '../../http/params.js';
import { parsePaging, selectPage, type Paging } from '../../http/paging.js';

/** A list request's query and its checked paging, direction and ordering (the SQL to order by). */
export interface ListParams {
	query: RawQuery;
	paging: Paging;
	order: 'ASC' | 'DESC';
	orderby: string;
}

/**
 * Reads a list request's `page`, `per_page` and `offset`, then `order`, then `orderby` (one of
 * `orderings`' keys, each mapped to its SQL); the first of the three that is bad answers 400.
 */
export function listParams(
	request: FastifyRequest,
	orderings: Record<string, string>,
	defaults: { orderby: string; order: 'asc' | 'desc'; perPage?: number },
): ListParams {
	const query = request.query as RawQuery;
	const paging = parsePaging(query, defaults.perPage);
	const order = parseOrder(query, defaults.order);
	const orderby = parseOrderby(query, orderings, defaults.orderby);
	return { query, paging, order, orderby };
}

/**
 * The orderings of a WordPress post collection (`date`, `id`, `include`, `title`, `slug`,
 * `modified`) from the columns of its date, id and title: `include` orders by the id, `slug` by the
 * title (a collection without slugs) and `modified` by the date (no change date is kept).
 */
export function postOrderings(columns: {
	date: string;
	id: string;
	title: string;
}): Record<string, string> {
	return {
		date: columns.date,
		id: columns.id,
		include: columns.id,
		title: columns.title,
		slug: columns.title,
		modified: columns.date,
	};
}

/**
 * One page of a list (`selectPage`: counted, paging headers set): `columns` of the rows of `from`
 * (a table, with its alias if any) meeting every condition of `where`, in the list's ordering and
 * then by `id` (the table's id column), both in the list's direction.
 */
export function selectListPage<T extends Row>(
	reader: Pick<Db, 'all' | 'one'>,
	request: FastifyRequest,
	reply: FastifyReply,
	list: ListParams,
	select: { columns: string; from: string; where: string[]; params: SqlValue[]; id: string },
): Promise<T[]> {
	const rows = `FROM ${select.from} WHERE ${select.where.join(' AND ')}`;
	return selectPage<T>(
		reader,
		request,
		reply,
		list.paging,
		{ sql: `SELECT count(*) AS n ${rows}`, params: select.params },
		`SELECT ${select.columns} ${rows} ORDER BY ${list.orderby} ${list.order}, ${select.id} ${list.order}`,
	);
}
