/**
 * Registers the `wc-analytics/reports/*` and `wc-analytics/leaderboards*` routes: every report of
 * `REPORTS` (each its folder's `Report`: its routes and its exports), then the export and import
 * jobs' routes.
 */
import type { FastifyInstance } from 'fastify';

import { getMetric, METRIC_REPORTS } from '@abacus/metrics';

import type { ServerContext } from '../core/context.js';
import {
	registerBreakdownRoutes,
	BREAKDOWN_EXPORT_COLUMNS,
	breakdownExportPage,
	DIMENSIONS,
} from './breakdown.js';
import { registerCohortRoutes } from './cohort-routes.js';
import { COHORT_EXPORT_COLUMNS, cohortCustomersPage } from './cohorts.js';
import {
	allowedIndicators,
	allowedLeaderboards,
	leaderboards,
	performanceIndicators,
	reportsIndex,
} from './dashboard.js';
import { registerForecastRoutes } from './forecast-routes.js';
import { ORDER_TIMES_EXPORT_COLUMNS, orderTimesExportPage } from './order-times.js';
import { PROFIT_EXPORT_COLUMNS, profitList } from './profit.js';
import { registerProfitRoutes } from './profit-routes.js';
import { categories } from './categories/index.js';
import { coupons } from './coupons/index.js';
import { customers } from './customers/index.js';
import { downloads } from './downloads/index.js';
import { orders } from './orders/index.js';
import { products } from './products/index.js';
import { revenue } from './revenue/index.js';
import { registerExportRoutes } from './shared/export.js';
import type { ExportColumn } from './shared/export-columns.js';
import { registerImportRoutes } from './shared/import.js';
import { NS } from './shared/list-query.js';
import type { Report, ReportExport } from './shared/report.js';
import { CONTEXT_PARAMS } from './shared/report-params.js';
import { ReportCache, type ReportEngine, reportRoute } from './shared/report-route.js';
import { stock } from './stock/index.js';
import { taxes } from './taxes/index.js';
import { variations } from './variations/index.js';
import type { ParamSpecs } from '../http/params.js';

const dashboard: Report = {
	routes({ route }) {
		route(`${NS}/reports`, CONTEXT_PARAMS, async () => reportsIndex(), { seam: true });
		const indicatorParams: ParamSpecs = {
			stats: { type: 'strings' },
			after: { type: 'date-time' },
			before: { type: 'date-time' },
			...CONTEXT_PARAMS,
		};
		route(
			`${NS}/reports/performance-indicators`,
			indicatorParams,
			(q, settings, _request, reader) => performanceIndicators(reader, q, settings),
			{ seam: true },
		);
		route(
			`${NS}/reports/performance-indicators/allowed`,
			CONTEXT_PARAMS,
			async () => allowedIndicators(),
			{
				seam: true,
			},
		);
		route(
			`${NS}/leaderboards`,
			{
				page: { type: 'integer', default: 1, minimum: 1 },
				per_page: { type: 'integer', default: 5, minimum: 1, maximum: 20 },
				after: { type: 'date-time' },
				before: { type: 'date-time' },
				persisted_query: { type: 'string', maxLength: 5000 },
				...CONTEXT_PARAMS,
			},
			(q, settings, _request, reader) => leaderboards(reader, q, settings),
			{ seam: true },
		);
		route(`${NS}/leaderboards/allowed`, CONTEXT_PARAMS, async () => allowedLeaderboards(), {
			seam: true,
		});
	},
};

/** A percentage with 2 decimals, as the app writes it (42.10); empty stays empty. */
const fixed2 = (value: unknown): unknown =>
	typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : value;

const breakdown: Report = {
	routes({ route }) {
		registerBreakdownRoutes(route, NS);
	},
	exports: Object.fromEntries(
		DIMENSIONS.map((dimension): [string, ReportExport] => [
			dimension.slug,
			{
				columns: BREAKDOWN_EXPORT_COLUMNS,
				page: (db, q, settings) => breakdownExportPage(db, dimension.slug, q, settings),
			},
		]),
	),
};

const profit: Report = {
	async routes({ app, ctx, cache }) {
		await registerProfitRoutes(app, ctx, cache, NS);
	},
	exports: {
		profit: {
			columns: PROFIT_EXPORT_COLUMNS.map(([label, cell]): ExportColumn =>
				label === getMetric('profit', 'margin').columnLabel
					? [label, (r) => fixed2(cell(r))]
					: [label, cell],
			),
			page: profitList,
		},
	},
};

const orderTimesAndCohorts: Report = {
	routes({ route }) {
		registerCohortRoutes(route, NS);
	},
	exports: {
		'order-times': { columns: ORDER_TIMES_EXPORT_COLUMNS, page: orderTimesExportPage },
		cohorts: { columns: COHORT_EXPORT_COLUMNS, page: cohortCustomersPage },
	},
};

const forecast: Report = {
	routes({ app, ctx, cache }) {
		registerForecastRoutes(app, ctx, cache);
	},
};

/**
 * Every report, each from its folder. Their exports' types are taken in this order (the
 * catalogue's reports, `METRIC_REPORTS`, then the analyses).
 */
export const REPORTS: readonly Report[] = [
	dashboard,
	revenue,
	orders,
	products,
	variations,
	categories,
	coupons,
	taxes,
	downloads,
	customers,
	stock,
	breakdown,
	profit,
	orderTimesAndCohorts,
	forecast,
];

const EXPORTS: Readonly<Record<string, ReportExport>> = Object.assign(
	{},
	...REPORTS.map((report) => report.exports ?? {}),
);

/** The reports that export: every report of the shared catalogue (the app's report pages), and the analyses. */
export const EXPORT_TYPES: readonly string[] = Object.keys(EXPORTS);

for (const report of METRIC_REPORTS)
	if (!EXPORT_TYPES.includes(report)) throw new Error(`The ${report} report has no export.`);

/**
 * `engine`: a multi-store engine (ClickHouse) answering the routes on the metric layer's seam for
 * the request's store; absent, every route reads the server's DuckDB store.
 */
export async function registerReportRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	engine?: ReportEngine,
): Promise<void> {
	const cache = new ReportCache(ctx, engine);
	const route = reportRoute.bind(null, app, ctx, cache);
	for (const report of REPORTS) await report.routes?.({ app, ctx, cache, route });
	await registerExportRoutes(app, ctx, EXPORTS, engine);
	await registerImportRoutes(app, ctx);
}
