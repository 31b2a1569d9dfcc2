import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import {
	parseStats,
	readWidgetSettings,
	reportLink,
	statsPath,
	topProductPath,
	type WidgetSettings,
} from '../data.js';
import { DashboardWidget, type Fetcher } from '../widget.js';

const SETTINGS: WidgetSettings = {
	ranges: {
		today: { after: '2026-11-25T00:00:00', before: '2026-11-25T14:30:00' },
		week: { after: '2026-11-23T00:00:00', before: '2026-11-25T14:30:00' },
		lastWeekToday: { after: '2026-11-18T00:00:00', before: '2026-11-18T14:30:00' },
		lastWeek: { after: '2026-11-16T00:00:00', before: '2026-11-18T14:30:00' },
	},
	reportUrl: 'http://shop.test/wp-admin/admin.php?page=abacus',
	currency: {
		code: 'EUR',
		symbol: '€',
		symbolPosition: 'right_space',
		thousandSeparator: '.',
		decimalSeparator: ',',
		precision: 2,
	},
	locale: 'de-DE',
	engine: null,
};

function day(date: string, net: number, orders: number) {
	return {
		interval: date,
		date_start: `${date} 00:00:00`,
		subtotals: {
			net_revenue: net,
			orders_count: orders,
			avg_order_value: orders ? net / orders : 0,
		},
	};
}

const WEEK = {
	totals: { net_revenue: 3456.5, orders_count: 12, avg_order_value: 288.04 },
	intervals: [
		day('2026-11-25', 1200, 4),
		day('2026-11-23', 1000.5, 3),
		day('2026-11-24', 1256, 5),
	],
};
const LAST_WEEK = {
	totals: { net_revenue: 2000, orders_count: 12, avg_order_value: 166.67 },
	intervals: [day('2026-11-16', 1000, 6), day('2026-11-17', 1000, 6), day('2026-11-18', 0, 0)],
};
const PRODUCTS = [
	{
		product_id: 41,
		items_sold: 1234,
		net_revenue: 2100,
		extended_info: { name: 'Caf&eacute; mug' },
	},
];

function answers(overrides: Partial<Record<string, () => Promise<unknown>>> = {}) {
	const asked: string[] = [];
	const fetch: Fetcher = (path) => {
		asked.push(path);
		const key =
			path === statsPath(SETTINGS.ranges.week)
				? 'week'
				: path === statsPath(SETTINGS.ranges.lastWeek)
					? 'lastWeek'
					: path === topProductPath(SETTINGS.ranges.week)
						? 'products'
						: 'unknown';
		const own = overrides[key];
		if (own) return own();
		const bodies: Record<string, unknown> = {
			week: WEEK,
			lastWeek: LAST_WEEK,
			products: PRODUCTS,
		};
		const body = bodies[key];
		return body === undefined
			? Promise.reject(new Error(`unexpected request ${path}`))
			: Promise.resolve(body);
	};
	return { fetch, asked };
}

function figure(section: string, label: string): HTMLElement {
	const region = screen.getByRole('region', { name: section });
	return within(region).getByRole('link', { name: new RegExp(`^${label}`) })
		.parentElement as HTMLElement;
}

