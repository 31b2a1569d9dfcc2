/**
 * Report exports (REST contract §6.15): `POST reports/{type}/export` starts building a CSV in the
 * background, batch by batch through the same report code the tables use, written to a temporary
 * file (never held in memory whole); `GET …/status` reports progress and, when done, a download
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

import {
	getColumn,
	getMetric,
	METRIC_REPORTS,
	type ColumnKey,
	type ColumnReport,
	type MetricReport,
} from '@abacus/metrics';

import type { ServerContext } from '../core/context.js';
import { RestError } from '../http/errors.js';
import { nonceMatches } from '../http/security.js';
import { BREAKDOWN_EXPORT_COLUMNS, breakdownExportPage } from './breakdown.js';
import { DIMENSION_FILTER_PARAMS } from './breakdown-filters.js';
import { COHORT_EXPORT_COLUMNS, cohortCustomersPage } from './cohorts.js';
import { customersList } from './customers.js';
import { orderStats } from './order-stats.js';
import { ORDER_TIMES_EXPORT_COLUMNS, orderTimesExportPage } from './order-times.js';
import { PROFIT_EXPORT_COLUMNS, profitList } from './profit.js';
import {
	categoriesList,
	couponsList,
	downloadsList,
	ordersList,
	productsList,
	stockList,
	taxesList,
	variationsList,
} from './lists.js';
import { normaliseQuery, Query, type ParamSpecs } from '../http/params.js';
import type { SqlReader } from '../metrics/dialect.js';
import { type ReportEngine, type RouteResult } from './report-route.js';
import { storeSettings, type StoreSettings } from '../db/store-settings.js';

const NS = '/wc-analytics';

/** Analyses with their own pages (not catalogue reports) that export too: one row per order / customer. */
const ANALYSIS_EXPORTS = ['order-times', 'cohorts'] as const;

/** The reports that export: every report of the shared catalogue (the app's report pages too). */
export const EXPORT_TYPES: readonly ExportType[] = [...METRIC_REPORTS, ...ANALYSIS_EXPORTS];
type ExportType = MetricReport | (typeof ANALYSIS_EXPORTS)[number];

type Item = Record<string, unknown>;
type Column = [string, (row: Item) => unknown];

const ext = (row: Item): Item =>
	row.extended_info && typeof row.extended_info === 'object' ? (row.extended_info as Item) : {};

/** The label of a stock status (metrics/stock.ts), as the report tables show it. */
function stockLabel(status: unknown): string {
	switch (status) {
		case 'instock':
			return 'In stock';
		case 'lowstock':
			return 'Low stock';
		case 'outofstock':
			return 'Out of stock';
		case 'onbackorder':
			return 'On backorder';
		default:
			return status === undefined || status === null ? '' : String(status);
	}
}

/** A percentage with 2 decimals, as the app writes it (42.10); empty stays empty. */
const fixed2 = (value: unknown): unknown =>
	typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : value;

/** The CSV heading of a report's non-metric column (the catalogue's, as the app's table heads it). */
const heading = <R extends ColumnReport>(report: R, key: ColumnKey<R>): string =>
	getColumn(report, key).exportLabel;

