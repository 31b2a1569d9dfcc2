/**
 * The forecast bench's real-stack leg (tests/bench/forecast.js runs it through jest, for the
 * TypeScript harness): for each size of BENCH_ENGINE_SIZES (default 20000), the bulk-seeded
 * WordPress 6.8.8 + WooCommerce 10.0.2 store of the engine bench (store.ts, kept in
 * `.data/bench-wp/…-bulk-<n>/`, made first when missing) is started and its history read exactly
 * as the wp-admin page reads it on WooCommerce's figures: `GET wc-analytics/reports/revenue/stats`
 * by day, 100 days a request, 800 days before the store's today (its time zone), logged in as the
 * administrator through WooCommerce's REST API (an application password). The histories go to
 * BENCH_FORECAST_WP_JSON; forecast.js back-tests them with the demo store's code. When PHP or
 * MariaDB are missing, or the WordPress stack cannot be prepared (no download, no
 * ABACUS_WP_STACK), the file says so (`skipped`) and the test passes.
 */
import { statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { dayNumber, dayText, HISTORY_DAYS } from '@abacus/metrics';

import { engineStack } from '../../engine/stack.js';
import { CHROMIUM_PATH } from '../../support/chromium.js';
import { missingPrerequisite } from '../../wordpress/harness.js';
import { readHistory, type StoreHistory } from '../forecast-backtest.js';
import { openBenchStore } from './store.js';

const SIZES = (process.env.BENCH_ENGINE_SIZES ?? '20000').split(',').map((s) => Number(s.trim()));
for (const n of SIZES) {
	if (!Number.isInteger(n) || n < 1000)
		throw new Error(
			`BENCH_ENGINE_SIZES: "${n}" is not a whole number of orders of 1000 or more.`,
		);
}

interface StoreFigures extends StoreHistory {
	target: number;
	orders: number;
	refunds: number | null;
	timeZone: string | null;
	/** When the store was seeded (its orders end there): its stamp's time. */
	seededAt: string | null;
	startSeconds: number;
}

const result: {
	date: string;
	cpus: number;
	loadAverage: number[];
	stores: StoreFigures[];
	skipped?: string;
	error?: string;
} = { date: new Date().toISOString(), cpus: os.cpus().length, loadAverage: [], stores: [] };

afterAll(() => {
	result.loadAverage = os.loadavg().map((x) => Math.round(x * 10) / 10);
	const out = process.env.BENCH_FORECAST_WP_JSON;
	if (out) writeFileSync(out, JSON.stringify(result, null, 2));
});

/** Why the real stack cannot run here (Chromium is not needed by this leg), or null. */
function missing(): string | null {
	const reason = missingPrerequisite();
	return reason?.startsWith(CHROMIUM_PATH) ? null : reason;
}

/**
 * A failure to prepare the WordPress stack without its releases at hand: not downloadable, missing
 * from the ABACUS_WP_STACK folder, or other releases than the tests'.
 */
const stackUnavailable = (message: string) =>
	/Cannot download|ABACUS_WP_STACK|answered \d+\.|ENOENT.*\.(tar\.gz|zip)|not the release the tests are written for/.test(
		message,
	);

test(`the forecast's history on the real stack's store at ${SIZES.join(', ')} orders, read as the wp-admin page reads it`, async () => {
	const reason = missing();
	if (reason) {
		result.skipped = reason;
		console.log(`The real stack's store is not back-tested: ${reason}`);
		return;
	}
	for (const size of SIZES) {
		const started = performance.now();
		let bench;
		try {
			bench = await openBenchStore(size, (line) => console.log(line), { bulk: true });
		} catch (error) {
			const message = (error as Error).message;
			if (!stackUnavailable(message)) {
				result.error = message.slice(0, 2000);
				throw error;
			}
			result.skipped = `the WordPress stack could not be prepared: ${message.slice(0, 500)}`;
			console.log(`The real stack's store is not back-tested: ${result.skipped}`);
			return;
		}
		try {
			const startSeconds = Math.round((performance.now() - started) / 100) / 10;
			const stack = engineStack(bench.site);
			const store = stack.phpJson<{ today: string; timeZone: string }>(
				`echo wp_json_encode( array( 'today' => wp_date( 'Y-m-d' ), 'timeZone' => wp_timezone_string() ) ), "\\n";`,
			);
			const auth = stack.appPassword();
			const authorization = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
			const history = await readHistory(
				{ dayNumber, dayText, HISTORY_DAYS },
				store.today,
				async (query) => {
					const url = `${bench.site.url}/wp-json/wc-analytics/reports/revenue/stats?${query}`;
					const response = await fetch(url, {
						headers: { Authorization: authorization },
					});
					const text = await response.text();
					if (!response.ok)
						throw new Error(
							`wc-analytics/reports/revenue/stats answered ${response.status}: ${text.slice(0, 300)}`,
						);
					return JSON.parse(text) as {
						intervals?: Array<{
							interval: string;
							subtotals?: Record<string, unknown>;
						}>;
					};
				},
			);
			result.stores.push({
				...history,
				target: size,
				orders: bench.stamp.orders,
				refunds: bench.stamp.bulk?.refunds ?? null,
				timeZone: store.timeZone,
				seededAt: statSync(path.join(bench.dir, 'store.json')).mtime.toISOString(),
				startSeconds,
			});
			console.log(
				`${bench.stamp.orders} orders: ${history.requests} requests of revenue stats by day in ${history.ms} ms (${store.timeZone}, today ${store.today}).`,
			);
		} catch (error) {
			result.error = (error as Error).message.slice(0, 2000);
			throw error;
		} finally {
			await bench.site.close();
		}
	}
});
