/**
 * Routes of "When orders come" (`reports/order-times`) and of cohorts and lifetime value
 * (`reports/cohorts`, `reports/customers/lifetime`); documented in this folder's README.
 */
import type { Db } from '../core/db.js';
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
import type { ReportHandler } from './report-route.js';

type Route = (path: string, specs: ParamSpecs, handler: ReportHandler) => void;

export function registerCohortRoutes(route: Route, db: Db, ns: string): void {
	route(`${ns}/reports/order-times`, ORDER_TIMES_PARAMS, (q, settings) =>
		orderTimesRoute(db, q, settings),
	);
	route(`${ns}/reports/order-times/orders`, CELL_ORDERS_PARAMS, (q, settings) =>
		cellOrders(db, q, settings),
	);
	route(`${ns}/reports/cohorts`, COHORT_PARAMS, async (q, settings) => ({
		body: await cohorts(db, q, settings),
	}));
	route(`${ns}/reports/cohorts/orders`, COHORT_ORDERS_PARAMS, (q, settings) =>
		cohortOrders(db, q, settings),
	);
	route(`${ns}/reports/customers/lifetime`, LIFETIME_PARAMS, async (q, settings) => ({
		body: await lifetime(db, q, settings),
	}));
}
