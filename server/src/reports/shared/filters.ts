/**
 * Order filters (REST contract §3.1, §4) turned into SQL conditions on an order-stats alias `s`.
 * Every value is bound as a parameter; lists of ids are validated integers.
 */
import type { SqlValue } from '../../core/db.js';
import { DUCKDB, type Dialect, type SqlReader } from '../../metrics/dialect.js';
import { invalidParams } from '../../http/errors.js';
import { type Query } from '../../http/params.js';
import { formatSql } from '../../db/store-time.js';
import { type StoreSettings } from '../../db/store-settings.js';
import { dimensionFilterParts } from './breakdown-filters.js';
import { type DateRange } from './date-range.js';

export interface Where {
	sql: string[];
	params: SqlValue[];
}

function placeholders(n: number): string {
	return Array.from({ length: n }, () => '?').join(', ');
}

/** `s.status …` conditions: explicit status_is / status_is_not, else the excluded statuses. */
export function statusWhere(q: Query, settings: StoreSettings, alias = 's'): Where {
	const is = q.strings('status_is').filter((s) => s !== 'any');
	const isNot = q.strings('status_is_not').filter((s) => s !== 'any');
	const where: Where = { sql: [], params: [] };
	if (is.length || isNot.length || q.strings('status_is').includes('any')) {
		if (is.length) {
			where.sql.push(`${alias}.status IN (${placeholders(is.length)})`);
			where.params.push(...is.map((s) => `wc-${s}`));
		}
		if (isNot.length) {
			where.sql.push(`${alias}.status NOT IN (${placeholders(isNot.length)})`);
			where.params.push(...isNot.map((s) => `wc-${s}`));
		}
		return where;
	}
	where.sql.push(`${alias}.status NOT IN (${placeholders(settings.excludedStatuses.length)})`);
	where.params.push(...settings.excludedStatuses.map((s) => `wc-${s}`));
	return where;
}

/**
 * statusWhere as a test of one row's status (`null`: a row without a status, which fails every
 * condition as in SQL and counts only where there is none, `status_is=any` alone).
 */
export function statusAccepts(
	q: Query,
	settings: StoreSettings,
): (status: string | null) => boolean {
	const is = q.strings('status_is').filter((s) => s !== 'any');
	const isNot = q.strings('status_is_not').filter((s) => s !== 'any');
	if (is.length || isNot.length || q.strings('status_is').includes('any')) {
		if (!is.length && !isNot.length) return () => true;
		const inList = new Set(is.map((s) => `wc-${s}`));
		const notIn = new Set(isNot.map((s) => `wc-${s}`));
		return (status) =>
			status !== null &&
			(!is.length || inList.has(status)) &&
			(!isNot.length || !notIn.has(status));
	}
	const excluded = new Set(settings.excludedStatuses.map((s) => `wc-${s}`));
	return (status) => status !== null && !excluded.has(status);
}

export function dateWhere(range: DateRange, column: string, dialect: Dialect = DUCKDB): Where {
	return {
		sql: [`${column} BETWEEN ${dialect.timestamp('?')} AND ${dialect.timestamp('?')}`],
		params: [formatSql(range.after), formatSql(range.before)],
	};
}

/** Product ids of the given categories and all their sub-categories. */
export async function productsInCategories(db: SqlReader, categories: number[]): Promise<number[]> {
	if (!categories.length) return [];
	const rows = await db.all<{ id: number }>(
		`SELECT DISTINCT pc.product_id AS id FROM product_categories pc
		 JOIN category_lookup cl ON cl.category_id = pc.category_id
		 WHERE cl.category_tree_id IN (${placeholders(categories.length)})`,
		categories,
	);
	return rows.map((r) => Number(r.id));
}

/** Resolves an attribute tuple to an item-meta key and value. */
async function attributeMeta(
	db: SqlReader,
	tuple: [string, string],
	name: string,
): Promise<[string, string]> {
	const [attr, term] = tuple;
	if (/^\d+$/.test(attr) && /^\d+$/.test(term)) {
		const row = await db.one<{ slug: string; term: string }>(
			'SELECT a.slug AS slug, t.slug AS term FROM attributes a JOIN attribute_terms t ON t.attribute_id = a.id WHERE a.id = ? AND t.id = ?',
			[Number(attr), Number(term)],
		);
		if (!row) return ['pa_-', '-'];
		return [`pa_${row.slug}`, row.term];
	}
	if (!attr) throw invalidParams({ [name]: `${name} must hold [attribute, value] pairs.` });
	return [attr, term];
}

/**
 * Filter conditions of orders stats / orders list (everything but status and dates), combined
 * with `match` (all = AND, any = OR). Returns null when nothing is filtered.
 */
