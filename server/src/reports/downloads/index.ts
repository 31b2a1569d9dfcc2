/**
 * The downloads report: `reports/downloads` (`list.ts`), `reports/downloads/stats` (`stats.ts`)
 * and its export, one row per download (with the product embedded, for its name).
 */
import type { ParamSpecs } from '../../http/params.js';
import { heading, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import { stats, type Report } from '../shared/report.js';
import { commonListParams, commonStatsParams } from '../shared/report-params.js';
import { downloadsList } from './list.js';
import { downloadStats } from './stats.js';

type Item = Record<string, unknown>;

const DOWNLOAD_FILTERS: ParamSpecs = {
	match: { type: 'string', default: 'all', enum: ['all', 'any'] },
	product_includes: { type: 'ids' },
	product_excludes: { type: 'ids' },
	order_includes: { type: 'ids' },
	order_excludes: { type: 'ids' },
	customer_includes: { type: 'ids' },
	customer_excludes: { type: 'ids' },
	ip_address_includes: { type: 'strings' },
	ip_address_excludes: { type: 'strings' },
};

const COLUMNS: ExportColumn[] = [
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
];

export const downloads: Report = {
	routes({ route }) {
		route(
			`${NS}/reports/downloads`,
			{ ...commonListParams(['date', 'product'], 'date'), ...DOWNLOAD_FILTERS },
			(q, settings, _request, reader) => downloadsList(reader, q, settings),
			{ seam: true },
		);
		route(
			`${NS}/reports/downloads/stats`,
			{ ...commonStatsParams(['date', 'download_count']), ...DOWNLOAD_FILTERS },
			async (q, settings, _request, reader) =>
				stats(await downloadStats(reader, q, settings)),
			{ seam: true },
		);
	},
	exports: {
		downloads: {
			columns: COLUMNS,
			defaults(args) {
				args._embed = true;
			},
			page: downloadsList,
		},
	},
};
