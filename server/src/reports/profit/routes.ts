/**
 * Routes of the Profit report and of cost editing:
 *
 * * `GET wc-analytics/reports/profit/stats` — totals and interval subtotals (`profit.ts`).
 * * `GET wc-analytics/reports/profit` — the table, `by=product` (default) or `by=category`.
 * * `GET wc-analytics/reports/profit/missing-costs` — `{count, products}`: what sold without a cost.
 * * `GET abacus/v1/costs?product=ID` — a product, its variations, their cost today and the history.
 * * `POST abacus/v1/costs` — `{product_id, variation_id?, cost, date_from, apply_to_past?}`: records
 *   a unit cost from a day on (the nonce check of every mutation applies, `app.ts`; on an engine,
 *   a store token with the `edit_costs` scope stands in for it, `engine-auth`). 400
 *   `abacus_invalid_cost` naming each bad field; nothing is written then.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import { Db } from '../../core/db.js';
import { type CostBook, duckdbCostBook, ensureCostSchema } from '../../db/costs.js';
import { getOption } from '../../db/options.js';
import { RestError, notFound } from '../../http/errors.js';
import { EDITABLE, type ParamSpecs } from '../../http/params.js';
import {
	missingCosts,
	PROFIT_FIELDS,
	PROFIT_LIST_ORDERBY,
	profitList,
	profitStats,
} from './profit.js';
import { commonListParams, commonStatsParams } from '../shared/report-params.js';
import { notOnEngine, type ReportCache, reportRoute } from '../shared/report-route.js';

const FILTERS: ParamSpecs = {
	products: { type: 'ids' },
	categories: { type: 'ids' },
};

const COST_FIELDS = ['product_id', 'variation_id', 'cost', 'date_from', 'apply_to_past'];

/** Largest unit cost accepted (a typing slip of a few extra digits is refused, not stored). */
export const MAX_UNIT_COST = 1_000_000_000;

function invalidCost(problems: Record<string, string>): RestError {
	return new RestError(
		'abacus_invalid_cost',
		`The cost was not saved: ${Object.values(problems).join(' ')}`,
		400,
		{ params: problems },
	);
}

const isDay = (text: string): boolean => {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
	if (!m) return false;
	const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
	return d.toISOString().slice(0, 10) === text && Number(m[1]) >= 1970;
};

