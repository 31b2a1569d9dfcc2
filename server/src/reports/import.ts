/**
 * Historical-data import (REST contract §6.16): `reports/import` rebuilds the lookup tables from the
 * raw orders as a background job. Start answers at once; the order-stats rows of the orders in
 * scope are staged, then moved into the lookup tables in batches, each batch one transaction
 * followed by a roll-up refresh, so reports always read complete orders. The status endpoint shows
 * the orders and customers imported so far; cancel stops the job between batches; delete cancels it
 * and empties the lookup tables.
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { importStagedBatch, stageOrderStats, updateCatalogueTotals } from '../db/pipeline.js';
import { refreshRollups } from '../db/rollups.js';

const NS = '/wc-analytics';
const LOOKUP_TABLES = [
	'order_stats',
	'order_product_lookup',
	'order_tax_lookup',
	'order_coupon_lookup',
] as const;

interface ImportState {
	from: string | number;
	orders: { imported: number; total: number };
	customers: { imported: number; total: number };
	running: boolean;
}

interface Scope {
	/** Local 'YYYY-MM-DD 00:00:00' start, or null for all time. */
	since: string | null;
	skipExisting: boolean;
}

function scopeOf(query: unknown): Scope {
	const { days, skip_existing: skip } = (query ?? {}) as {
		days?: number;
		skip_existing?: boolean;
	};
	return {
		since:
			days === undefined
				? null
				: `${new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)} 00:00:00`,
		skipExisting: skip === true,
	};
}

export async function registerImportRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const db = ctx.db;
	let state: ImportState | null = null;
	let cancelled = false;
	let job: Promise<void> | null = null;

	/** Orders and distinct customers a scope would import (raw orders, refunds included). */
	const totals = async (scope: Scope): Promise<{ orders: number; customers: number }> => {
		const conditions = [
			scope.since === null ? '' : 'date_created >= CAST(? AS TIMESTAMP)',
			scope.skipExisting ? 'id NOT IN (SELECT order_id FROM order_stats)' : '',
		].filter(Boolean);
		const row = await db.one(
			`SELECT COUNT(*) AS n, COUNT(DISTINCT customer_id) AS c FROM orders ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`,
			scope.since === null ? [] : [scope.since],
		);
		return { orders: Number(row?.n ?? 0), customers: Number(row?.c ?? 0) };
	};

	const finish = async (): Promise<void> => {
		await db.transaction(async () => {
			await updateCatalogueTotals(db);
			await refreshRollups(db);
		});
		await db.run('DROP TABLE IF EXISTS import_stage');
		ctx.notifyWrite();
	};

	const run = async (current: ImportState, scope: Scope): Promise<void> => {
		try {
			// On the writer connection, where the temporary staging table lives.
			const staged = await db.transaction(() =>
				stageOrderStats(db, scope.since, scope.skipExisting),
			);
			current.orders.total = staged;
			const size = Math.max(1, ctx.config.importBatchSize);
			for (let from = 1; from <= staged; from += size) {
				if (ctx.config.importPace) await ctx.config.importPace();
				if (cancelled) break;
				const to = Math.min(staged, from + size - 1);
				// The staging table is temporary (it lives on the writer connection): it is read
				// inside the batch's transaction. Report reads go to the reader connections and
				// see the last committed batch, never wait for this one.
				const customers = await db.transaction(async () => {
					await importStagedBatch(db, from, to);
					await refreshRollups(db);
					return db.one(
						'SELECT COUNT(DISTINCT customer_id) AS c FROM import_stage WHERE rn <= ?',
						[to],
					);
				});
				current.orders.imported = to;
				current.customers.imported = Number(customers?.c ?? 0);
				ctx.notifyWrite();
			}
			await finish();
		} finally {
			current.running = false;
		}
	};

	const stop = async (): Promise<void> => {
		cancelled = true;
		if (job) await job.catch(() => undefined);
	};

	const importQuery = {
		type: 'object',
		properties: {
			days: { type: 'integer', minimum: 0, maximum: 100000 },
			skip_existing: { type: 'boolean' },
		},
	};
	for (const method of ['POST', 'PUT', 'PATCH'] as const) {
		app.route({
			method,
			url: `${NS}/reports/import`,
			schema: { querystring: importQuery },
			handler: async (request) => {
				if (state?.running) {
					return {
						status: 'error',
						message:
							'An import is already in progress. Please allow the previous import to complete before beginning a new one.',
					};
				}
				const scope = scopeOf(request.query);
				const counted = await totals(scope);
				const current: ImportState = {
					from: scope.since ?? -1,
					orders: { imported: 0, total: counted.orders },
					customers: { imported: 0, total: counted.customers },
					running: true,
				};
				state = current;
				cancelled = false;
				job = run(current, scope).catch((error: unknown) => {
					request.log.error(error, 'The import stopped on an error.');
				});
				return {
					status: 'success',
					message:
						'Report table data is being rebuilt. Please allow some time for data to fully populate.',
				};
			},
		});
	}
	app.get(
		`${NS}/reports/import/totals`,
		{ schema: { querystring: importQuery } },
		async (request) => totals(scopeOf(request.query)),
	);
	app.get(`${NS}/reports/import/status`, async () => {
		if (!state) return { is_importing: false };
		return {
			customers: { ...state.customers },
			orders: { ...state.orders },
			imported_from: state.from,
			is_importing: state.running,
		};
	});
	app.post(`${NS}/reports/import/cancel`, async () => {
		await stop();
		return {
			status: 'success',
			message: 'All pending and in-progress import actions have been cancelled.',
		};
	});
	app.post(`${NS}/reports/import/delete`, async () => {
		await stop();
		await db.transaction(async () => {
			for (const table of LOOKUP_TABLES) await db.run(`DELETE FROM ${table}`);
			await updateCatalogueTotals(db);
			await refreshRollups(db);
		});
		state = null;
		ctx.notifyWrite();
		return { status: 'success', message: 'Report table data is being deleted.' };
	});
	app.addHook('onClose', async () => {
		await stop();
	});
}
