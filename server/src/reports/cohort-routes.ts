/**
 * Routes of "When orders come" (`reports/order-times`) and of cohorts and lifetime value
 * (`reports/cohorts`, `reports/customers/lifetime`); documented in this folder's README. All on
 * the metric layer's seam: each reads the request's store through the reader it is handed.
 */
import type { ParamSpecs } from '../http/params.js';
import {
	COHORT_ORDERS_PARAMS,
	COHORT_PARAMS,
	cohortOrders,
	cohorts,
	LIFETIME_PARAMS,
	lifetime,
} from './cohorts.js';
import {
	CELL_ORDERS_PARAMS,
	cellOrders,
	ORDER_TIMES_PARAMS,
	orderTimesRoute,
} from './order-times.js';
import type { ReportHandler, ReportRouteOptions } from './shared/report-route.js';

type Route = (
	path: string,
	specs: ParamSpecs,
	handler: ReportHandler,
	options?: ReportRouteOptions,
) => void;

export function registerCohortRoutes(route: Route, ns: string): void {
	const seam = { seam: true };
	route(
		`${ns}/reports/order-times`,
		ORDER_TIMES_PARAMS,
		(q, settings, _request, reader) => orderTimesRoute(reader, q, settings),
		seam,
	);
	route(
		`${ns}/reports/order-times/orders`,
		CELL_ORDERS_PARAMS,
		(q, settings, _request, reader) => cellOrders(reader, q, settings),
		seam,
	);
	route(
		`${ns}/reports/cohorts`,
		COHORT_PARAMS,
		async (q, settings, _request, reader) => ({ body: await cohorts(reader, q, settings) }),
		seam,
	);
	route(
		`${ns}/reports/cohorts/orders`,
		COHORT_ORDERS_PARAMS,
		(q, settings, _request, reader) => cohortOrders(reader, q, settings),
		seam,
	);
	route(
		`${ns}/reports/customers/lifetime`,
		LIFETIME_PARAMS,
		async (q, settings, _request, reader) => ({ body: await lifetime(reader, q, settings) }),
		seam,
	);
}
