/**
 * The charts of the Overview: one metric each, drawn from its report's stats endpoint.
 */
import type { MetricKey, MetricReport } from '@abacus/metrics';

import { chartMetric } from '../analytics/components/metrics.js';
import type { ReportConfig } from '../analytics/components/types.js';

function chart<R extends MetricReport>(
	report: string,
	endpoint: R,
	key: MetricKey<R>,
): ReportConfig {
	const metric = chartMetric(endpoint, key);
	const label = metric.label;
	return {
		report,
		title: label,
		path: `/analytics/${endpoint}`,
		endpoint,
		hasChart: true,
		charts: [metric],
		filters: [],
		table: {
			title: label,
			endpoint,
			columns: [],
			defaultOrderby: 'date',
			defaultOrder: 'desc',
			summary: [],
		},
	};
}

export function dashboardCharts(): ReportConfig[] {
	return [
		chart('dashboard-net-sales', 'revenue', 'net_revenue'),
		chart('dashboard-orders', 'orders', 'orders_count'),
		chart('dashboard-items-sold', 'products', 'items_sold'),
	];
}
