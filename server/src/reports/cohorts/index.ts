/**
 * Cohorts and lifetime value (`cohorts.ts`): `reports/cohorts`, the drill-down of a cell
 * (`reports/cohorts/orders`), `reports/customers/lifetime` and the cohorts' export, one row per
 * customer. On the metric layer's seam: each route reads the request's store through the reader
 * it is handed.
 */
import { NS } from '../shared/list-query.js';
import type { Report } from '../shared/report.js';
import {
	COHORT_EXPORT_COLUMNS,
	COHORT_ORDERS_PARAMS,
	COHORT_PARAMS,
	cohortCustomersPage,
	cohortOrders,
	cohorts as cohortsAnswer,
	LIFETIME_PARAMS,
	lifetime,
} from './cohorts.js';

export const cohorts: Report = {
	routes({ route }) {
		const seam = { seam: true };
		route(
			`${NS}/reports/cohorts`,
			COHORT_PARAMS,
			async (q, settings, _request, reader) => ({
				body: await cohortsAnswer(reader, q, settings),
			}),
			seam,
		);
		route(
			`${NS}/reports/cohorts/orders`,
			COHORT_ORDERS_PARAMS,
			(q, settings, _request, reader) => cohortOrders(reader, q, settings),
			seam,
		);
		route(
			`${NS}/reports/customers/lifetime`,
			LIFETIME_PARAMS,
			async (q, settings, _request, reader) => ({
				body: await lifetime(reader, q, settings),
			}),
			seam,
		);
	},
	exports: { cohorts: { columns: COHORT_EXPORT_COLUMNS, page: cohortCustomersPage } },
};