describe('the Dashboard widget', () => {
	it('shows today and the week against the same time last week, in the store’s currency', async () => {
		const { fetch, asked } = answers();
		render(<DashboardWidget settings={SETTINGS} fetch={fetch} />);
		expect(screen.getByRole('status')).toHaveTextContent('Loading');
		await screen.findByRole('region', { name: 'This week so far' });

		expect(asked).toHaveLength(3);
		const weekSales = figure('This week so far', 'Net sales');
		expect(weekSales).toHaveTextContent('3.456,50 €');
		// 3456.5 against 2000: up 73 %.
		expect(weekSales).toHaveTextContent('Up 73%');
		expect(weekSales).toHaveTextContent('last week 2.000,00 €');
		const weekOrders = figure('This week so far', 'Orders');
		expect(weekOrders).toHaveTextContent('12');
		expect(weekOrders).toHaveTextContent('No change');
		expect(figure('This week so far', 'Average order')).toHaveTextContent('288,04 €');

		// Today is the week's last day; last week's same day sold nothing: "New", not a percentage.
		const todaySales = figure('Today so far', 'Net sales');
		expect(todaySales).toHaveTextContent('1.200,00 €');
		expect(todaySales).toHaveTextContent('New');
		expect(todaySales).not.toHaveTextContent('%');
		expect(figure('Today so far', 'Orders')).toHaveTextContent('4');
	});

	it('links each figure to its report over the same range', async () => {
		const { fetch } = answers();
		render(<DashboardWidget settings={SETTINGS} fetch={fetch} />);
		await screen.findByRole('region', { name: 'Today so far' });
		const link = within(screen.getByRole('region', { name: 'Today so far' })).getByRole(
			'link',
			{ name: /^Net sales/ },
		);
		const url = new URL(link.getAttribute('href') ?? '');
		expect(url.searchParams.get('page')).toBe('abacus');
		expect(url.searchParams.get('path')).toBe('/analytics/revenue');
		expect(url.searchParams.get('period')).toBe('today');
		const orders = within(screen.getByRole('region', { name: 'This week so far' })).getByRole(
			'link',
			{ name: /^Orders/ },
		);
		expect(new URL(orders.getAttribute('href') ?? '').searchParams.get('path')).toBe(
			'/analytics/orders',
		);
		expect(new URL(orders.getAttribute('href') ?? '').searchParams.get('period')).toBe('week');
		const top = screen.getByRole('link', { name: 'Café mug' });
		const topUrl = new URL(top.getAttribute('href') ?? '');
		expect(topUrl.searchParams.get('path')).toBe('/analytics/products');
		expect(topUrl.searchParams.get('products')).toBe('41');
		expect(screen.getByText('2.100,00 €, 1.234 sold')).toBeInTheDocument();
	});

	it('draws the week by day as an image described in words', async () => {
		const { fetch } = answers();
		render(<DashboardWidget settings={SETTINGS} fetch={fetch} />);
		const chart = await screen.findByRole('img', { name: /Net sales by day/ });
		const name = chart.getAttribute('aria-label') ?? '';
		// Days in order (the answer's were not), in the user's language.
		expect(name).toMatch(/Mo\.?: 1\.000,50 € \(last week 1\.000,00 €\)/);
		expect(name).toMatch(/Mi\.?: 1\.200,00 € \(last week 0,00 €\)/);
		expect(name.indexOf('Mo')).toBeLessThan(name.indexOf('Di'));
		expect(chart.querySelectorAll('polyline')).toHaveLength(2);
	});

	it('says when the week sold nothing', async () => {
		const { fetch } = answers({ products: () => Promise.resolve([]) });
		render(<DashboardWidget settings={SETTINGS} fetch={fetch} />);
		expect(await screen.findByText('No sales yet this week.')).toBeInTheDocument();
	});

	it('says why the figures failed and asks again with Retry', async () => {
		let fail = true;
		const { fetch, asked } = answers({
			lastWeek: () =>
				fail
					? Promise.reject({
							code: 'rest_forbidden',
							message: 'Sorry, you are not allowed.',
						})
					: Promise.resolve(LAST_WEEK),
		});
		render(<DashboardWidget settings={SETTINGS} fetch={fetch} />);
		const alert = await screen.findByRole('alert');
		expect(alert).toHaveTextContent(
			'The store’s figures could not be loaded: Sorry, you are not allowed.',
		);
		const retry = screen.getByRole('button', { name: 'Retry' });
		await waitFor(() => expect(retry).toHaveFocus());
		fail = false;
		await act(async () => {
			await userEvent.click(retry);
		});
		expect(await screen.findByRole('region', { name: 'This week so far' })).toBeInTheDocument();
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
		expect(asked).toHaveLength(6);
	});
});

describe('the widget’s data', () => {
	it('reads only well-formed settings', () => {
		expect(readWidgetSettings(SETTINGS)).toEqual(SETTINGS);
		expect(readWidgetSettings(null)).toBeNull();
		expect(
			readWidgetSettings({
				...SETTINGS,
				ranges: { ...SETTINGS.ranges, week: { after: 'monday', before: 'now' } },
			}),
		).toBeNull();
	});

	it('refuses an answer that is not revenue stats', () => {
		expect(() => parseStats([])).toThrow('not a revenue stats answer');
		expect(parseStats(WEEK).days.map((d) => d.date)).toEqual([
			'2026-11-23',
			'2026-11-24',
			'2026-11-25',
		]);
	});

	it('asks the revenue stats by day over the exact range', () => {
		const url = new URL(`http://x${statsPath(SETTINGS.ranges.lastWeek)}`);
		expect(url.pathname).toBe('/wc-analytics/reports/revenue/stats');
		expect(url.searchParams.get('after')).toBe('2026-11-16T00:00:00');
		expect(url.searchParams.get('before')).toBe('2026-11-18T14:30:00');
		expect(url.searchParams.get('interval')).toBe('day');
		expect(reportLink('a?page=abacus', 'avg_order_value', 'week')).toBe(
			'a?page=abacus&path=%2Fanalytics%2Forders&period=week&compare=previous_period&chart=avg_order_value',
		);
	});
});
