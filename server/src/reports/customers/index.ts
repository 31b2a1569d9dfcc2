/**
 * The customers report: `reports/customers` and `reports/customers/stats` (`customers.ts`) and its
 * export, one row per customer. (`reports/customers/lifetime` is the cohorts' route, `cohorts/`.)
 */
import { getMetric } from '@abacus/metrics';

import type { ParamSpecs } from '../../http/params.js';
import { heading, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import type { Report } from '../shared/report.js';
import { CONTEXT_PARAMS } from '../shared/report-params.js';
import { customersList, customersStats, CUSTOMER_FILTER_PARAMS } from './customers.js';

const COLUMNS: ExportColumn[] = [
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
];

export const customers: Report = {
	routes({ route }) {
		const customerList: ParamSpecs = {
			page: { type: 'integer', default: 1, minimum: 1 },
			per_page: { type: 'integer', default: 10, minimum: -1, maximum: 100 },
			order: { type: 'string', default: 'desc', enum: ['asc', 'desc'] },
			orderby: {
				type: 'string',
				default: 'date_registered',
				enum: [
					'username',
					'name',
					'country',
					'city',
					'state',
					'postcode',
					'date_registered',
					'date_last_active',
					'orders_count',
					'total_spend',
					'avg_order_value',
				],
			},
			...CUSTOMER_FILTER_PARAMS,
			...CONTEXT_PARAMS,
		};
		route(
			`${NS}/reports/customers`,
			customerList,
			(q, settings, _request, reader) => customersList(reader, q, settings),
			{ seam: true },
		);
		route(
			`${NS}/reports/customers/stats`,
			{ ...CUSTOMER_FILTER_PARAMS, fields: { type: 'strings' }, ...CONTEXT_PARAMS },
			(q, settings, _request, reader) => customersStats(reader, q, settings),
			{ seam: true },
		);
	},
	exports: { customers: { columns: COLUMNS, page: customersList } },
};
