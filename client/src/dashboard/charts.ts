/**
 * The charts of the Overview: one metric each, drawn from its report's stats endpoint.
 */
import { __ } from '@wordpress/i18n';

import type { ReportConfig } from '../analytics/report/types.js';

function chart(
	report: string,
	endpoint: string,
	key: string,
	label: string,
	type: 'currency' | 'number',
): ReportConfig {
	return {
		report,
		title: label,
		path: `/analytics/${endpoint}`,
		endpoint,
		hasDateRange: true,
		hasChart: true,
		charts: [{ key, label, type }],
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
		chart(
			'dashboard-net-sales',
			'revenue',
			'net_revenue',
			__('Net sales', 'abacus'),
			'currency',
		),
		chart('dashboard-orders', 'orders', 'orders_count', __('Orders', 'abacus'), 'number'),
		chart(
			'dashboard-items-sold',
			'products',
			'items_sold',
			__('Items sold', 'abacus'),
			'number',
		),
	];
}
