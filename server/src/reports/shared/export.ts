/**
 * Report exports (REST contract §6.15): `POST reports/{type}/export` starts building a CSV in the
 * background, batch by batch through the same report code the tables use (each report's
 * `ReportExport`, in its folder's `index.ts`: its columns and its page of rows), written to a
 * temporary file (never held in memory whole); `GET …/status` reports progress and, when done, a download
 * link served by `GET …/download` (streamed from the file, nonce required). An export is bounded
 * (rows, exports running at once per store and on the whole server), can be cancelled (`DELETE …/export/{id}` or
 * `POST …/export/{id}/cancel`) and expires some time after it is finished (its file is deleted).
 *
 * On a multi-store engine (ClickHouse) an export reads the token's store through the same reader
 * the report routes are handed (`ReportEngine.source`), so its CSV holds the rows the routes
 * answer; jobs are kept per server and found only with a token of the store that started them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import { RestError } from '../../http/errors.js';
import { nonceMatches } from '../../http/security.js';
import { DIMENSION_FILTER_PARAMS } from './breakdown-filters.js';
import { normaliseQuery, Query, type ParamSpecs } from '../../http/params.js';
import type { SqlReader } from '../../metrics/dialect.js';
import type { ReportExport } from './report.js';
import { type ReportEngine, type RouteResult } from './report-route.js';
import { storeSettings } from '../../db/store-settings.js';

const NS = '/wc-analytics';

type Item = Record<string, unknown>;

/** One CSV cell: quoted when needed; leading = + - @ neutralised against formula injection. */
export function csvCell(value: unknown): string {
	if (value === null || value === undefined) return '';
	// A number not below zero (digits, an exponent, Infinity) has nothing to neutralise or quote.
	if (typeof value === 'number' && value >= 0) return String(value);
	let text = String(value);
	if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
	return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const LIST_PARAMS: ParamSpecs = {
	page: { type: 'integer', minimum: 1 },
	per_page: { type: 'integer', minimum: -1, maximum: 100 },
	products: { type: 'ids' },
	categories: { type: 'ids' },
	coupons: { type: 'ids' },
	taxes: { type: 'ids' },
	variations: { type: 'ids' },
	product_includes: { type: 'ids' },
	product_excludes: { type: 'ids' },
	variation_includes: { type: 'ids' },
	variation_excludes: { type: 'ids' },
	coupon_includes: { type: 'ids' },
	coupon_excludes: { type: 'ids' },
	tax_rate_includes: { type: 'ids' },
	tax_rate_excludes: { type: 'ids' },
	order_includes: { type: 'ids' },
	order_excludes: { type: 'ids' },
	customer_includes: { type: 'ids' },
	customer_excludes: { type: 'ids' },
	status_is: { type: 'strings' },
	status_is_not: { type: 'strings' },
	attribute_is: { type: 'tuples' },
	attribute_is_not: { type: 'tuples' },
	customers: { type: 'ids' },
	name_includes: { type: 'ids' },
	name_excludes: { type: 'ids' },
	fields: { type: 'strings' },
	...DIMENSION_FILTER_PARAMS,
};

/** Limits of the export jobs (tests lower them). */
export const EXPORT_LIMITS = {
	/** Rows one export may hold; a larger report is refused with a message to narrow it. */
	maxRows: 1_000_000,
	/**
	 * Exports being built at once by one store (the server's own store on DuckDB, each token's store
	 * on a multi-store engine); a store over its share is refused until one of its own finishes.
	 */
	maxRunningPerStore: 2,
	/**
	 * Exports being built at once on the whole server, all stores together (an engine serving many
	 * stores; a single-store server never reaches it before its store's share).
	 */
	maxRunning: 16,
	/** How long a finished export can be downloaded before its file is deleted. */
	ttlMs: 60 * 60 * 1000,
	/** Rows per batch of a list report (each batch is one query of the report's own code). */
	batchRows: 5000,
};

type JobState = 'running' | 'done' | 'failed' | 'cancelled';

/**
 * Why a new export of `store` (null: the server's own store) must wait, or null when it may start:
 * the store already builds its share (`maxRunningPerStore`), or the server its total
 * (`maxRunning`). One store's exports never hold another store's share.
 */
export function exportBusy(
	jobs: ReadonlyArray<{ store: string | null; state: JobState }>,
	store: string | null,
): RestError | null {
	const running = jobs.filter((job) => job.state === 'running');
	const own = running.filter((job) => job.store === store).length;
	if (own >= EXPORT_LIMITS.maxRunningPerStore)
		return new RestError(
			'woocommerce_admin_reports_export_busy',
			`${own} exports are being built; wait for one to finish (or cancel one) and try again.`,
			429,
		);
	if (running.length >= EXPORT_LIMITS.maxRunning)
		return new RestError(
			'woocommerce_admin_reports_export_busy',
			`${running.length} exports of all stores are being built on this server; try again in a moment.`,
			429,
		);
	return null;
}

interface ExportJob {
	type: string;
	/** The store whose token started it (an engine's store pages), null for the server's own page. */
	store: string | null;
	state: JobState;
	rows: number;
	total: number;
	pages: number;
	page: number;
	file: string;
	error?: string;
	finishedAt?: number;
	/** Resolved when the background build has stopped (finished, failed or cancelled). */
	stopped: Promise<void>;
}

const SAFE_ARG = /^[a-z_]+$/;

/** Writes `text` to the stream, waiting when its buffer is full (bounded memory). */
function write(stream: fs.WriteStream, text: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const onError = (error: Error): void => reject(error);
		stream.once('error', onError);
		if (stream.write(text)) {
			stream.off('error', onError);
			resolve();
		} else
			stream.once('drain', () => {
				stream.off('error', onError);
				resolve();
			});
	});
}