const COLUMNS: Record<ExportType, Column[]> = {
	revenue: [
		[heading('revenue', 'date'), (r) => r.date_start],
		[
			getMetric('revenue', 'orders_count').columnLabel,
			(r) => (r.subtotals as Item).orders_count,
		],
		[getMetric('revenue', 'gross_sales').columnLabel, (r) => (r.subtotals as Item).gross_sales],
		[getMetric('revenue', 'total_sales').columnLabel, (r) => (r.subtotals as Item).total_sales],
		[getMetric('revenue', 'refunds').columnLabel, (r) => (r.subtotals as Item).refunds],
		[getMetric('revenue', 'coupons').columnLabel, (r) => (r.subtotals as Item).coupons],
		[getMetric('revenue', 'taxes').columnLabel, (r) => (r.subtotals as Item).taxes],
		[getMetric('revenue', 'shipping').columnLabel, (r) => (r.subtotals as Item).shipping],
		[getMetric('revenue', 'net_revenue').columnLabel, (r) => (r.subtotals as Item).net_revenue],
	],
	orders: [
		[heading('orders', 'date'), (r) => r.date_created],
		[heading('orders', 'order_number'), (r) => r.order_number],
		[heading('orders', 'total'), (r) => r.total_formatted],
		[heading('orders', 'status'), (r) => r.status],
		[
			heading('orders', 'customer'),
			(r) => {
				const c = ext(r).customer as Item | undefined;
				return c && !Array.isArray(c)
					? `${String(c.first_name ?? '')} ${String(c.last_name ?? '')}`.trim()
					: '';
			},
		],
		[heading('orders', 'customer_type'), (r) => r.customer_type],
		[
			heading('orders', 'products'),
			(r) =>
				((ext(r).products as Item[] | undefined) ?? [])
					.map((p) => `${String(p.quantity)}× ${String(p.name)}`)
					.join(', '),
		],
		[getMetric('orders', 'num_items_sold').columnLabel, (r) => r.num_items_sold],
		[
			heading('orders', 'coupons'),
			(r) =>
				((ext(r).coupons as Item[] | undefined) ?? [])
					.map((c) => String(c.code))
					.join(', '),
		],
		[getMetric('orders', 'net_revenue').columnLabel, (r) => r.net_total],
	],
	products: [
		[heading('products', 'product_name'), (r) => ext(r).name],
		[heading('products', 'sku'), (r) => ext(r).sku],
		[getMetric('products', 'items_sold').columnLabel, (r) => r.items_sold],
		[getMetric('products', 'net_revenue').columnLabel, (r) => r.net_revenue],
		[getMetric('products', 'orders_count').columnLabel, (r) => r.orders_count],
		[
			getMetric('products', 'variations_count').columnLabel,
			(r) => ((ext(r).variations as unknown[] | undefined) ?? []).length,
		],
		[heading('products', 'stock_status'), (r) => stockLabel(ext(r).stock_status)],
		[heading('products', 'stock'), (r) => ext(r).stock_quantity],
	],
	variations: [
		[heading('variations', 'name'), (r) => ext(r).name],
		[heading('variations', 'sku'), (r) => ext(r).sku],
		[getMetric('variations', 'items_sold').columnLabel, (r) => r.items_sold],
		[getMetric('variations', 'net_revenue').columnLabel, (r) => r.net_revenue],
		[getMetric('variations', 'orders_count').columnLabel, (r) => r.orders_count],
		[heading('variations', 'stock_status'), (r) => stockLabel(ext(r).stock_status)],
		[heading('variations', 'stock'), (r) => ext(r).stock_quantity],
	],
	categories: [
		[heading('categories', 'category'), (r) => ext(r).name],
		[getMetric('categories', 'items_sold').columnLabel, (r) => r.items_sold],
		[getMetric('categories', 'net_revenue').columnLabel, (r) => r.net_revenue],
		[getMetric('categories', 'products_count').columnLabel, (r) => r.products_count],
		[getMetric('categories', 'orders_count').columnLabel, (r) => r.orders_count],
	],
	coupons: [
		[heading('coupons', 'code'), (r) => ext(r).code],
		[getMetric('coupons', 'orders_count').columnLabel, (r) => r.orders_count],
		[getMetric('coupons', 'amount').columnLabel, (r) => r.amount],
		[heading('coupons', 'created'), (r) => ext(r).date_created],
		[heading('coupons', 'expires'), (r) => ext(r).date_expires],
		[heading('coupons', 'type'), (r) => ext(r).discount_type],
	],
	taxes: [
		[
			heading('taxes', 'tax_code'),
			(r) =>
				[r.country, r.state, r.name, r.priority]
					.filter((x) => x !== '' && x !== undefined)
					.join('-')
					.toUpperCase(),
		],
		[heading('taxes', 'rate'), (r) => `${String(r.tax_rate)}%`],
		[getMetric('taxes', 'total_tax').columnLabel, (r) => r.total_tax],
		[getMetric('taxes', 'order_tax').columnLabel, (r) => r.order_tax],
		[getMetric('taxes', 'shipping_tax').columnLabel, (r) => r.shipping_tax],
		[getMetric('taxes', 'orders_count').columnLabel, (r) => r.orders_count],
	],
	downloads: [
		[heading('downloads', 'date'), (r) => r.date],
		[
			heading('downloads', 'product'),
			(r) => {
				const product = (r._embedded as { product?: Item[] } | undefined)?.product?.[0];
				return product && typeof product.name === 'string' ? product.name : '(Deleted)';
			},
		],
		[heading('downloads', 'file_name'), (r) => r.file_name],
		[heading('downloads', 'order_number'), (r) => r.order_number],
		[heading('downloads', 'username'), (r) => r.username],
		[heading('downloads', 'ip_address'), (r) => r.ip_address],
	],
	stock: [
		[heading('stock', 'title'), (r) => r.name],
		[heading('stock', 'sku'), (r) => r.sku],
		[heading('stock', 'stock_status'), (r) => stockLabel(r.stock_status)],
		[
			heading('stock', 'stock_quantity'),
			(r) => (r.stock_quantity === null ? 'N/A' : r.stock_quantity),
		],
	],
	'payment-methods': BREAKDOWN_EXPORT_COLUMNS,
	'shipping-methods': BREAKDOWN_EXPORT_COLUMNS,
	origins: BREAKDOWN_EXPORT_COLUMNS,
	places: BREAKDOWN_EXPORT_COLUMNS,
	profit: PROFIT_EXPORT_COLUMNS.map(([label, cell]): Column =>
		label === getMetric('profit', 'margin').columnLabel
			? [label, (r) => fixed2(cell(r))]
			: [label, cell],
	),
	'order-times': ORDER_TIMES_EXPORT_COLUMNS,
	cohorts: COHORT_EXPORT_COLUMNS,
	customers: [
		[heading('customers', 'name'), (r) => r.name],
		[heading('customers', 'username'), (r) => r.username],
		[heading('customers', 'date_last_active'), (r) => r.date_last_active],
		[heading('customers', 'date_registered'), (r) => r.date_registered],
		[heading('customers', 'email'), (r) => r.email],
		[getMetric('customers', 'orders_count').columnLabel, (r) => r.orders_count],
		[getMetric('customers', 'total_spend').columnLabel, (r) => r.total_spend],
		[getMetric('customers', 'avg_order_value').columnLabel, (r) => r.avg_order_value],
		[heading('customers', 'country'), (r) => r.country],
		[heading('customers', 'city'), (r) => r.city],
		[heading('customers', 'state'), (r) => r.state],
		[heading('customers', 'postcode'), (r) => r.postcode],
	],
};

