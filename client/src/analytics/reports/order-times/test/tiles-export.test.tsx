/**
 * The summary tiles and the whole-report export of "When orders come" and Cohorts as a person
 * meets them: each tile shows the range's figure, the comparison period's (asked with the
 * comparison period's dates) and the change; the busiest hour and weekday show both periods
 * without a change; "Export the whole report" starts the server's export with the page's range
 * and filters and offers the file when it is ready.
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import * as data from '@abacus/data';

// A wide screen: every tile shown (narrower screens fold them into a list).
jest.mock('@wordpress/compose', () => ({
	...jest.requireActual('@wordpress/compose'),
	useViewportMatch: () => true,
}));

import { renderWithStores, stubApiFetch, type Call } from '../../../../screens/test/harness.js';
import CohortsReport from '../../cohorts/index.js';
import OrderTimesReport from '../index.js';

jest.setTimeout(60000);

const stores = [
	data.reportsStore,
	data.itemsStore,
	data.optionsStore,
	data.userStore,
	data.settingsStore,
	data.exportStore,
	data.importStore,
	data.navigationStore,
	data.notesStore,
];

const QUERY = {
	period: 'custom',
	after: '2026-10-01',
	before: '2026-10-31',
	compare: 'previous_year',
};

/** 168 cells with `orders` orders in one cell (weekday, hour) and nothing elsewhere. */
function orderTimes(orders: number, net: number, weekday: number, hour: number) {
	const cells = [];
	for (const w of [1, 2, 3, 4, 5, 6, 0]) {
		for (let h = 0; h < 24; h++) {
			const here = w === weekday && h === hour;
			cells.push({
				weekday: w,
				hour: h,
				orders_count: here ? orders : 0,
				net_revenue: here ? net : 0,
			});
		}
	}
	return {
		weekdays: [1, 2, 3, 4, 5, 6, 0],
		start_of_week: 1,
		time_zone: 'Europe/Paris',
		cells,
		totals: {
			orders_count: orders,
			net_revenue: net,
			avg_order_value: net / orders,
			busiest_hour: { weekday, hour, orders_count: orders },
			busiest_weekday: { weekday, orders_count: orders },
		},
	};
}

const isPrevious = (call: Call) => (call.query.get('after') ?? '').startsWith('2025-10-01');

function tile(label: string): HTMLElement {
	const item = screen.getByText(label, { selector: '.abacus-summary__item-label' }).closest('li');
	if (!item) throw new Error(`No tile ${label}`);
	return item;
}