export async function orderFilters(
	db: SqlReader,
	q: Query,
	options: { categories?: boolean; orders?: boolean } = {},
): Promise<Where | null> {
	const parts: Where[] = [];
	const lookup = (table: string, column: string, ids: number[], not: boolean): void => {
		if (!ids.length) return;
		parts.push({
			sql: [
				`s.order_id ${not ? 'NOT IN' : 'IN'} (SELECT order_id FROM ${table} WHERE ${column} IN (${placeholders(ids.length)}))`,
			],
			params: ids,
		});
	};
	const anyMatch = q.str('match', 'all') === 'any';
	let productIncludes = q.ids('product_includes');
	if (options.categories !== false && q.ids('categories').length) {
		const expanded = await productsInCategories(db, q.ids('categories'));
		const inCategories = expanded.length ? expanded : [-1];
		if (!productIncludes.length) productIncludes = inCategories;
		else if (anyMatch) productIncludes = [...new Set([...productIncludes, ...inCategories])];
		else
			productIncludes = productIncludes
				.filter((id) => inCategories.includes(id))
				.concat(productIncludes.some((id) => inCategories.includes(id)) ? [] : [-1]);
	}
	lookup('order_product_lookup', 'product_id', productIncludes, false);
	lookup('order_product_lookup', 'product_id', q.ids('product_excludes'), true);
	lookup('order_product_lookup', 'variation_id', q.ids('variation_includes'), false);
	lookup('order_product_lookup', 'variation_id', q.ids('variation_excludes'), true);
	lookup('order_coupon_lookup', 'coupon_id', q.ids('coupon_includes'), false);
	lookup('order_coupon_lookup', 'coupon_id', q.ids('coupon_excludes'), true);
	lookup('order_tax_lookup', 'tax_rate_id', q.ids('tax_rate_includes'), false);
	lookup('order_tax_lookup', 'tax_rate_id', q.ids('tax_rate_excludes'), true);
	if (options.orders) {
		const inc = q.ids('order_includes');
		const exc = q.ids('order_excludes');
		if (inc.length)
			parts.push({ sql: [`s.order_id IN (${placeholders(inc.length)})`], params: inc });
		if (exc.length)
			parts.push({ sql: [`s.order_id NOT IN (${placeholders(exc.length)})`], params: exc });
	}
	const customerType = q.str('customer_type') || q.str('customer');
	// Bound, not written as `false`/`true`: ClickHouse 18.16 has no boolean literals.
	if (customerType === 'new') parts.push({ sql: ['s.returning_customer = ?'], params: [false] });
	if (customerType === 'returning')
		parts.push({ sql: ['s.returning_customer = ?'], params: [true] });
	const refunds = q.str('refunds');
	if (refunds === 'all') parts.push({ sql: ['s.parent_id <> 0'], params: [] });
	if (refunds === 'none') parts.push({ sql: ['s.parent_id = 0'], params: [] });
	if (refunds === 'full')
		parts.push({ sql: ["(s.parent_id <> 0 AND s.status = 'wc-refunded')"], params: [] });
	if (refunds === 'partial')
		parts.push({ sql: ["(s.parent_id <> 0 AND s.status <> 'wc-refunded')"], params: [] });
	for (const [name, not] of [
		['attribute_is', false],
		['attribute_is_not', true],
	] as const) {
		const tuples = q.tuples(name);
		if (!tuples.length) continue;
		const metas = await Promise.all(tuples.map((t) => attributeMeta(db, t, name)));
		// The items carrying that meta, as a plain (not correlated) subquery: ClickHouse 18.16
		// takes no correlated subqueries.
		const conds = metas.map(
			() =>
				`l.order_item_id IN (SELECT m.order_item_id FROM order_item_meta m WHERE m.meta_key = ? AND m.meta_value ${not ? '<>' : '='} ?)`,
		);
		parts.push({
			sql: [
				`s.order_id IN (SELECT l.order_id FROM order_product_lookup l WHERE ${conds.join(anyMatch ? ' OR ' : ' AND ')})`,
			],
			params: metas.flat(),
		});
	}
	parts.push(...dimensionFilterParts(q));
	return combine(parts, anyMatch);
}

/**
 * The breakdown dimension filters alone (`payment_method_includes`, `country_excludes`, …, see
 * `breakdown-filters.ts`), combined with `match`: the filters revenue stats take. Null when none.
 */
export function dimensionFilters(q: Query): Where | null {
	return combine(dimensionFilterParts(q), q.str('match', 'all') === 'any');
}

function combine(parts: Where[], anyMatch: boolean): Where | null {
	if (!parts.length) return null;
	return {
		sql: [`(${parts.map((p) => p.sql.join(' AND ')).join(anyMatch ? ' OR ' : ' AND ')})`],
		params: parts.flatMap((p) => p.params),
	};
}

/** Joins several Where parts with AND into `WHERE …` text and params. */
export function whereClause(...parts: Array<Where | null>): { sql: string; params: SqlValue[] } {
	const list = parts.filter((p): p is Where => p !== null);
	const sql = list.flatMap((p) => p.sql);
	return {
		sql: sql.length ? `WHERE ${sql.join(' AND ')}` : '',
		params: list.flatMap((p) => p.params),
	};
}
