/**
 * Load: concurrent clients ask for a mix of report and stats routes for a bounded time. Every
 * answer must be a success with a JSON body; the latency distribution (median, p95, p99) is printed
 * for the reader (no timed assertion: the figures depend on the machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { type startServer } from '../../server/src/index.js';
import { startCachedServer } from '../support/cached-server.js';

type Started = Awaited<ReturnType<typeof startServer>>;

const CLIENTS = 8;
const DURATION_MS = 5000;
const YEAR = { after: '2025-01-01T00:00:00', before: '2025-12-31T23:59:59' };

const ROUTES: Array<[string, Record<string, string>]> = [
	['/wc-analytics/reports/revenue/stats', { ...YEAR, interval: 'day', per_page: '100' }],
	[
		'/wc-analytics/reports/revenue/stats',
		{ ...YEAR, interval: 'month', 'fields[0]': 'net_revenue' },
	],
	['/wc-analytics/reports/orders/stats', { ...YEAR, interval: 'week' }],
	['/wc-analytics/reports/orders', { ...YEAR, per_page: '25', extended_info: 'true' }],
	['/wc-analytics/reports/products', { ...YEAR, orderby: 'net_revenue', order: 'desc' }],
	['/wc-analytics/reports/products/stats', { ...YEAR, interval: 'month' }],
	['/wc-analytics/reports/categories', { ...YEAR }],
	['/wc-analytics/reports/coupons/stats', { ...YEAR, interval: 'month' }],
	['/wc-analytics/reports/taxes', { ...YEAR }],
	['/wc-analytics/reports/customers', { per_page: '25' }],
	['/wc-analytics/reports/stock', { type: 'lowstock' }],
	[
		'/wc-analytics/reports/performance-indicators',
		{ ...YEAR, 'stats[0]': 'revenue/net_revenue', 'stats[1]': 'orders/orders_count' },
	],
	['/wc-analytics/leaderboards', { ...YEAR, per_page: '5' }],
];

let server: Started;
let tmp: string;

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-load-'));
	// The store server-hardening-work.test.ts starts on too, generated once and copied
	// (tests/support/cached-server.ts): a store of a few thousand orders, as before.
	server = await startCachedServer({
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 2500,
		seed: 6,
		quiet: true,
	});
}, 120000);

afterAll(async () => {
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

it(`serves ${CLIENTS} concurrent clients for ${DURATION_MS / 1000} s without an error`, async () => {
	const base = String(server.url).replace(/\/$/, '');
	const latencies: number[] = [];
	const failures: string[] = [];
	const stopAt = Date.now() + DURATION_MS;
	let next = 0;
	async function client(): Promise<void> {
		while (Date.now() < stopAt) {
			const [route, query] = ROUTES[next++ % ROUTES.length];
			const url = `${base}/wp-json${route}?${new URLSearchParams(query).toString()}`;
			const started = performance.now();
			const response = await fetch(url);
			const text = await response.text();
			latencies.push(performance.now() - started);
			if (response.status !== 200) {
				failures.push(`${response.status} ${route}: ${text.slice(0, 200)}`);
				continue;
			}
			try {
				JSON.parse(text);
			} catch {
				failures.push(`malformed JSON from ${route}`);
			}
		}
	}
	await Promise.all(Array.from({ length: CLIENTS }, client));
	const sorted = [...latencies].sort((a, b) => a - b);
	console.log(
		`load: ${sorted.length} requests from ${CLIENTS} clients in ${DURATION_MS} ms; ` +
			`median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
			`p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
	);
	expect(failures).toEqual([]);
	// Every client got answers throughout (a stuck server would leave only a handful).
	expect(sorted.length).toBeGreaterThan(CLIENTS * 2);
}, 60000);
