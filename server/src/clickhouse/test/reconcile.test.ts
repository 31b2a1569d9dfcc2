/**
 * The reconciliation and time-zone suites on both engines. Two generated stores (New York with its
 * DST changes, weeks from Monday; Kiritimati, UTC+14, weeks from Sunday) and a hand-made New York
 * store with orders at the DST edges, on a two-shard cluster: `reports/test/reconcile-suite.ts`
 * runs against each store's DuckDB server and against the ClickHouse engine with the store's
 * token; the time-zone requests (hours of the DST days, days and weeks around them, week starts,
 * order times, weekly cohorts) give the same JSON on both engines, and the hand-made store's
 * orders land in the hours and weekdays of their wall time.
 */
import type { OrderTimes } from '../../reports/order-times/order-times.js';
import { reconcileSuite, type ReportGet } from '../../reports/test/reconcile-suite.js';
import { type EngineFixture, json, startEngineFixture } from './setup.js';

jest.setTimeout(300_000);

const line = (net: number) => [{ product: 1, qty: 1, net, tax: net / 10 }];
const SPECS = [
	{ id: 31, timeZone: 'America/New_York', seed: 41, url: 'https://reconcile-a.example' },
	{
		id: 32,
		timeZone: 'Pacific/Kiritimati',
		seed: 42,
		url: 'https://reconcile-b.example',
		options: { start_of_week: 0 },
	},
	{
		id: 33,
		timeZone: 'America/New_York',
		seed: 0,
		url: 'https://reconcile-dst.example',
		fixture: {
			orders: [
				// Sunday 9 March 2025: 02:00 does not exist (01:59:59 EST → 03:00 EDT).
				{
					id: 1,
					date: '2025-03-09 01:30:00',
					status: 'completed',
					customer: 1,
					lines: line(10),
				},
				{
					id: 2,
					date: '2025-03-09 03:30:00',
					status: 'completed',
					customer: 2,
					lines: line(20),
				},
				// Sunday 2 November 2025: 01:00–01:59 happens twice (EDT, then EST).
				{
					id: 3,
					date: '2025-11-02 01:30:00',
					status: 'completed',
					customer: 1,
					lines: line(40),
				},
				{
					id: 4,
					date: '2025-11-02 23:30:00',
					status: 'processing',
					customer: 2,
					lines: line(80),
				},
				{
					id: 5,
					date: '2025-11-03 00:15:00',
					status: 'completed',
					customer: 1,
					refundOf: 3,
					lines: [{ product: 1, qty: -1, net: -40, tax: -4 }],
				},
			],
		},
	},
];
/** The generated stores' year (NOW is 2026-03-31). */
const RANGE = { first: '2025-03-31', last: '2026-03-31' };

let fx: EngineFixture;

beforeAll(async () => {
	fx = await startEngineFixture({ name: 'reconcile', stores: SPECS, orders: 400 });
});

afterAll(async () => {
	await fx?.stop();
});

/** The suite's `get` on one engine for one store (`route` starts with `/wc-analytics/`). */
function caller(engine: 'DuckDB' | 'ClickHouse', storeId: number): ReportGet {
	return <T>(route: string) =>
		engine === 'DuckDB'
			? fx.getDuck<T>(route.slice(1), storeId)
			: fx.getEngine<T>(route.slice(1), storeId);
}

describe.each([
	[SPECS[0].timeZone, SPECS[0].id, 'DuckDB'],
	[SPECS[0].timeZone, SPECS[0].id, 'ClickHouse'],
	[SPECS[1].timeZone, SPECS[1].id, 'DuckDB'],
	[SPECS[1].timeZone, SPECS[1].id, 'ClickHouse'],
] as const)('a generated store in %s (id %i) reconciles on %s', (_zone, id, engine) => {
	reconcileSuite(
		() => caller(engine, id),
		() => RANGE,
	);
});

/** Each route's answer from the engine equals the store's DuckDB server's (JSON, X-WP-Total). */
async function expectSame(storeId: number, routes: string[]): Promise<void> {
	// Every route at once (reads only).
	await Promise.all(
		routes.map(async (route) => {
			const { click, duck } = await fx.getBoth(`wc-analytics/reports/${route}`, storeId);
			expect([route, duck.status]).toEqual([route, 200]);
			expect([route, click.status, json(click.body)]).toEqual([route, 200, json(duck.body)]);
			expect([route, click.total]).toEqual([route, duck.total]);
		}),
	);
}

const day = (d: string, from = '00:00:00', to = '23:59:59'): string =>
	`after=${d}T${from}&before=${d}T${to}`;

test('New York: the hours of both DST days, the days and weeks around them, equal on both engines', async () => {
	await expectSame(SPECS[0].id, [
		`revenue/stats?interval=hour&${day('2025-03-09')}&per_page=100&order=asc`,
		`orders/stats?interval=hour&${day('2025-11-02')}&per_page=100&order=asc`,
		`revenue/stats?interval=hour&${day('2025-11-02', '00:30:00', '03:15:00')}&per_page=100`,
		'revenue/stats?interval=day&after=2025-03-01T00:00:00&before=2025-03-20T23:59:59&per_page=100',
		'orders/stats?interval=day&after=2025-10-26T12:00:00&before=2025-11-08T06:00:00&per_page=100',
		'revenue/stats?interval=week&after=2025-01-01T00:00:00&before=2025-12-31T23:59:59&per_page=100',
		'products/stats?interval=week&after=2025-10-01T00:00:00&before=2025-11-30T23:59:59&per_page=100',
		'order-times?after=2025-03-01T00:00:00&before=2025-11-30T23:59:59',
		'cohorts?after=2025-06-01T00:00:00&before=2025-12-31T23:59:59&period=week&periods=8',
	]);
});

