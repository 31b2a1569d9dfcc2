/**
 * "When orders come" (`order-times.ts`): `reports/order-times`, the drill-down of a cell
 * (`reports/order-times/orders`) and its export, one row per order. On the metric layer's seam:
 * each route reads the request's store through the reader it is handed.
 */
import { NS } from '../shared/list-query.js';
import type { Report } from '../shared/report.js';
import {
	CELL_ORDERS_PARAMS,
	cellOrders,
	ORDER_TIMES_EXPORT_COLUMNS,
	ORDER_TIMES_PARAMS,
	orderTimesExportPage,
	orderTimesRoute,
} from './order-times.js';

export const orderTimes: Report = {
	routes({ route }) {
		const seam = { seam: true };
		route(
			`${NS}/reports/order-times`,
			ORDER_TIMES_PARAMS,
			(q, settings, _request, reader) => orderTimesRoute(reader, q, settings),
			seam,
		);
		route(
			`${NS}/reports/order-times/orders`,
			CELL_ORDERS_PARAMS,
			(q, settings, _request, reader) => cellOrders(reader, q, settings),
			seam,
		);
	},
	exports: {
		'order-times': { columns: ORDER_TIMES_EXPORT_COLUMNS, page: orderTimesExportPage },
	},
};
