import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import {
	parseWidgetAnswer,
	readWidgetSettings,
	reportLink,
	type WidgetData,
	type WidgetSettings,
} from '../data.js';
import { DashboardWidget, type Fetcher } from '../widget.js';

const SETTINGS: WidgetSettings = {
	path: '/abacus/v1/dashboard-widget',
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
};

function day(date: string, net: number, orders: number) {
	return {
		date,
		net_revenue: net,
		orders_count: orders,
		avg_order_value: orders ? net / orders : 0,
	};
}

/** What abacus/v1/dashboard-widget answers (the days out of order: the widget sorts them). */
const ANSWER = {
	ranges: {
		today: { after: '2026-11-25T00:00:00', before: '2026-11-25T14:30:00' },
		week: { after: '2026-11-23T00:00:00', before: '2026-11-25T14:30:00' },
		lastWeekToday: { after: '2026-11-18T00:00:00', before: '2026-11-18T14:30:00' },
		lastWeek: { after: '2026-11-16T00:00:00', before: '2026-11-18T14:30:00' },
	},
	today: { net_revenue: 1200, orders_count: 4, avg_order_value: 300 },
	lastWeekToday: { net_revenue: 0, orders_count: 0, avg_order_value: 0 },
	week: { net_revenue: 3456.5, orders_count: 12, avg_order_value: 288.04 },
	lastWeek: { net_revenue: 2000, orders_count: 12, avg_order_value: 166.67 },
	weekDays: [
		day('2026-11-25', 1200, 4),
		day('2026-11-23', 1000.5, 3),
		day('2026-11-24', 1256, 5),
	],
	lastWeekDays: [day('2026-11-16', 1000, 6), day('2026-11-17', 1000, 6), day('2026-11-18', 0, 0)],
	top: { id: 41, name: 'Café mug', netRevenue: 2100, itemsSold: 1234 },
	source: 'woocommerce',
	asOf: '14:30',
};

function answers(answer: () => Promise<unknown> = () => Promise.resolve(ANSWER)) {
	const asked: string[] = [];
	const fetch: Fetcher = (path) => {
		asked.push(path);
		return path === SETTINGS.path
			? answer()
			: Promise.reject(new Error(`unexpected request ${path}`));
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

		// One request: the store computed every figure.
		expect(asked).toEqual(['/abacus/v1/dashboard-widget']);
		expect(screen.getByText('as of 14:30')).toBeInTheDocument();
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
		const { fetch } = answers(() => Promise.resolve({ ...ANSWER, top: null }));
		render(<DashboardWidget settings={SETTINGS} fetch={fetch} />);
		expect(await screen.findByText('No sales yet this week.')).toBeInTheDocument();
	});

	it('says why the figures failed and asks again with Retry', async () => {
		let fail = true;
		const { fetch, asked } = answers(() =>
			fail
				? Promise.reject({
						code: 'rest_forbidden',
						message: 'Sorry, you are not allowed.',
					})
				: Promise.resolve(ANSWER),
		);
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
		expect(asked).toHaveLength(2);
	});
});

describe('the widget’s data', () => {
	it('reads only well-formed settings', () => {
		expect(readWidgetSettings(SETTINGS)).toEqual(SETTINGS);
		expect(readWidgetSettings(null)).toBeNull();
		expect(readWidgetSettings({ ...SETTINGS, path: 'https://elsewhere.test/' })).toBeNull();
	});

	it('refuses an answer that is not the widget’s, and sorts the days', () => {
		expect(() => parseWidgetAnswer([])).toThrow('not a dashboard widget answer');
		expect(() =>
			parseWidgetAnswer({
				...ANSWER,
				ranges: { ...ANSWER.ranges, week: { after: 'monday', before: 'now' } },
			}),
		).toThrow('not a dashboard widget answer');
		const data: WidgetData = parseWidgetAnswer(ANSWER);
		expect(data.weekDays.map((d) => d.date)).toEqual([
			'2026-11-23',
			'2026-11-24',
			'2026-11-25',
		]);
		expect(parseWidgetAnswer({ ...ANSWER, top: { id: 0, name: '' } }).top).toBeNull();
	});

	it('links a figure to its report over the span', () => {
		expect(reportLink('a?page=abacus', 'avg_order_value', 'week')).toBe(
			'a?page=abacus&path=%2Fanalytics%2Forders&period=week&compare=previous_period&chart=avg_order_value',
		);
	});
});