function closeStream(stream: fs.WriteStream): Promise<void> {
	return new Promise((resolve) => stream.end(() => resolve()));
}

/**
 * `exports`: every report's exports by type (each report folder's `Report.exports`, gathered by
 * `reports/index.ts`). `engine`: a multi-store engine (ClickHouse) whose token's store every
 * export reads; absent, the server's DuckDB store.
 */
export async function registerExportRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	exports: Readonly<Record<string, ReportExport>>,
	engine?: ReportEngine,
): Promise<void> {
	const types = Object.keys(exports);
	const jobs = new Map<string, ExportJob>();
	/** Ids of exports that expired (so that a late download says so rather than "unknown"). */
	const expired = new Set<string>();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-exports-'));
	const removeFile = (file: string): void => fs.rmSync(file, { force: true });
	const sweep = (): void => {
		const now = Date.now();
		for (const [id, job] of jobs) {
			if (
				job.state !== 'running' &&
				job.finishedAt &&
				now - job.finishedAt >= EXPORT_LIMITS.ttlMs
			) {
				removeFile(job.file);
				jobs.delete(id);
				expired.add(id);
				if (expired.size > 10_000) expired.clear();
			}
		}
	};
	const timer = setInterval(sweep, Math.min(60_000, Math.max(1000, EXPORT_LIMITS.ttlMs / 4)));
	timer.unref();
	app.addHook('onClose', async () => {
		clearInterval(timer);
		for (const job of jobs.values()) if (job.state === 'running') job.state = 'cancelled';
		await Promise.all([...jobs.values()].map((job) => job.stopped));
		fs.rmSync(dir, { recursive: true, force: true });
	});

	const typeParam = {
		type: 'object',
		properties: { type: { type: 'string', enum: types } },
		required: ['type'],
	};
	const startExport = async (
		type: string,
		args: Record<string, unknown>,
		request: FastifyRequest,
	): Promise<Item> => {
		// The store first (a 401/403 on an engine for a request naming none it holds).
		const source = engine
			? await engine.source(request)
			: { reader: ctx.db as SqlReader, settings: await storeSettings(ctx) };
		const store = request.engineStore ?? null;
		sweep();
		const busy = exportBusy([...jobs.values()], store);
		if (busy) throw busy;
		const { reader, settings } = source;
		const base: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(args)) if (SAFE_ARG.test(k)) base[k] = v;
		normaliseQuery(base, LIST_PARAMS);
		base.extended_info = true;
		const report = exports[type];
		const perPage = report.batchRows ?? EXPORT_LIMITS.batchRows;
		base.per_page = perPage;
		base.page = 1;
		report.defaults?.(base);
		let first: RouteResult;
		try {
			first = await report.page(reader, new Query(base), settings);
		} catch (error) {
			if (error instanceof RestError) throw error;
			throw new RestError('rest_invalid_param', 'Invalid parameter(s): report_args', 400, {
				params: { report_args: 'The report arguments are not valid.' },
			});
		}
		if (!(first.body as unknown[]).length)
			return { message: 'There is no data to export for the given request.' };
		const total = first.total ?? (first.body as unknown[]).length;
		if (total > EXPORT_LIMITS.maxRows)
			throw new RestError(
				'woocommerce_admin_reports_export_too_large',
				`This export would hold ${total} rows; one export holds at most ${EXPORT_LIMITS.maxRows}. Choose a shorter period or add filters.`,
				400,
				{ total, max_rows: EXPORT_LIMITS.maxRows },
			);
		// 13 random digits: unguessable enough beside the nonce, and a safe integer for the path checks.
		let id = String(crypto.randomInt(1_000_000_000_000, 9_999_999_999_999));
		while (jobs.has(id)) id = String(crypto.randomInt(1_000_000_000_000, 9_999_999_999_999));
		const file = path.join(dir, `${id}.csv`);
		const stream = fs.createWriteStream(file, { encoding: 'utf8' });
		let done: () => void = () => undefined;
		const job: ExportJob = {
			type,
			store,
			state: 'running',
			rows: 0,
			total,
			pages: Math.max(1, first.totalPages ?? 1),
			page: 0,
			file,
			stopped: new Promise<void>((resolve) => {
				done = resolve;
			}),
		};
		jobs.set(id, job);
		const { columns } = report;
		const csv = (rows: unknown): string =>
			(rows as Item[])
				.map((r) => `${columns.map(([, f]) => csvCell(f(r))).join(',')}\n`)
				.join('');
		void (async () => {
			try {
				await write(stream, `${columns.map(([h]) => csvCell(h)).join(',')}\n`);
				let rows = first.body as unknown[];
				for (let page = 1; ; page++) {
					if (job.state !== 'running') break;
					await write(stream, csv(rows));
					job.rows += rows.length;
					job.page = page;
					if (page >= job.pages || rows.length < perPage) break;
					// Let other requests in between batches.
					await new Promise((resolve) => setImmediate(resolve));
					if (job.state !== 'running') break;
					rows = (
						await report.page(reader, new Query({ ...base, page: page + 1 }), settings)
					).body as unknown[];
				}
				await closeStream(stream);
				if (job.state === 'running') job.state = 'done';
			} catch (error) {
				stream.destroy();
				if (job.state === 'running') {
					job.state = 'failed';
					job.error = error instanceof Error ? error.message : String(error);
				}
			}
			job.finishedAt = Date.now();
			if (job.state !== 'done') removeFile(file);
			if (job.state === 'cancelled') jobs.delete(id);
			done();
		})();
		return {
			message: 'Your report file is being generated.',
			export_id: id,
			_links: { status: [{ href: `${NS}/reports/${type}/export/${id}/status` }] },
		};
	};
	for (const method of ['POST', 'PUT', 'PATCH'] as const) {
		app.route({
			method,
			url: `${NS}/reports/:type/export`,
			// On an engine: the token's store (startExport asks the engine for it).
			config: { engineSeam: true },
			schema: {
				params: typeParam,
				body: {
					type: 'object',
					properties: { report_args: { type: 'object' }, email: { type: 'boolean' } },
				},
			},
			handler: async (request) => {
				const { type } = request.params as { type: string };
				const body = (request.body ?? {}) as { report_args?: Record<string, unknown> };
				return startExport(type, body.report_args ?? {}, request);
			},
		});
	}
	const idParams = {
		type: 'object',
		properties: {
			type: { type: 'string', enum: types },
			id: { type: 'string', pattern: '^[0-9]{1,30}$' },
		},
		required: ['type', 'id'],
	};
	/** The export `id` of this type started by the same store (or the server's own page). */
	const findJob = (type: string, id: string, store: string | undefined): ExportJob => {
		const job = jobs.get(id);
		if (!job && expired.has(id))
			throw new RestError(
				'woocommerce_admin_reports_export_expired',
				'This export has expired; export the report again.',
				410,
			);
		if (!job || job.type !== type || job.store !== (store ?? null))
			throw new RestError(
				'woocommerce_admin_reports_export_invalid_id',
				'Sorry, there is no export with that ID.',
				404,
			);
		return job;
	};
	app.get(
		`${NS}/reports/:type/export/:id/status`,
		{ schema: { params: idParams }, config: { engineSeam: true } },
		async (request) => {
			const { type, id } = request.params as { type: string; id: string };
			const job = findJob(type, id, request.engineStore);
			if (job.state === 'failed')
				throw new RestError(
					'woocommerce_admin_reports_export_failed',
					`The export failed: ${job.error ?? 'unknown error'}`,
					500,
				);
			const finished = job.state === 'done';
			return {
				percent_complete: finished
					? 100
					: Math.min(99, Math.floor((job.rows / Math.max(1, job.total)) * 100)),
				rows_exported: job.rows,
				total_rows: job.total,
				...(finished
					? {
							download_url: `/wp-json${NS}/reports/${type}/export/${id}/download?filename=wc-${type}-report-export-${id}`,
							expires_at: new Date(
								(job.finishedAt ?? Date.now()) + EXPORT_LIMITS.ttlMs,
							).toISOString(),
						}
					: {}),
				_links: { self: [{ href: `${NS}/reports/${type}/export/${id}/status` }] },
			};
		},
	);
	const cancel = async (type: string, id: string, store: string | undefined): Promise<Item> => {
		const job = findJob(type, id, store);
		if (job.state === 'running') {
			job.state = 'cancelled';
			await job.stopped;
		} else {
			removeFile(job.file);
		}
		jobs.delete(id);
		return { status: 'success', message: 'The export was cancelled and its file deleted.' };
	};
	app.delete(
		`${NS}/reports/:type/export/:id`,
		{ schema: { params: idParams }, config: { engineSeam: true } },
		async (request) => {
			const { type, id } = request.params as { type: string; id: string };
			return cancel(type, id, request.engineStore);
		},
	);
	app.post(
		`${NS}/reports/:type/export/:id/cancel`,
		{ schema: { params: idParams }, config: { engineSeam: true } },
		async (request) => {
			const { type, id } = request.params as { type: string; id: string };
			return cancel(type, id, request.engineStore);
		},
	);
	app.get(
		`${NS}/reports/:type/export/:id/download`,
		{ schema: { params: idParams }, config: { engineSeam: true } },
		async (request, reply) => {
			// A download is a read of store data: it needs the page's nonce, in X-WP-Nonce or
			// `_wpnonce` (a browser download link cannot send headers), or on an engine the store
			// token engine-auth verified (then only that store's exports are found).
			const header = request.headers['x-wp-nonce'];
			const query = (request.query ?? {}) as Record<string, unknown>;
			const presented = typeof header === 'string' ? header : query._wpnonce;
			if (request.engineStore === undefined && !nonceMatches(presented, ctx.config.nonce))
				throw new RestError('rest_cookie_invalid_nonce', 'Cookie check failed', 403);
			const { type, id } = request.params as { type: string; id: string };
			const job = findJob(type, id, request.engineStore);
			if (job.state !== 'done')
				throw new RestError(
					'woocommerce_admin_reports_export_not_ready',
					'The export is not ready yet.',
					409,
				);
			const size = fs.statSync(job.file).size;
			reply.header('Content-Type', 'text/csv; charset=utf-8');
			reply.header('Content-Length', String(size));
			reply.header('Cache-Control', 'no-store');
			reply.header(
				'Content-Disposition',
				`attachment; filename="wc-${type}-report-export-${id}.csv"`,
			);
			return reply.send(fs.createReadStream(job.file));
		},
	);
}