describe('When orders come: tiles and export', () => {
	it('shows each figure with the comparison period and the change', async () => {
		const calls = stubApiFetch((call) =>
			call.route === 'wc-analytics/reports/order-times'
				? { body: isPrevious(call) ? orderTimes(8, 400, 1, 9) : orderTimes(10, 600, 4, 14) }
				: { body: [] },
		);
		renderWithStores(
			<OrderTimesReport path="/analytics/order-times" query={QUERY} />,
			...stores,
		);
		expect(await screen.findByText('Busiest hour')).toBeInTheDocument();
		const orders = tile('Orders');
		expect(within(orders).getByText('10')).toBeInTheDocument();
		expect(within(orders).getByText('8')).toBeInTheDocument();
		expect(within(orders).getByRole('status')).toHaveAttribute(
			'aria-label',
			expect.stringContaining('Up 25%'),
		);
		const net = tile('Net sales');
		expect(within(net).getByText('$600.00')).toBeInTheDocument();
		expect(within(net).getByText('$400.00')).toBeInTheDocument();
		expect(within(net).getByRole('status')).toHaveAttribute(
			'aria-label',
			expect.stringContaining('Up 50%'),
		);
		const aov = tile('Average order value');
		expect(within(aov).getByText('$60.00')).toBeInTheDocument();
		expect(within(aov).getByText('$50.00')).toBeInTheDocument();
		const busiest = tile('Busiest hour');
		expect(within(busiest).getByText('Thursday, 14:00–15:00')).toBeInTheDocument();
		expect(within(busiest).getByText('Monday, 09:00–10:00')).toBeInTheDocument();
		expect(within(busiest).queryByRole('status')).not.toBeInTheDocument();
		expect(within(tile('Busiest weekday')).getByText('Thursday')).toBeInTheDocument();
		// The comparison period was asked with its own dates and the page's filters.
		const asked = calls.filter((c) => c.route === 'wc-analytics/reports/order-times');
		expect(asked.map((c) => c.query.get('after')?.slice(0, 10)).sort()).toEqual([
			'2025-10-01',
			'2026-10-01',
		]);
		// Definitions from the metric catalogue.
		expect(
			within(tile('Busiest hour')).getByText(
				'The weekday and hour of the day (store time) with the most orders in the range.',
			),
		).toBeInTheDocument();
	});

	it('exports the whole report through the server and offers the file', async () => {
		const calls = stubApiFetch((call) => {
			if (call.route === 'wc-analytics/reports/order-times')
				return { body: orderTimes(10, 600, 4, 14) };
			if (call.route === 'wc-analytics/reports/order-times/export' && call.method === 'POST')
				return {
					body: { message: 'Your report file is being generated.', export_id: '77' },
				};
			if (call.route === 'wc-analytics/reports/order-times/export/77/status')
				return {
					body: {
						percent_complete: 100,
						rows_exported: 10,
						total_rows: 10,
						download_url:
							'/wp-json/wc-analytics/reports/order-times/export/77/download',
					},
				};
			return { body: [] };
		});
		renderWithStores(
			<OrderTimesReport
				path="/analytics/order-times"
				query={{ ...QUERY, filter: 'advanced', customer_type: 'new' }}
			/>,
			...stores,
		);
		await screen.findByText('Busiest hour');
		await userEvent.click(screen.getByRole('button', { name: 'Export the whole report' }));
		expect(await screen.findByText(/report is ready: 10 rows/)).toBeInTheDocument();
		const start = calls.find(
			(c) => c.route === 'wc-analytics/reports/order-times/export' && c.method === 'POST',
		);
		const args = (start?.data as { report_args: Record<string, unknown> }).report_args;
		expect(String(args.after)).toMatch(/^2026-10-01T00:00:00/);
		expect(String(args.before)).toMatch(/^2026-10-31T23:59:59/);
		expect(args.customer_type).toBe('new');
	});
});

describe('Cohorts: tiles', () => {
	const life = (customers: number, repeat: number, value: number, days: number | null) => ({
		customers,
		repeat_customers: repeat,
		repeat_rate: Math.round((repeat / customers) * 10000) / 100,
		avg_lifetime_value: value,
		avg_days_to_second_order: days,
		median_days_to_second_order: days === null ? null : days - 2,
	});

	it('compares new customers, repeat rate, lifetime value and days with the comparison period', async () => {
		stubApiFetch((call) => {
			if (call.route === 'wc-analytics/reports/customers/lifetime')
				return { body: isPrevious(call) ? life(40, 10, 50, null) : life(50, 15, 60, 12) };
			if (call.route === 'wc-analytics/reports/cohorts')
				return {
					body: {
						period: 'month',
						periods: 12,
						cohorts: [],
						totals: { customers: 50, net_revenue: 3000 },
					},
				};
			return { body: [] };
		});
		renderWithStores(<CohortsReport path="/analytics/cohorts" query={QUERY} />, ...stores);
		expect(await screen.findByText('New customers')).toBeInTheDocument();
		const newCustomers = tile('New customers');
		expect(within(newCustomers).getByText('50')).toBeInTheDocument();
		expect(within(newCustomers).getByText('40')).toBeInTheDocument();
		expect(within(newCustomers).getByRole('status')).toHaveAttribute(
			'aria-label',
			expect.stringContaining('Up 25%'),
		);
		expect(within(tile('Repeat customers')).getByText('30.00% (15)')).toBeInTheDocument();
		expect(within(tile('Repeat customers')).getByText('25.00% (10)')).toBeInTheDocument();
		expect(within(tile('Average lifetime value')).getByText('$60.00')).toBeInTheDocument();
		const days = tile('Time to second order');
		expect(within(days).getByText('12 days')).toBeInTheDocument();
		// Nobody ordered twice in the comparison period: N/A, no change.
		expect(within(days).getByText('N/A')).toBeInTheDocument();
		expect(within(days).queryByRole('status')).not.toBeInTheDocument();
		expect(
			within(tile('Median time to second order')).getByText('10 days'),
		).toBeInTheDocument();
	});
});