export async function registerProfitRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	cache: ReportCache,
	ns: string,
): Promise<void> {
	const db = ctx.db;
	await ensureCostSchema(db);
	const route = reportRoute.bind(null, app, ctx, cache);
	route(
		`${ns}/reports/profit/stats`,
		{ ...commonStatsParams(['date', ...PROFIT_FIELDS]), ...FILTERS },
		async (q, settings, _request, reader) => profitStats(reader, q, settings),
		{ seam: true },
	);
	route(
		`${ns}/reports/profit`,
		{
			...commonListParams(PROFIT_LIST_ORDERBY, 'net_revenue'),
			...FILTERS,
			by: { type: 'string', default: 'product', enum: ['product', 'category'] },
		},
		async (q, settings, _request, reader) => profitList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${ns}/reports/profit/missing-costs`,
		{ after: { type: 'date-time' }, before: { type: 'date-time' }, ...FILTERS },
		async (q, settings, _request, reader) => ({
			body: await missingCosts(reader, q, settings),
		}),
		{ seam: true },
	);

	/**
	 * The request's cost book and the store's price precision: the server's DuckDB store, or on
	 * a multi-store engine the token's store (401/403 without one, never another store's).
	 */
	async function costBookOf(
		request: FastifyRequest,
		method: string,
	): Promise<{ book: CostBook; precision: number }> {
		if (!cache.engine) {
			const decimals = Number(
				await getOption<unknown>(db, 'woocommerce_price_num_decimals', 2),
			);
			return { book: duckdbCostBook(db), precision: decimals };
		}
		const source = await cache.engine.source(request);
		// A store answered from a DuckDB file of its own (not on the cluster yet) keeps its costs there.
		if (!source.costs && source.reader instanceof Db) {
			return { book: duckdbCostBook(source.reader), precision: 2 };
		}
		if (!source.costs) throw notOnEngine(cache.engine.name, method, '/abacus/v1/costs');
		// The store's price decimals as registered on the cluster (2 when its registration has none).
		return { book: source.costs, precision: source.costs.priceDecimals ?? 2 };
	}

	app.get('/abacus/v1/costs', { config: { engineSeam: true } }, async (request) => {
		const raw = (request.query ?? {}) as Record<string, unknown>;
		const id = Number(raw.product);
		if (!Number.isInteger(id) || id <= 0) {
			throw new RestError('rest_invalid_param', 'Invalid parameter(s): product', 400, {
				params: { product: 'product must be a product id.' },
			});
		}
		const { book } = await costBookOf(request, 'GET');
		const product = await book.product(id);
		if (!product) throw notFound('abacus_product_not_found', 'No product has this id.');
		const variations = await book.variations(id);
		const history = await book.costHistory(id);
		const today = new Date().toISOString().slice(0, 10);
		const current = (variationId: number): number | null => {
			const entry = history.find(
				(h) => h.variation_id === variationId && h.date_from <= today,
			);
			return entry ? entry.cost : null;
		};
		return {
			product: {
				id: product.id,
				name: product.name,
				type: product.type,
				price: product.price,
				cost: current(0),
			},
			variations: variations.map((v) => ({
				id: v.id,
				name: v.name,
				price: v.price,
				cost: current(v.id),
			})),
			history,
		};
	});

	app.route({
		method: [...EDITABLE],
		url: '/abacus/v1/costs',
		schema: { body: { type: 'object' } },
		config: { engineSeam: true },
		handler: async (request) => {
			const body = request.body as Record<string, unknown>;
			const problems: Record<string, string> = {};
			for (const key of Object.keys(body)) {
				if (!COST_FIELDS.includes(key)) problems[key] = `${key} is not a field of a cost.`;
			}
			const productId = Number(body.product_id);
			if (!Number.isInteger(productId) || productId <= 0) {
				problems.product_id = 'product_id must be a product id.';
			}
			const variationId = body.variation_id === undefined ? 0 : Number(body.variation_id);
			if (!Number.isInteger(variationId) || variationId < 0) {
				problems.variation_id =
					'variation_id must be a variation id, or 0 for the product.';
			}
			const { book, precision: storeDecimals } = await costBookOf(request, request.method);
			const precision = Math.max(0, Math.min(8, storeDecimals || 0));
			const costText =
				typeof body.cost === 'number' ? String(body.cost) : String(body.cost ?? '').trim();
			const cost = Number(costText);
			const decimals = /^\d+(\.(\d+))?$/.exec(costText)?.[2]?.length ?? 0;
			if (
				costText === '' ||
				(typeof body.cost !== 'number' && typeof body.cost !== 'string') ||
				!/^\d+(\.\d+)?$/.test(costText) ||
				!Number.isFinite(cost)
			) {
				problems.cost = 'The cost must be a non-negative amount, like 12.50.';
			} else if (cost > MAX_UNIT_COST) {
				problems.cost = `The cost must be at most ${MAX_UNIT_COST}.`;
			} else if (decimals > precision) {
				problems.cost = `The cost has more than ${precision} decimal places (the store's price precision).`;
			}
			const dateFrom = typeof body.date_from === 'string' ? body.date_from : '';
			if (!isDay(dateFrom)) {
				problems.date_from = 'The date must be a day like 2026-01-31.';
			}
			if (body.apply_to_past !== undefined && typeof body.apply_to_past !== 'boolean') {
				problems.apply_to_past = 'apply_to_past must be true or false.';
			}
			if (!problems.product_id && !problems.variation_id) {
				const product = await book.product(productId);
				if (!product) problems.product_id = `No product has the id ${productId}.`;
				else if (variationId !== 0) {
					const variations = await book.variations(productId);
					if (!variations.some((v) => v.id === variationId)) {
						problems.variation_id = `The product ${productId} has no variation ${variationId}.`;
					}
				}
			}
			if (Object.keys(problems).length) throw invalidCost(problems);
			const result = await book.setProductCost(
				{
					product_id: productId,
					variation_id: variationId,
					cost: Math.round(cost * 10 ** precision) / 10 ** precision,
					date_from: dateFrom,
					source: 'abacus',
				},
				body.apply_to_past === true,
			);
			ctx.notifyWrite();
			return {
				product_id: productId,
				variation_id: variationId,
				cost,
				date_from: dateFrom,
				apply_to_past: body.apply_to_past === true,
				rewritten_lines: result.rewritten,
				history: await book.costHistory(productId),
			};
		},
	});
}
