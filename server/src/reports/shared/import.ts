/**
 * Historical-data import (REST contract §6.16): `reports/import` rebuilds the lookup tables from the
 * raw orders as a background job. Start answers at once; the order-stats rows of the orders in
 * scope are staged, then moved into the lookup tables in batches, each batch one transaction
 * followed by a roll-up refresh, so reports always read complete orders. The status endpoint shows
 * the orders and customers imported so far; cancel stops the job between batches; delete cancels it
 * and empties the lookup tables.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db } from '../../core/db.js';
import { importStagedBatch, stageOrderStats, updateCatalogueTotals } from '../../db/pipeline.js';
import { refreshRollups } from '../../db/rollups.js';
import { RestError } from '../../http/errors.js';
import type { SqlReader } from '../../metrics/dialect.js';
import { notOnEngine, type ReportEngine } from './report-route.js';

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

/** What an import job needs of its server: batch size and pacing, and a write notice. */
export interface ImportHost {
	importBatchSize: number;
	importPace?: () => Promise<void>;
	/** Called after every committed batch (report caches drop; an engine pushes the store). */
	notifyWrite(): void;
}

/** The historical import of one store's database (one job at a time). */
export class ImportJob {
	private state: ImportState | null = null;
	private cancelled = false;
	private job: Promise<void> | null = null;

	constructor(
		private readonly db: Db,
		private readonly host: ImportHost,
	) {}

	/** Orders and distinct customers a scope would import (raw orders, refunds included). */
	async totals(scope: Scope): Promise<{ orders: number; customers: number }> {
		const conditions = [
			scope.since === null ? '' : 'date_created >= CAST(? AS TIMESTAMP)',
			scope.skipExisting ? 'id NOT IN (SELECT order_id FROM order_stats)' : '',
		].filter(Boolean);
		const row = await this.db.one(
			`SELECT COUNT(*) AS n, COUNT(DISTINCT customer_id) AS c FROM orders ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`,
			scope.since === null ? [] : [scope.since],
		);
		return { orders: Number(row?.n ?? 0), customers: Number(row?.c ?? 0) };
	}

	private async finish(): Promise<void> {
		const db = this.db;
		await db.transaction(async () => {
			await updateCatalogueTotals(db);
			await refreshRollups(db);
		});
		await db.run('DROP TABLE IF EXISTS import_stage');
		this.host.notifyWrite();
	}

	private async run(current: ImportState, scope: Scope): Promise<void> {
		const db = this.db;
		try {
			// On the writer connection, where the temporary staging table lives.
			const staged = await db.transaction(() =>
				stageOrderStats(db, scope.since, scope.skipExisting),
			);
			current.orders.total = staged;
			const size = Math.max(1, this.host.importBatchSize);
			for (let from = 1; from <= staged; from += size) {
				if (this.host.importPace) await this.host.importPace();
				if (this.cancelled) break;
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
				this.host.notifyWrite();
			}
			await this.finish();
		} finally {
			current.running = false;
		}
	}

	/** Starts the import in the background (the contract's error while one runs). */
	async start(scope: Scope, onError: (error: unknown) => void) {
		if (this.state?.running) {
			return {
				status: 'error',
				message:
					'An import is already in progress. Please allow the previous import to complete before beginning a new one.',
			};
		}
		const counted = await this.totals(scope);
		const current: ImportState = {
			from: scope.since ?? -1,
			orders: { imported: 0, total: counted.orders },
			customers: { imported: 0, total: counted.customers },
			running: true,
		};
		this.state = current;
		this.cancelled = false;
		this.job = this.run(current, scope).catch(onError);
		return {
			status: 'success',
			message:
				'Report table data is being rebuilt. Please allow some time for data to fully populate.',
		};
	}

	status() {
		const state = this.state;
		if (!state) return { is_importing: false };
		return {
			customers: { ...state.customers },
			orders: { ...state.orders },
			imported_from: state.from,
			is_importing: state.running,
		};
	}

	/** Stops the running import after its batch. */
	async stop(): Promise<void> {
		this.cancelled = true;
		if (this.job) await this.job.catch(() => undefined);
	}

	/** Cancels and empties the lookup tables. */
	async delete(): Promise<void> {
		await this.stop();
		const db = this.db;
		await db.transaction(async () => {
			for (const table of LOOKUP_TABLES) await db.run(`DELETE FROM ${table}`);
			await updateCatalogueTotals(db);
			await refreshRollups(db);
		});
		this.state = null;
		this.host.notifyWrite();
	}
}

/**
 * The job a request's import routes act on, on a server whose store is not its own database (a
 * ClickHouse engine: the request's store's workspace); undefined when the engine does not sync
 * the request's store (it was loaded into the cluster from its own database). Throws a RestError
 * when the request names no store.
 */
