/**
 * The four breakdown reports (payment methods, shipping methods, origins, places; `breakdown.ts`):
 * `reports/<slug>`, `reports/<slug>/stats` and each one's export, one row per value.
 */
import { NS } from '../shared/list-query.js';
import type { Report, ReportExport } from '../shared/report.js';
import {
	BREAKDOWN_EXPORT_COLUMNS,
	breakdownExportPage,
	DIMENSIONS,
	registerBreakdownRoutes,
} from './breakdown.js';

export const breakdown: Report = {
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
