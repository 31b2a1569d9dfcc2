/**
 * GET wc-analytics/reports/forecast on the demo server (validation, figures against revenue
 * stats, the verdict's rule) and on an engine (a store token or nothing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { signEngineToken } from '../../engine-auth/index.js';
import { startServer } from '../../index.js';

type Server = Awaited<ReturnType<typeof startServer>>;

interface ForecastBody {
	metric: string;
	today: string;
	period: { start: string; end: string };
	shown: boolean;
	reason: string;
	backtest: Array<{
		horizon_days: number;
		origins: number;
		mape: { forecast: number; same_days_last_year: number; last_four_weekdays: number };
		coverage: number;
	}>;
	actual: number | null;
	forecast: { value: number; lower: number; upper: number } | null;
	days: Array<{ date: string; value: number; lower: number; upper: number }>;
	interval: string;
	intervals: Array<{
		date: string;
		date_end: string;
		actual: number;
		partial: boolean;
		value: number;
		lower: number;
		upper: number;
	}>;
}

const ROUTE = '/wp-json/wc-analytics/reports/forecast';

let demo: Server;
/** The demo store's today (its time zone is UTC). */
const today = new Date().toISOString().slice(0, 10);

function addDays(day: string, days: number): string {
	return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
	demo = await startServer({ orders: 20_000, port: 0, seed: 5, quiet: true });
}, 300_000);

afterAll(async () => {
	await demo?.close();
});

async function get(query: string, server: Server = demo, headers: Record<string, string> = {}) {
	const response = await fetch(`${server.url}${ROUTE}?${query}`, { headers });
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the forecast route on the demo server', () => {
	it('forecasts this month: known days plus the forecast of the rest, within its interval', async () => {
		const start = `${today.slice(0, 8)}01`;
		const end = addDays(`${addDays(start, 40).slice(0, 8)}01`, -1);
		const { status, body } = await get(
			`metric=net_revenue&after=${start}T00:00:00&before=${end}T23:59:59`,
		);
		expect(status).toBe(200);
		const forecast = body as unknown as ForecastBody;
		expect(forecast.today).toBe(today);
		expect(forecast.period).toEqual({ start, end });
		expect(forecast.backtest.map((b) => b.horizon_days)).toEqual([7, 30]);
		// Shown exactly when it beat both baselines at both horizons.
		const beats = forecast.backtest.every(
			(b) =>
				b.mape.forecast < b.mape.same_days_last_year &&
				b.mape.forecast < b.mape.last_four_weekdays,
		);
		expect(forecast.shown).toBe(beats);
		if (!forecast.shown || !forecast.forecast || forecast.actual === null) {
			throw new Error(`The 20,000-order demo store got no forecast: ${forecast.reason}`);
		}
		// The known days are revenue stats' net sales from the 1st to yesterday.
		if (start < today) {
			const stats = await fetch(
				`${demo.url}/wp-json/wc-analytics/reports/revenue/stats?interval=month&after=${start}T00:00:00&before=${addDays(today, -1)}T23:59:59`,
			);
			const totals = ((await stats.json()) as { totals: { net_revenue: number } }).totals;
			expect(forecast.actual).toBeCloseTo(totals.net_revenue, 1);
		}
		expect(forecast.days[0].date).toBe(today);
		expect(forecast.days[forecast.days.length - 1].date).toBe(end);
		const rest = forecast.days.reduce((sum, d) => sum + d.value, 0);
		expect(forecast.forecast.value).toBeCloseTo(forecast.actual + rest, 0);
		expect(forecast.forecast.lower).toBeLessThan(forecast.forecast.value);
		expect(forecast.forecast.upper).toBeGreaterThan(forecast.forecast.value);
		for (const day of forecast.days) {
			expect(day.lower).toBeLessThanOrEqual(day.value);
			expect(day.upper).toBeGreaterThanOrEqual(day.value);
		}
	}, 120_000);

	it('forecasts a future period from its first day, with nothing known yet', async () => {
		const start = addDays(today, 10);
		const end = addDays(today, 16);
		const { status, body } = await get(
			`metric=orders_count&after=${start}T00:00:00&before=${end}T23:59:59`,
		);
		expect(status).toBe(200);
		const forecast = body as unknown as ForecastBody;
		expect(forecast.actual).toBe(0);
		expect(forecast.days.map((d) => d.date)).toEqual(
			Array.from({ length: 7 }, (_, i) => addDays(start, i)),
		);
	}, 120_000);

	it.each(['week', 'month'])(
		'forecasts by %s on the buckets revenue stats draws for the same range',
		async (interval) => {
			// This month and the next two: a range reaching into the future, as a chart asks it.
			const start = `${today.slice(0, 8)}01`;
			const end = addDays(`${addDays(start, 85).slice(0, 8)}01`, -1);
			const range = `after=${start}T00:00:00&before=${end}T23:59:59&interval=${interval}`;
			const { status, body } = await get(`metric=total_sales&${range}`);
			expect(status).toBe(200);
			const forecast = body as unknown as ForecastBody;
			expect(forecast.interval).toBe(interval);
			const stats = (await (
				await fetch(
					`${demo.url}/wp-json/wc-analytics/reports/revenue/stats?${range}&per_page=100&order=asc`,
				)
			).json()) as {
				intervals: Array<{
					date_start: string;
					date_end: string;
					subtotals: { total_sales: number };
				}>;
			};
			// The chart's buckets not over yet, each at the x position the chart gives it.
			const open = stats.intervals.filter((b) => b.date_end.slice(0, 10) >= today);
			expect(forecast.intervals.map((b) => [b.date, b.date_end])).toEqual(
				open.map((b) => [b.date_start.slice(0, 10), b.date_end.slice(0, 10)]),
			);
			expect(forecast.intervals[0].partial).toBe(open[0].date_start.slice(0, 10) < today);
			const days = new Map(forecast.days.map((d) => [d.date, d.value]));
			for (const bucket of forecast.intervals) {
				let rest = 0;
				for (let d = bucket.date; d <= bucket.date_end; d = addDays(d, 1)) {
					rest += d >= today ? (days.get(d) as number) : 0;
				}
				expect(bucket.value).toBeCloseTo(bucket.actual + rest, 0);
				expect(bucket.lower).toBeLessThanOrEqual(bucket.value);
				expect(bucket.upper).toBeGreaterThanOrEqual(bucket.value);
				expect(bucket.lower).toBeLessThan(bucket.upper);
			}
			// The bucket holding today: its known days are what revenue stats counts before today.
			if (forecast.intervals[0].partial) {
				const known = (await (
					await fetch(
						`${demo.url}/wp-json/wc-analytics/reports/revenue/stats?interval=${interval}&after=${forecast.intervals[0].date}T00:00:00&before=${addDays(today, -1)}T23:59:59`,
					)
				).json()) as { totals: { total_sales: number } };
				expect(forecast.intervals[0].actual).toBeCloseTo(known.totals.total_sales, 1);
			}
		},
		120_000,
	);

	it('answers by day unless an interval is asked', async () => {
		const end = addDays(today, 6);
		const { body } = await get(
			`metric=orders_count&after=${today}T00:00:00&before=${end}T23:59:59`,
		);
		const forecast = body as unknown as ForecastBody;
		expect(forecast.interval).toBe('day');
		expect(forecast.intervals.map((b) => b.date)).toEqual(forecast.days.map((d) => d.date));
	}, 120_000);

	it('refuses an interval it cannot bucket by, saying which ones it can', async () => {
		const { status, body } = await get(
			`metric=orders_count&after=${today}T00:00:00&before=${addDays(today, 6)}T23:59:59&interval=fortnight`,
		);
		expect(status).toBe(400);
		expect(body.code).toBe('rest_invalid_param');
		expect(JSON.stringify(body.data)).toContain('interval');
		expect(String(body.message)).toMatch(/interval/);
		expect(JSON.stringify(body)).toMatch(/day, week, month, quarter,? (and |or )?year/);
	});

	it.each([
		['metric=net_revenue&before=2099-01-01T00:00:00', 'rest_missing_callback_param', 'after'],
		[
			`metric=profit&after=${today}T00:00:00&before=${today}T23:59:59`,
			'rest_invalid_param',
			'metric',
		],
		[
			'metric=orders_count&after=2020-01-01T00:00:00&before=2020-01-31T23:59:59',
			'rest_invalid_param',
			'before',
		],
		[
			`metric=orders_count&after=${today}T00:00:00&before=${addDays(today, 400)}T23:59:59`,
			'rest_invalid_param',
			'before',
		],
		[
			`metric=orders_count&after=${today}T00:00:00&before=not-a-date`,
			'rest_invalid_param',
			'before',
		],
	])('refuses %s naming what was wrong', async (query, code, param) => {
		const { status, body } = await get(query);
		expect(status).toBe(400);
		expect(body.code).toBe(code);
		expect(JSON.stringify(body.data)).toContain(param);
	});
});

