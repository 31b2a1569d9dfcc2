#!/usr/bin/env node
// `node scripts/bench.js --only forecast`: the forecast method's back-test on two stores.
// - The demo store: a 50,000-order store made by the demo generator, kept in
//   <BENCH_DIR or .data>/bench-forecast-<n>.duckdb (BENCH_FORECAST_ORDERS for another size), its
//   history read from the Abacus server; the route `reports/forecast` must answer the same
//   back-test. Also times the method alone (the verdict and a month's forecast) and the route
//   (cold: history read and verdict; warm: cached).
// - The real stack's store (engine/forecast.bench.ts through jest): the engine bench's bulk-seeded
//   WordPress 6.8.8 + WooCommerce 10.0.2 store of each size in --orders (default 20000; kept in
//   .data/bench-wp), its history read from WooCommerce's own revenue stats as the administrator.
//   Without PHP, MariaDB or the WordPress stack it says so and the demo store is still measured.
// Both histories are read as the wp-admin page reads them (revenue stats by day, 100 days a
// request, 800 days) and back-tested by the same code (forecast-backtest.js): for revenue, orders
// and net sales, rolling origins over the last year (each day whose horizon has ended), 7- and
// 30-day horizons, the MAPE of the horizon's sum and the 80 % interval's coverage beside the two
// naive baselines (same days last year; the average of the last four same weekdays), and the
// verdict (shown only where it beats both). `--json <file>` writes the figures as JSON (what
// scripts/bench.js reads).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from '../../scripts/command-line.js';
import { ensureSystemTools } from '../../scripts/ensure-system.js';
import {
	backtestHistory,
	printBacktest,
	printPageVerdict,
	readHistory,
} from './forecast-backtest.js';
import { storeSizes } from './store-sizes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = `Usage: node tests/bench/forecast.js [--orders N[,N…]] [--demo-only] [--json FILE]
  Back-tests the forecast method (7- and 30-day horizons, over the last year) on the demo store and
  on the real stack's store (WordPress + WooCommerce, bulk-seeded, read through WooCommerce's REST API).
  --orders LIST  the real stack's store sizes in orders (default 20000; also BENCH_ENGINE_SIZES);
                 each store is bulk-seeded once and kept in .data/bench-wp (the engine bench's)
  --demo-only    leave the real stack's store out
  --json FILE    also write the figures as JSON
  --help         this text
  BENCH_FORECAST_ORDERS (the demo store, default 50000), BENCH_DIR (default .data).`;
const { values } = parseCommandLine({
	usage: USAGE,
	options: {
		json: { type: 'string' },
		orders: { type: 'string' },
		'demo-only': { type: 'boolean' },
	},
});
if (values.json === '') usageError('--json needs a file name.', USAGE);
const sizes = storeSizes(values.orders, USAGE);
const orders = Number(process.env.BENCH_FORECAST_ORDERS ?? 50_000);
if (!Number.isInteger(orders) || orders < 1)
	usageError('BENCH_FORECAST_ORDERS must be a whole number of orders.', USAGE);
const dataDir = path.resolve(root, process.env.BENCH_DIR ?? '.data');
// The real stack's store needs MariaDB and PHP (installed on a fresh machine, as root on Debian).
if (!values['demo-only'] && !ensureSystemTools(['WordPress'])) process.exit(1);

for (const project of ['packages/metrics', 'server']) {
	const built = spawnSync('npx', ['tsc', '-b', project], { cwd: root, stdio: 'inherit' });
	if (built.status !== 0) process.exit(built.status ?? 1);
}
const forecast = await import(path.join(root, 'packages/metrics/build-module/index.js'));
const { startServer } = await import(path.join(root, 'server/build/index.js'));

const n = (x) => Number(x).toLocaleString('en-US');
const load = () =>
	os
		.loadavg()
		.map((x) => x.toFixed(1))
		.join(' ');

// The demo store, on the Abacus server.
fs.mkdirSync(dataDir, { recursive: true });
const file = path.join(dataDir, `bench-forecast-${orders}.duckdb`);
if (!fs.existsSync(file)) console.log(`Generating the ${orders}-order demo store in ${file} …`);
const loadBefore = load();
const server = await startServer({ databasePath: file, orders, seed: 1, port: 0, quiet: true });
let results;
try {
	const today = new Date().toISOString().slice(0, 10);
	const history = await readHistory(forecast, today, async (query) =>
		(await fetch(`${server.url}/wp-json/wc-analytics/reports/revenue/stats?${query}`)).json(),
	);
	const demo = backtestHistory(forecast, history);
	// The route asked for the month, as the page asks it.
	const monthStart = `${today.slice(0, 8)}01`;
	const next = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
	const monthEnd = forecast.dayText(next / 86_400_000 - 1);
	results = {
		date: new Date().toISOString(),
		cpus: os.cpus().length,
		orders,
		today,
		loadAverage: { before: loadBefore },
		metrics: demo.metrics,
	};
	for (const m of results.metrics) {
		const query = `metric=${m.metric}&after=${monthStart}T00:00:00&before=${monthEnd}T23:59:59`;
		const routeMs = [];
		let answer;
		for (let run = 0; run < 2; run++) {
			const started = performance.now();
			answer = await (
				await fetch(`${server.url}/wp-json/wc-analytics/reports/forecast?${query}`)
			).json();
			routeMs.push(performance.now() - started);
		}
		m.sameAsRoute = m.backtests.every(
			(b, i) =>
				answer.backtest[i].origins === b.origins &&
				Math.abs(answer.backtest[i].mape.forecast - b.mape) < 0.05,
		);
		m.routeColdMs = Math.round(routeMs[0]);
		m.routeWarmMs = Math.round(routeMs[1]);
	}
	results.loadAverage.after = load();
} finally {
	await server.close();
}

// The real stack's stores, through jest (the WordPress harness is TypeScript).
const realStack = { sizes: sizes.split(',').map(Number), stores: [] };
results.realStack = realStack;
if (values['demo-only']) {
	realStack.skipped = 'left out (--demo-only)';
} else {
	const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-forecast-')), 'wp.json');
	realStack.loadAverage = { before: load() };
	const run = spawnSync(
		'npx',
		[
			'jest',
			'-c',
			'tests/bench/engine/jest.config.js',
			'--ci',
			'--forceExit',
			'--silent=false',
			'tests/bench/engine/forecast.bench.ts',
		],
		{
			cwd: root,
			stdio: 'inherit',
			env: { ...process.env, BENCH_FORECAST_WP_JSON: out, BENCH_ENGINE_SIZES: sizes },
		},
	);
	realStack.loadAverage.after = load();
	const read = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : null;
	fs.rmSync(path.dirname(out), { recursive: true, force: true });
	if (read?.skipped) realStack.skipped = read.skipped;
	if (run.status !== 0 || !read)
		realStack.error =
			read?.error ?? `the real stack's leg (jest) stopped with exit code ${run.status}`;
	for (const store of read?.stores ?? []) {
		const tested = backtestHistory(forecast, store);
		realStack.stores.push({
			orders: store.orders,
			target: store.target,
			refunds: store.refunds,
			timeZone: store.timeZone,
			seededAt: store.seededAt,
			today: store.today,
			startSeconds: store.startSeconds,
			historyRequests: store.requests,
			historyReadMs: store.ms,
			metrics: tested.metrics,
		});
	}
}

