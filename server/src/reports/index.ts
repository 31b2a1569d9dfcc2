/**
 * Registers the `wc-analytics/reports/*` and `wc-analytics/leaderboards*` routes: every report of
 * `REPORTS` (each its folder's `Report`: its routes and its exports), then the export and import
 * jobs' routes.
 */
import type { FastifyInstance } from 'fastify';

import { METRIC_REPORTS } from '@abacus/metrics';

import type { ServerContext } from '../core/context.js';
import { breakdown } from './breakdown/index.js';
import { categories } from './categories/index.js';
import { cohorts } from './cohorts/index.js';
import { coupons } from './coupons/index.js';
import { customers } from './customers/index.js';
import { dashboard } from './dashboard/index.js';
import { downloads } from './downloads/index.js';
import { forecast } from './forecast/index.js';
import { orderTimes } from './order-times/index.js';
import { orders } from './orders/index.js';
import { products } from './products/index.js';
import { profit } from './profit/index.js';
import { revenue } from './revenue/index.js';
import { registerExportRoutes } from './shared/export.js';
import { registerImportRoutes } from './shared/import.js';
import type { Report, ReportExport } from './shared/report.js';
import { ReportCache, type ReportEngine, reportRoute } from './shared/report-route.js';
import { stock } from './stock/index.js';
import { taxes } from './taxes/index.js';
import { variations } from './variations/index.js';

/**
 * Every report, each the `Report` of its folder's `index.ts`: adding a report is adding its folder
 * and its line here. Routes are registered and export types listed in this order (the exports: the
 * catalogue's reports as `METRIC_REPORTS` lists them, then the analyses). The Stores report
 * (`stores/`) is not here: its routes are the ClickHouse engine's (`clickhouse-engine/`).
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
	orderTimes,
	cohorts,
	forecast,
];

/** Export type → its export; no prototype, so no name a request sends finds anything else. */
const EXPORTS: Readonly<Record<string, ReportExport>> = Object.assign(
	Object.create(null) as Record<string, ReportExport>,
	...REPORTS.map((report) => report.exports ?? {}),
);

/**
 * The reports that export (the `{type}` of `reports/{type}/export`): every report of the shared
 * catalogue (the app's report pages; checked below, as each must have its export), and the analyses.
 */
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
	await registerImportRoutes(app, ctx, engine);
}
