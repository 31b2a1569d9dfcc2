/**
 * The profit report: `reports/profit/stats`, `reports/profit`, `reports/profit/missing-costs` and
 * the costs routes (`routes.ts`, over `profit.ts`), and its export, one row per product or category.
 */
import { getMetric } from '@abacus/metrics';

import type { ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import type { Report } from '../shared/report.js';
import { PROFIT_EXPORT_COLUMNS, profitList } from './profit.js';
import { registerProfitRoutes } from './routes.js';

/** A percentage with 2 decimals, as the app writes it (42.10); empty stays empty. */
const fixed2 = (value: unknown): unknown =>
	typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : value;

export const profit: Report = {
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
