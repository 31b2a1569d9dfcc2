/** The stock table and its totals (`reports/stock`, `reports/stock/stats`). */
import type { SqlValue } from '../../core/db.js';
import { inList } from '../../db/sql.js';
import { int, num, text } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import type { SqlReader } from '../../metrics/dialect.js';
import type { Query } from '../../http/params.js';
import type { RouteResult } from '../shared/report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import {
	lowStockAmountSql,
	managesStockSql,
	STOCK_STATUSES,
	stockStatusSql,
} from '../../metrics/stock.js';
import { NS, link, result } from '../shared/list-query.js';

/** Products and variations the stock report covers (published and private). */
const STOCK_SCOPE = "p.status IN ('publish', 'private')";

/** SQL condition of a stock report `type` (the stock status definition of metrics/stock.ts). */
export function stockCondition(type: string, settings: StoreSettings): string {
	return (STOCK_STATUSES as readonly string[]).includes(type)
		? `${stockStatusSql(settings)} = '${type}'`
		: '(1 = 1)';
}

export async function stockList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const parts: string[] = [STOCK_SCOPE, stockCondition(q.str('type', 'all'), settings)];
	const params: SqlValue[] = [];
	const add = (column: string, ids: number[], not: boolean): void => {
		if (!ids.length) return;
		parts.push(`${not ? 'NOT ' : ''}${inList(column, ids)}`);
		params.push(...ids);
	};
	add('p.id', q.ids('include'), false);
	add('p.id', q.ids('exclude'), true);
	add('p.parent_id', q.ids('parent'), false);
	add('p.parent_id', q.ids('parent_exclude'), true);
	// family_name / family_id keep a variable product's variations right beneath it when sorting
	// by title; status_rank sorts out of stock first, then low stock, on backorder, in stock.
	// The parent's name is joined on an equality only (ClickHouse 18.16 takes no other LEFT JOIN).
	const base = `SELECT p.id AS id, p.parent_id AS parent_id, p.name AS name, p.sku AS sku, p.type AS type, p.stock_quantity AS stock_quantity, p.date_created AS date_created,
			${stockStatusSql(settings)} AS effective_status, ${managesStockSql(settings)} AS manages,
			${lowStockAmountSql(settings)} AS effective_low,
			COALESCE(CASE WHEN p.parent_id <> 0 THEN parent.parent_name END, p.name) AS family_name, CASE WHEN p.parent_id <> 0 THEN p.parent_id ELSE p.id END AS family_id
		FROM products p LEFT JOIN (SELECT id AS family_ref, name AS parent_name FROM products) parent ON parent.family_ref = p.parent_id WHERE ${parts.join(' AND ')}`;
	const d = q.direction();
	const rank = `CASE effective_status WHEN 'outofstock' THEN 0 WHEN 'lowstock' THEN 1 WHEN 'onbackorder' THEN 2 WHEN 'instock' THEN 3 ELSE 4 END`;
	const orderby =
		{
			stock_status: `${rank} ${d}, CASE WHEN manages THEN stock_quantity END ${d} NULLS LAST, family_id ASC, parent_id ASC, id ASC`,
			stock_quantity: `CASE WHEN manages THEN stock_quantity END ${d} NULLS LAST, id ${d}`,
			date: `date_created ${d}, id ${d}`,
			id: `id ${d}`,
			include: `id ${d}`,
			title: `family_name ${d}, family_id ${d}, parent_id ASC, name ASC, id ASC`,
			sku: `sku ${d}, id ASC`,
		}[q.str('orderby', 'stock_status')] ?? `${rank} ${d}, id ASC`;
	const offset = q.num('offset');
	const page = await pageRows(
		db,
		// ClickHouse 18.16 takes OFFSET only after a LIMIT.
		offset !== undefined
			? `${base} LIMIT ${Number.MAX_SAFE_INTEGER} OFFSET ${Math.max(0, Math.floor(offset))}`
			: base,
		params,
		orderby,
		q,
	);
	return result(
		page,
		page.rows.map((r) => {
			const manages = r.manages === true || Number(r.manages) === 1;
			return {
				id: int(r.id),
				parent_id: int(r.parent_id),
				name: text(r.name),
				sku: text(r.sku),
				type: text(r.type),
				stock_status: text(r.effective_status),
				stock_quantity: manages ? num(r.stock_quantity) : null,
				manage_stock: manages,
				low_stock_amount: int(r.effective_low),
				_links: {
					product: link(`${NS}/products/${int(r.parent_id) || int(r.id)}`),
					...(int(r.parent_id)
						? { parent: link(`${NS}/products/${int(r.parent_id)}`) }
						: {}),
				},
			};
		}),
	);
}

export async function stockStats(db: SqlReader, settings: StoreSettings): Promise<RouteResult> {
	const row = await db.one(
		`SELECT ${STOCK_STATUSES.map((t) => `SUM(CASE WHEN ${stockCondition(t, settings)} THEN 1 ELSE 0 END) AS ${t}`).join(', ')}, COUNT(*) AS products FROM products p WHERE ${STOCK_SCOPE}`,
	);
	const totals: Record<string, number> = {};
	for (const key of [...STOCK_STATUSES, 'products']) totals[key] = int(row?.[key]);
	return { body: { totals } };
}
