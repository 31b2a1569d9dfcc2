/**
 * Report exports (REST contract §6.15): `POST reports/{type}/export` starts building a CSV in the
 * background (pages of 100 rows through the same report code the tables use), `GET …/status`
 * reports progress and, when done, a download link served by `GET …/download` (streamed).
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';

import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';
import type { Db } from '../core/db.js';
import { RestError } from '../core/errors.js';
import { customersList } from './customers.js';
import { orderStats } from './order-stats.js';
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
import { normaliseQuery, Query, type ParamSpecs } from './params.js';
import type { RouteResult } from './route.js';
import { storeSettings, type StoreSettings } from './settings.js';

const NS = '/wc-analytics';

export const EXPORT_TYPES = [
	'revenue',
	'orders',
	'products',
	'variations',
	'categories',
	'coupons',
	'taxes',
	'downloads',
	'stock',
	'customers',
] as const;
type ExportType = (typeof EXPORT_TYPES)[number];

type Item = Record<string, unknown>;
type Column = [string, (row: Item) => unknown];

const ext = (row: Item): Item =>
	row.extended_info && typeof row.extended_info === 'object' ? (row.extended_info as Item) : {};

const COLUMNS: Record<ExportType, Column[]> = {
	revenue: [
		['Date', (r) => r.date_start],
		['Orders', (r) => (r.subtotals as Item).orders_count],
		['Gross sales', (r) => (r.subtotals as Item).gross_sales],
		['Total sales', (r) => (r.subtotals as Item).total_sales],
		['Returns', (r) => (r.subtotals as Item).refunds],
		['Coupons', (r) => (r.subtotals as Item).coupons],
		['Taxes', (r) => (r.subtotals as Item).taxes],
		['Shipping', (r) => (r.subtotals as Item).shipping],
		['Net sales', (r) => (r.subtotals as Item).net_revenue],
	],
	orders: [
		['Date', (r) => r.date_created],
		['Order #', (r) => r.order_number],
		['Total', (r) => r.total_formatted],
		['Status', (r) => r.status],
		[
			'Customer',
			(r) => {
				const c = ext(r).customer as Item | undefined;
				return c && !Array.isArray(c)
					? `${String(c.first_name ?? '')} ${String(c.last_name ?? '')}`.trim()
					: '';
			},
		],
		['Customer type', (r) => r.customer_type],
		[
			'Product(s)',
			(r) =>
				((ext(r).products as Item[] | undefined) ?? [])
					.map((p) => `${String(p.quantity)}× ${String(p.name)}`)
					.join(', '),
		],
		['Items sold', (r) => r.num_items_sold],
		[
			'Coupon(s)',
			(r) =>
				((ext(r).coupons as Item[] | undefined) ?? [])
					.map((c) => String(c.code))
					.join(', '),
		],
		['Net sales', (r) => r.net_total],
	],
	products: [
		['Product title', (r) => ext(r).name],
		['SKU', (r) => ext(r).sku],
		['Items sold', (r) => r.items_sold],
		['Net sales', (r) => r.net_revenue],
		['Orders', (r) => r.orders_count],
		['Variations', (r) => ((ext(r).variations as unknown[] | undefined) ?? []).length],
		['Status', (r) => ext(r).stock_status],
		['Stock', (r) => ext(r).stock_quantity],
	],
	variations: [
		['Product / Variation title', (r) => ext(r).name],
		['SKU', (r) => ext(r).sku],
		['Items sold', (r) => r.items_sold],
		['Net sales', (r) => r.net_revenue],
		['Orders', (r) => r.orders_count],
		['Status', (r) => ext(r).stock_status],
		['Stock', (r) => ext(r).stock_quantity],
	],
	categories: [
		['Category', (r) => ext(r).name],
		['Items sold', (r) => r.items_sold],
		['Net sales', (r) => r.net_revenue],
		['Products', (r) => r.products_count],
		['Orders', (r) => r.orders_count],
	],
	coupons: [
		['Coupon code', (r) => ext(r).code],
		['Orders', (r) => r.orders_count],
		['Amount discounted', (r) => r.amount],
		['Created', (r) => ext(r).date_created],
		['Expires', (r) => ext(r).date_expires],
		['Type', (r) => ext(r).discount_type],
	],
	taxes: [
		[
			'Tax code',
			(r) =>
				[r.country, r.state, r.name, r.priority]
					.filter((x) => x !== '' && x !== undefined)
					.join('-')
					.toUpperCase(),
		],
		['Rate', (r) => `${String(r.tax_rate)}%`],
		['Total tax', (r) => r.total_tax],
		['Order tax', (r) => r.order_tax],
		['Shipping tax', (r) => r.shipping_tax],
		['Orders', (r) => r.orders_count],
	],
	downloads: [
		['Date', (r) => r.date],
		['Product title', (r) => r.product_id],
		['File name', (r) => r.file_name],
		['Order #', (r) => r.order_number],
		['Username', (r) => r.username],
		['IP', (r) => r.ip_address],
	],
	stock: [
		['Product / Variation', (r) => r.name],
		['SKU', (r) => r.sku],
		['Status', (r) => r.stock_status],
		['Stock', (r) => r.stock_quantity],
	],
	customers: [
		['Name', (r) => r.name],
		['Username', (r) => r.username],
		['Last active', (r) => r.date_last_active],
		['Sign up', (r) => r.date_registered],
		['Email', (r) => r.email],
		['Orders', (r) => r.orders_count],
		['Total spend', (r) => r.total_spend],
		['AOV', (r) => r.avg_order_value],
		['Country / Region', (r) => r.country],
		['City', (r) => r.city],
		['Region', (r) => r.state],
		['Postal code', (r) => r.postcode],
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
};

async function fetchPage(
	db: Db,
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
	}
}

interface ExportJob {
	type: ExportType;
	percent: number;
	chunks: string[];
	error?: string;
}

const SAFE_ARG = /^[a-z_]+$/;

export async function registerExportRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const jobs = new Map<string, ExportJob>();
	const typeParam = {
		type: 'object',
		properties: { type: { type: 'string', enum: EXPORT_TYPES } },
		required: ['type'],
	};
	const startExport = async (type: ExportType, args: Record<string, unknown>): Promise<Item> => {
		const settings = await storeSettings(ctx);
		const base: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(args)) if (SAFE_ARG.test(k)) base[k] = v;
		normaliseQuery(base, LIST_PARAMS);
		base.extended_info = true;
		base.per_page = 100;
		base.page = 1;
		if (type === 'revenue') base.interval = base.interval ?? 'day';
		let first: RouteResult;
		try {
			first = await fetchPage(ctx.db, type, new Query(base), settings);
		} catch (error) {
			if (error instanceof RestError) throw error;
			throw new RestError('rest_invalid_param', 'Invalid parameter(s): report_args', 400, {
				params: { report_args: 'The report arguments are not valid.' },
			});
		}
		if (!(first.body as unknown[]).length)
			return { message: 'There is no data to export for the given request.' };
		const id = String(Date.now()) + String(crypto.randomInt(1000, 9999));
		const columns = COLUMNS[type];
		const job: ExportJob = {
			type,
			percent: 0,
			chunks: [`${columns.map(([h]) => csvCell(h)).join(',')}\n`],
		};
		jobs.set(id, job);
		const pages = first.totalPages ?? 1;
		const write = (rows: unknown): void => {
			job.chunks.push(
				(rows as Item[])
					.map((r) => `${columns.map(([, f]) => csvCell(f(r))).join(',')}\n`)
					.join(''),
			);
		};
		void (async () => {
			try {
				write(first.body);
				for (let page = 2; page <= pages; page++) {
					job.percent = Math.floor(((page - 1) / pages) * 100);
					write(
						(await fetchPage(ctx.db, type, new Query({ ...base, page }), settings))
							.body,
					);
				}
				job.percent = 100;
			} catch (error) {
				job.error = error instanceof Error ? error.message : String(error);
				job.percent = 100;
			}
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
				return startExport(type, body.report_args ?? {});
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
	const findJob = (type: string, id: string): ExportJob => {
		const job = jobs.get(id);
		if (!job || job.type !== type)
			throw new RestError(
				'woocommerce_admin_reports_export_invalid_id',
				'Sorry, there is no export with that ID.',
				404,
			);
		return job;
	};
	app.get(
		`${NS}/reports/:type/export/:id/status`,
		{ schema: { params: idParams } },
		async (request) => {
			const { type, id } = request.params as { type: string; id: string };
			const job = findJob(type, id);
			if (job.error)
				throw new RestError(
					'woocommerce_admin_reports_export_failed',
					`The export failed: ${job.error}`,
					500,
				);
			return {
				percent_complete: job.percent,
				...(job.percent === 100
					? {
							download_url: `/wp-json${NS}/reports/${type}/export/${id}/download?filename=wc-${type}-report-export-${id}`,
						}
					: {}),
				_links: { self: [{ href: `${NS}/reports/${type}/export/${id}/status` }] },
			};
		},
	);
	app.get(
		`${NS}/reports/:type/export/:id/download`,
		{ schema: { params: idParams } },
		async (request, reply) => {
			const { type, id } = request.params as { type: string; id: string };
			const job = findJob(type, id);
			if (job.percent < 100 || job.error)
				throw new RestError(
					'woocommerce_admin_reports_export_not_ready',
					'The export is not ready yet.',
					409,
				);
			reply.header('Content-Type', 'text/csv; charset=utf-8');
			reply.header(
				'Content-Disposition',
				`attachment; filename="wc-${type}-report-export-${id}.csv"`,
			);
			return reply.send(Readable.from(job.chunks));
		},
	);
}