printBacktest(
	`Forecast back-test, ${n(orders)}-order demo store (the Abacus server), origins: each day of the last year whose horizon had ended; load average ${results.loadAverage.before} before, ${results.loadAverage.after} after, ${results.cpus} cores`,
	results,
);
console.log(`On that store (today ${results.today}):`);
printPageVerdict(results);
for (const m of results.metrics) {
	console.log(
		`${m.label}: verdict ${m.verdictMedianMs} ms, month forecast ${m.monthForecastMedianMs} ms (medians of 5); route cold ${m.routeColdMs} ms, warm ${m.routeWarmMs} ms; route's back-test ${m.sameAsRoute ? 'equals' : 'DIFFERS FROM'} the page's`,
	);
}
for (const store of realStack.stores) {
	printBacktest(
		`Forecast back-test, the real stack's store: WordPress 6.8.8 + WooCommerce 10.0.2, ${n(store.orders)} orders (${n(store.refunds ?? 0)} refunds) bulk-seeded ${store.seededAt?.slice(0, 16).replace('T', ' ')} UTC, ${store.timeZone}; history from WooCommerce's wc-analytics/reports/revenue/stats as the administrator (${store.historyRequests} requests at once, ${store.historyReadMs} ms); load average ${realStack.loadAverage.before} before, ${realStack.loadAverage.after} after`,
		store,
	);
	console.log(`On that store, inside wp-admin on WooCommerce's figures (today ${store.today}):`);
	printPageVerdict(store);
}
if (realStack.skipped)
	console.log(`\nThe real stack's store was not back-tested: ${realStack.skipped}`);
if (realStack.error)
	console.log(`\nThe real stack's store could not be back-tested: ${realStack.error}`);
if (values.json) fs.writeFileSync(values.json, JSON.stringify(results, null, 2));
if (!results.metrics.every((m) => m.sameAsRoute) || realStack.error) process.exitCode = 1;