/** One CSV cell: quoted when needed; leading = + - @ neutralised against formula injection. */
export function csvCell(value: unknown): string {
	if (value === null || value === undefined) return '';
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

async function fetchPage(
	db: SqlReader,
	type: ExportType,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	switch (type) {
		case 'revenue': {
			const r = await orderStats(db, q, settings, false);
			return { body: r.body.intervals, total: r.total, totalPages: r.totalPages };
		}
		case 'orders':
			return ordersList(db, q, settings);
		case 'products':
			return productsList(db, q, settings);
		case 'variations':
			return variationsList(db, q, settings);
		case 'categories':
			return categoriesList(db, q, settings);
		case 'coupons':
			return couponsList(db, q, settings);
		case 'taxes':
			return taxesList(db, q, settings);
		case 'downloads':
			return downloadsList(db, q, settings);
		case 'stock':
			return stockList(db, q, settings);
		case 'customers':
			return customersList(db, q, settings);
		case 'payment-methods':
		case 'shipping-methods':
		case 'origins':
		case 'places':
			return breakdownExportPage(db, type, q, settings);
		case 'profit':
			return profitList(db, q, settings);
		case 'order-times':
			return orderTimesExportPage(db, q, settings);
		case 'cohorts':
			return cohortCustomersPage(db, q, settings);
	}
}

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
	type: ExportType;
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
 * `engine`: a multi-store engine (ClickHouse) whose token's store every export reads; absent,
 * the server's DuckDB store.
 */
export async function registerExportRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	engine?: ReportEngine,
): Promise<void> {
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
		properties: { type: { type: 'string', enum: EXPORT_TYPES } },
		required: ['type'],
	};
	const startExport = async (
		type: ExportType,
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
		if (type === 'downloads') base._embed = true;
		const perPage = type === 'revenue' ? 100 : EXPORT_LIMITS.batchRows;
		base.per_page = perPage;
		base.page = 1;
		if (type === 'revenue') base.interval = base.interval ?? 'day';
		let first: RouteResult;
		try {
			first = await fetchPage(reader, type, new Query(base), settings);
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
		const columns = COLUMNS[type];
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
						await fetchPage(
							reader,
							type,
							new Query({ ...base, page: page + 1 }),
							settings,
						)
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
				const { type } = request.params as { type: ExportType };
				const body = (request.body ?? {}) as { report_args?: Record<string, unknown> };
				return startExport(type, body.report_args ?? {}, request);
			},
		});
	}
	const idParams = {
		type: 'object',
		properties: {
			type: { type: 'string', enum: EXPORT_TYPES },
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
