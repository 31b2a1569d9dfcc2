/**
 * What a report's folder gives the server: its routes and its whole-report exports. Each folder's
 * `index.ts` exports one `Report`; `reports/index.ts` lists them (adding a report is adding its
 * folder and its line there).
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { StoreSettings } from '../../db/store-settings.js';
import type { ParamSpecs, Query } from '../../http/params.js';
import type { SqlReader } from '../../metrics/dialect.js';
import type { ExportColumn } from './export-columns.js';
import type {
	ReportCache,
	ReportHandler,
	ReportRouteOptions,
	RouteResult,
} from './report-route.js';
import type { StatsResult } from './stats-query.js';

/** Registers one report route: `reportRoute` bound to the server, its context and the report cache. */
export type Route = (
	path: string,
	specs: ParamSpecs,
	handler: ReportHandler,
	options?: ReportRouteOptions,
) => void;

/** What a report's routes are registered with. */
export interface ReportHost {
	app: FastifyInstance;
	ctx: ServerContext;
	/** The report cache every route of the server shares (dropped on every write). */
	cache: ReportCache;
	route: Route;
}

/** A whole-report export (`POST reports/{type}/export`, built by `shared/export.ts`). */
export interface ReportExport {
	/** The CSV's columns: heading and cell. */
	columns: readonly ExportColumn[];
	/** One batch of rows: the report's own code, with the export's arguments and paging. */
	page(db: SqlReader, q: Query, settings: StoreSettings): Promise<RouteResult>;
	/** Rows per batch, when not `EXPORT_LIMITS.batchRows`. */
	batchRows?: number;
	/** This report's own defaults of the export's arguments (set before the first batch). */
	defaults?(args: Record<string, unknown>): void;
}

export interface Report {
	/** Registers the report's routes. */
	routes?(host: ReportHost): void | Promise<void>;
	/** Its exports by type (the `{type}` of `reports/{type}/export`). */
	exports?: Readonly<Record<string, ReportExport>>;
}

/** A stats route's answer: the stats query's body and paging. */
export const stats = (r: StatsResult): RouteResult => ({
	body: r.body,
	total: r.total,
	totalPages: r.totalPages,
});
