/* global document, window */
/**
 * An extension developer's page, bundled by tests/consumer/tarballs.js from the INSTALLED tarballs
 * (React 18 and WordPress 6.8's @wordpress packages): ReportFilters, a Chart fed by the
 * abacus/reports store's stats, and a TableCard fed by its rows. The REST answers come from an
 * apiFetch middleware, as a test double of the store's server.
 */
import { TableCard, Chart, ReportFilters } from '@abacus/components';
import { REPORTS_STORE_NAME, useReportItems, useReportStats } from '@abacus/data';
import { getCurrentDates } from '@abacus/date';
import apiFetch from '@wordpress/api-fetch';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const ORDERS = [
	{ order_id: 101, date: '2025-03-02T10:00:00', status: 'completed', net_total: 40.5 },
	{ order_id: 102, date: '2025-03-03T12:30:00', status: 'processing', net_total: 12 },
];
const INTERVALS = ['2025-03-01', '2025-03-02', '2025-03-03'].map((day, index) => ({
	interval: day,
	date_start: `${day} 00:00:00`,
	date_end: `${day} 23:59:59`,
	subtotals: { orders_count: index, net_revenue: index * 10 },
}));

function json(body, total) {
	return new Response(JSON.stringify(body), {
		status: 200,
		headers: {
			'Content-Type': 'application/json',
			'X-WP-Total': String(total),
			'X-WP-TotalPages': '1',
		},
	});
}

apiFetch.use((options) => {
	const path = options.path ?? '';
	window.__requests = [...(window.__requests ?? []), path];
	let body = null;
	let total = 0;
	if (path.includes('/reports/orders/stats')) {
		body = { totals: { orders_count: 3, net_revenue: 30 }, intervals: INTERVALS };
		total = INTERVALS.length;
	} else if (path.includes('/reports/orders')) {
		body = ORDERS;
		total = ORDERS.length;
	}
	if (body === null) return Promise.reject({ code: 'not_found', message: `No route ${path}` });
	return Promise.resolve(options.parse === false ? json(body, total) : body);
});

const query = { period: 'month', compare: 'previous_year' };
const { primary, secondary } = getCurrentDates(query);

function Page() {
	const stats = useReportStats('orders', { interval: 'day' });
	const items = useReportItems('orders', { per_page: 25 });
	const chartRows =
		stats.status === 'success'
			? stats.data.data.intervals.map((interval) => ({
					date: interval.date_start.replace(' ', 'T'),
					Orders: {
						label: 'Orders',
						value: interval.subtotals.orders_count,
						labelDate: interval.date_start,
					},
				}))
			: [];
	const rows =
		items.status === 'success'
			? items.data.data.map((order) => [
					{ display: `#${order.order_id}`, value: order.order_id },
					{ display: order.status, value: order.status },
					{ display: order.net_total.toFixed(2), value: order.net_total },
				])
			: [];
	return h(
		'div',
		{ className: 'consumer-page', 'data-store': REPORTS_STORE_NAME },
		h(ReportFilters, {
			path: '/analytics/orders',
			query,
			dateQuery: {
				period: 'month',
				compare: 'previous_year',
				before: null,
				after: null,
				primaryDate: primary,
				secondaryDate: secondary,
			},
		}),
		h(Chart, {
			title: 'Orders',
			data: chartRows,
			interval: 'day',
			allowedIntervals: ['day'],
			isRequesting: stats.status !== 'success',
			path: '/analytics/orders',
			query,
		}),
		h(TableCard, {
			title: 'Orders',
			headers: [
				{ key: 'order_id', label: 'Order #', required: true },
				{ key: 'status', label: 'Status' },
				{ key: 'net_total', label: 'Net sales', isNumeric: true, isSortable: true },
			],
			rows,
			rowsPerPage: 25,
			totalRows: items.status === 'success' ? items.data.totalResults : 0,
			isLoading: items.status !== 'success',
			query,
		}),
	);
}

createRoot(document.getElementById('root')).render(h(Page));
