/**
 * The Stores report as its user meets it: the menu lists it only when the server serves several
 * stores; the address's choice of stores is cleaned (served ids of one currency); the picker adds
 * and removes stores, starts a new selection in another currency and keeps at least one store; the
 * table sorts by figure or share; the chart draws one line per store or the combined figure beside
 * the previous period; shares are written in the page's language.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';

import { getMenuEntries, matchRoute } from '../../../../layout/routes.js';
import {
	chartRows,
	chosenStores,
	formatShare,
	sortKeyOf,
	sortStores,
	toggleStore,
	type GroupStats,
	type ServedStore,
	type StoreFigures,
} from '../data.js';
import { StorePicker } from '../store-picker.js';

const served: ServedStore[] = [
	{ id: 1, url: 'https://a.example', name: 'a.example', currency: 'USD', time_zone: 'UTC' },
	{
		id: 2,
		url: 'https://b.example',
		name: 'b.example',
		currency: 'EUR',
		time_zone: 'Europe/Berlin',
	},
	{
		id: 3,
		url: 'https://c.example',
		name: 'c.example',
		currency: 'USD',
		time_zone: 'Asia/Tokyo',
	},
];

const figures = (net: number, orders: number) => ({
	net_revenue: net,
	orders_count: orders,
	avg_order_value: orders ? net / orders : 0,
	total_sales: net + 10,
	refunds: 5,
});

function store(base: ServedStore, net: number, orders: number, share: number | null): StoreFigures {
	return {
		...base,
		totals: figures(net, orders),
		intervals: [
			{
				interval: '2026-01',
				date_start: '2026-01-01 00:00:00',
				date_end: '2026-01-31 23:59:59',
				subtotals: figures(net, orders),
			},
		],
		share: { net_revenue: share, orders_count: share },
	};
}

describe('menu and route', () => {
	it('lists Stores only when the server serves more than one store', () => {
		const paths = (storeGroup: boolean) => getMenuEntries({ storeGroup }).map((e) => e.path);
		expect(paths(false)).not.toContain('/analytics/stores');
		expect(getMenuEntries().map((e) => e.path)).not.toContain('/analytics/stores');
		expect(paths(true)[1]).toBe('/analytics/stores');
		expect(matchRoute('/analytics/stores')).toEqual({
			page: 'analysis',
			path: '/analytics/stores',
			analysis: 'stores',
		});
	});
});

describe('chosen stores', () => {
	it('keeps served ids of the first store’s currency, in the address’s order', () => {
		expect(chosenStores('3,2,1,99,x', served).map((s) => s.id)).toEqual([3, 1]);
		expect(chosenStores('2,1', served).map((s) => s.id)).toEqual([2]);
	});
	it('defaults to the stores of the currency most stores sell in', () => {
		expect(chosenStores(undefined, served).map((s) => s.id)).toEqual([1, 3]);
		expect(chosenStores('__proto__', served).map((s) => s.id)).toEqual([1, 3]);
		expect(chosenStores(undefined, [])).toEqual([]);
	});
	it('a store of another currency starts a new selection; the last store stays', () => {
		const usd = [served[0], served[2]];
		expect(toggleStore(usd, served[1], true)).toEqual([served[1]]);
		expect(toggleStore(usd, served[0], false)).toEqual([served[2]]);
		expect(toggleStore([served[2]], served[2], false)).toEqual([served[2]]);
		expect(toggleStore([served[0]], served[2], true)).toEqual(usd);
	});
});

describe('table and chart', () => {
	const stats: GroupStats = {
		currency: 'USD',
		start_of_week: 1,
		totals: figures(300, 30),
		intervals: [
			{
				interval: '2026-01',
				date_start: '2026-01-01 00:00:00',
				date_end: '2026-01-31 23:59:59',
				subtotals: figures(300, 30),
			},
		],
		stores: [store(served[0], 100, 20, 100 / 3), store(served[2], 200, 10, 200 / 3)],
	};
	it('sorts by a figure or a share, either way; an unknown key sorts by net sales', () => {
		expect(sortStores(stats.stores, 'net_revenue', 'desc').map((s) => s.id)).toEqual([3, 1]);
		expect(sortStores(stats.stores, 'orders_count', 'desc').map((s) => s.id)).toEqual([1, 3]);
		expect(sortStores(stats.stores, 'net_revenue_share', 'asc').map((s) => s.id)).toEqual([
			1, 3,
		]);
		expect(sortStores(stats.stores, 'name', 'asc').map((s) => s.name)).toEqual([
			'a.example',
			'c.example',
		]);
		expect(sortKeyOf('constructor')).toBe('net_revenue');
	});
	it('draws one line per store, or the combined figure beside the previous period', () => {
		const byStore = chartRows(stats, null, 'net_revenue', 'stores', {
			current: 'Now',
			previous: 'Before',
		});
		expect(byStore).toEqual([
			{
				date: '2026-01-01T00:00:00',
				'store-1': { value: 100, label: 'a.example', labelDate: '2026-01-01T00:00:00' },
				'store-3': { value: 200, label: 'c.example', labelDate: '2026-01-01T00:00:00' },
			},
		]);
		const previous = {
			...stats,
			intervals: [
				{
					...stats.intervals[0],
					date_start: '2025-12-01 00:00:00',
					subtotals: figures(150, 12),
				},
			],
		};
		const combined = chartRows(stats, previous, 'orders_count', 'combined', {
			current: 'Now',
			previous: 'Before',
		});
		expect(combined[0].primary).toEqual({
			value: 30,
			label: 'Now',
			labelDate: '2026-01-01T00:00:00',
		});
		expect(combined[0].secondary).toEqual({
			value: 12,
			label: 'Before',
			labelDate: '2025-12-01T00:00:00',
		});
	});
	it('writes shares in the page’s language, a dash when there is none', () => {
		expect(formatShare(100 / 3, 'en-US')).toBe('33.3%');
		expect(formatShare(200 / 3, 'de-DE')).toBe('66,7\u00a0%');
		expect(formatShare(null, 'en-US')).toBe('—');
	});
});

describe('StorePicker', () => {
	it('lists the stores by currency and reports the new choice', () => {
		const onChange = jest.fn();
		render(<StorePicker served={served} chosen={[served[0]]} onChange={onChange} />);
		fireEvent.click(screen.getByRole('button', { name: 'a.example' }));
		const usd = screen.getByRole('group', { name: 'Stores selling in USD' });
		const eur = screen.getByRole('group', { name: 'Stores selling in EUR' });
		expect(within(usd).getByRole('checkbox', { name: 'a.example' })).toBeChecked();
		expect(within(usd).getByRole('checkbox', { name: 'c.example' })).not.toBeChecked();
		fireEvent.click(within(usd).getByRole('checkbox', { name: 'c.example' }));
		expect(onChange).toHaveBeenLastCalledWith([served[0], served[2]]);
		fireEvent.click(within(eur).getByRole('checkbox', { name: 'b.example' }));
		expect(onChange).toHaveBeenLastCalledWith([served[1]]);
		fireEvent.click(within(usd).getByRole('button', { name: 'Choose every store in USD' }));
		expect(onChange).toHaveBeenLastCalledWith([served[0], served[2]]);
		expect(screen.getByText(/starts a new selection/)).toBeInTheDocument();
	});
	it('names the count of chosen stores on its button', () => {
		render(
			<StorePicker served={served} chosen={[served[0], served[2]]} onChange={jest.fn()} />,
		);
		expect(screen.getByRole('button', { name: '2 of 3 stores' })).toHaveAttribute(
			'aria-expanded',
			'false',
		);
	});
});