describe('the forecast route on an engine', () => {
	const STORE = 'http://127.0.0.1:18432';
	const SECRET = 'a-shared-secret-of-32-characters';
	let engine: Server;
	let tmp: string;

	beforeAll(async () => {
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-forecast-engine-'));
		engine = await startServer({
			databasePath: path.join(tmp, 'store.duckdb'),
			port: 0,
			orders: 300,
			seed: 3,
			quiet: true,
			engineStores: [{ url: STORE, secret: SECRET }],
			sync: false,
		});
	}, 300_000);

	afterAll(async () => {
		await engine?.close();
		if (tmp) rmSync(tmp, { recursive: true, force: true });
	});

	const query = () =>
		`metric=total_sales&after=${today}T00:00:00&before=${addDays(today, 6)}T23:59:59`;

	it('answers 401 without a token', async () => {
		const { status, body } = await get(query(), engine);
		expect(status).toBe(401);
		expect(body.code).toBe('abacus_engine_token_missing');
		expect(JSON.stringify(body)).not.toContain('backtest');
	}, 60_000);

	it("answers the store's page with its token", async () => {
		const now = Math.floor(Date.now() / 1000);
		const token = signEngineToken(
			{
				store: STORE,
				sub: 1,
				cap: 'view_woocommerce_reports',
				iat: now,
				exp: now + 900,
				aud: engine.url,
			},
			SECRET,
		);
		const { status, body } = await get(query(), engine, {
			Authorization: `Bearer ${token}`,
			Origin: STORE,
		});
		expect(status).toBe(200);
		const forecast = body as unknown as ForecastBody;
		expect(forecast.metric).toBe('total_sales');
		expect(forecast.period).toEqual({ start: today, end: addDays(today, 6) });
		expect(forecast.backtest.map((b) => b.horizon_days)).toEqual([7, 30]);
		expect(forecast.forecast === null).toBe(!forecast.shown);
	}, 120_000);
});