test('Kiritimati (UTC+14), weeks from Sunday: hours, days, weeks, months, order times and cohorts equal on both engines', async () => {
	await expectSame(SPECS[1].id, [
		`revenue/stats?interval=hour&${day('2025-12-31')}&per_page=100`,
		'revenue/stats?interval=day&after=2025-12-20T00:00:00&before=2026-01-10T23:59:59&per_page=100',
		'orders/stats?interval=week&after=2025-04-01T00:00:00&before=2026-03-31T23:59:59&per_page=100',
		'revenue/stats?interval=week&after=2025-12-24T10:00:00&before=2026-01-14T22:00:00&per_page=100',
		'revenue/stats?interval=month&after=2025-04-01T00:00:00&before=2026-03-31T23:59:59',
		'coupons/stats?interval=week&after=2025-10-01T00:00:00&before=2026-01-31T23:59:59&per_page=100',
		'order-times?after=2025-04-01T00:00:00&before=2026-03-31T23:59:59',
		'cohorts?after=2025-09-01T00:00:00&before=2026-03-31T23:59:59&period=week&periods=6',
		'customers/lifetime?after=2025-04-01T00:00:00&before=2026-03-31T23:59:59',
	]);
	const times = (
		await fx.getEngine<OrderTimes>(
			'wc-analytics/reports/order-times?after=2025-04-01T00:00:00&before=2026-03-31T23:59:59',
			SPECS[1].id,
		)
	).body;
	expect([times.time_zone, times.weekdays[0]]).toEqual(['Pacific/Kiritimati', 0]);
});

interface Interval {
	interval: string;
	date_start_gmt: string;
	date_end_gmt: string;
	subtotals: Record<string, number>;
}

test('orders at the DST edges land in the hours of their wall time, on both engines', async () => {
	const dst = SPECS[2].id;
	const hours = async (d: string): Promise<Interval[]> => {
		const route = `wc-analytics/reports/revenue/stats?interval=hour&${day(d)}&per_page=100&order=asc`;
		const { click, duck } = await fx.getBoth<{ intervals: Interval[] }>(route, dst);
		expect(json(click.body)).toEqual(json(duck.body));
		return click.body.intervals;
	};
	const orders = (list: Interval[]): Array<[string, number]> =>
		list
			.filter((i) => i.subtotals.orders_count)
			.map((i) => [i.interval, i.subtotals.orders_count]);
	// Spring: the order at 01:30 before the jump, the one at 03:30 in the hour after it.
	const spring = await hours('2025-03-09');
	expect(orders(spring)).toEqual([
		['2025-03-09 01', 1],
		['2025-03-09 03', 1],
	]);
	// Autumn: the repeated hour is one interval from its first to its last instant.
	const autumn = await hours('2025-11-02');
	const repeated = autumn.find((i) => i.interval === '2025-11-02 01');
	expect(repeated).toMatchObject({
		date_start_gmt: '2025-11-02 05:00:00',
		date_end_gmt: '2025-11-02 06:59:59',
	});
	expect(orders(autumn)).toEqual([
		['2025-11-02 01', 1],
		['2025-11-02 23', 1],
	]);
	// Days and Sunday-to-Monday: the refund after midnight is Monday's.
	await expectSame(dst, [
		'revenue/stats?interval=day&after=2025-11-01T00:00:00&before=2025-11-04T23:59:59',
		'revenue/stats?interval=week&after=2025-03-01T00:00:00&before=2025-11-30T23:59:59&per_page=100',
		'order-times?after=2025-03-01T00:00:00&before=2025-11-30T23:59:59',
		'cohorts?after=2025-03-01T00:00:00&before=2025-11-30T23:59:59&period=week&periods=4',
	]);
	const days = (
		await fx.getEngine<{ intervals: Interval[] }>(
			'wc-analytics/reports/revenue/stats?interval=day&after=2025-11-01T00:00:00&before=2025-11-04T23:59:59&order=asc',
			dst,
		)
	).body.intervals;
	expect(days.map((i) => [i.interval, i.subtotals.net_revenue])).toEqual([
		['2025-11-01', 0],
		['2025-11-02', 120],
		['2025-11-03', -40],
		['2025-11-04', 0],
	]);
	const times = (
		await fx.getEngine<OrderTimes>(
			'wc-analytics/reports/order-times?after=2025-03-01T00:00:00&before=2025-11-30T23:59:59',
			dst,
		)
	).body;
	const cell = (weekday: number, hour: number): number | undefined =>
		times.cells.find((c) => c.weekday === weekday && c.hour === hour)?.orders_count;
	expect([cell(0, 1), cell(0, 3), cell(0, 23)]).toEqual([2, 1, 1]);
});