export type ImportJobs = (request: FastifyRequest) => ImportJob | undefined;

const engineJobs = new WeakMap<ServerContext, ImportJobs>();

/** Makes the server's import routes act on `jobs(request)` instead of its own database. */
export function setImportJobs(ctx: ServerContext, jobs: ImportJobs): void {
	engineJobs.set(ctx, jobs);
}

/**
 * A store a many-store engine holds but does not sync: its rows were loaded into the cluster from
 * the store's own database (`clickhouse-load.js`), and there they are the lookup tables the
 * reports read, with no raw orders beside them. As the contract has it for a server whose lookup
 * tables are its primary store, its import is complete: the status and totals count its rows on
 * the cluster (`source: 'cluster'` says so). Starting an import or deleting the report data is
 * refused (409, nothing written): neither could be redone from here.
 */
class LoadedStore {
	constructor(private readonly reader: SqlReader) {}

	async totals(scope: Scope): Promise<{ orders: number; customers: number }> {
		// Every row is already the report data: nothing would be imported that is not there.
		if (scope.skipExisting) return { orders: 0, customers: 0 };
		return this.counts(scope.since);
	}

	private async counts(since: string | null): Promise<{ orders: number; customers: number }> {
		const row = await this.reader.one(
			`SELECT count(*) AS n, count(DISTINCT customer_id) AS c FROM order_stats${since === null ? '' : ' WHERE date_created >= ?'}`,
			since === null ? [] : [since],
		);
		return { orders: Number(row?.n ?? 0), customers: Number(row?.c ?? 0) };
	}

	async status() {
		const counted = await this.counts(null);
		return {
			customers: { imported: counted.customers, total: counted.customers },
			orders: { imported: counted.orders, total: counted.orders },
			imported_from: -1,
			is_importing: false,
			source: 'cluster',
		};
	}

	refuse(action: 'import' | 'delete'): never {
		throw new RestError(
			'abacus_import_loaded_store',
			action === 'import'
				? 'This store’s report data was loaded into the engine’s cluster from its own database and is complete; this engine does not sync the store, so it cannot import it again: import it in the store’s own Analytics settings, or load it into the cluster again.'
				: 'This store’s report data was loaded into the engine’s cluster from its own database; this engine does not sync the store, so it could not import it again and does not delete it: load the store into the cluster again to replace it.',
			409,
		);
	}
}

/**
 * `engine`: on a many-store engine, the source of a request's store (a store the engine holds but
 * does not sync is answered from its rows there).
 */
export async function registerImportRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	engine?: ReportEngine,
): Promise<void> {
	const local = new ImportJob(ctx.db, {
		importBatchSize: ctx.config.importBatchSize,
		importPace: ctx.config.importPace,
		notifyWrite: () => ctx.notifyWrite(),
	});
	const jobFor = async (request: FastifyRequest): Promise<ImportJob | LoadedStore> => {
		if (!ctx.config.engine) return local;
		const job = engineJobs.get(ctx)?.(request);
		if (job) return job;
		// No workspace for the store: its rows on the cluster (the engine refuses a request
		// naming no store it holds, 401/403, never another store's rows).
		if (!engine) {
			const route = (request.routeOptions.url ?? '').replace(/^\/wp-json/, '');
			throw notOnEngine('ClickHouse', request.method, route);
		}
		return new LoadedStore((await engine.source(request)).reader);
	};
	// On a ClickHouse engine these answer for the request's store (`sync/clickhouse-workspaces.ts`).
	const config = { engineIngest: ctx.config.engine !== undefined };

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
			config,
			handler: async (request) => {
				const job = await jobFor(request);
				if (job instanceof LoadedStore) return job.refuse('import');
				return job.start(scopeOf(request.query), (error: unknown) => {
					request.log.error(error, 'The import stopped on an error.');
				});
			},
		});
	}
	app.get(
		`${NS}/reports/import/totals`,
		{ schema: { querystring: importQuery }, config },
		async (request) => (await jobFor(request)).totals(scopeOf(request.query)),
	);
	app.get(`${NS}/reports/import/status`, { config }, async (request) =>
		(await jobFor(request)).status(),
	);
	app.post(`${NS}/reports/import/cancel`, { config }, async (request) => {
		// A loaded store runs no import: nothing to stop.
		const job = await jobFor(request);
		if (job instanceof ImportJob) await job.stop();
		return {
			status: 'success',
			message: 'All pending and in-progress import actions have been cancelled.',
		};
	});
	app.post(`${NS}/reports/import/delete`, { config }, async (request) => {
		const job = await jobFor(request);
		if (job instanceof LoadedStore) return job.refuse('delete');
		await job.delete();
		return { status: 'success', message: 'Report table data is being deleted.' };
	});
	app.addHook('onClose', async () => {
		await local.stop();
	});
}
