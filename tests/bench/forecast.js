#!/usr/bin/env node
// `node scripts/bench.js --only forecast`: the forecast method's back-test on the demo store (a
// 50,000-order store made by the demo generator, kept in <BENCH_DIR or .data>/bench-forecast-<n>.duckdb;
// BENCH_FORECAST_ORDERS for another size). For revenue, orders and net sales: rolling origins over
// the last year (each day whose horizon has ended), 7- and 30-day horizons, the MAPE of the
// horizon's sum and the 80 % interval's coverage beside the two naive baselines (same days last
// year; the average of the last four same weekdays), and the verdict (shown only where it beats
// both). The history is read as the wp-admin page reads it (revenue stats by day, 100 days a
// request); the route's answer must carry the same back-test. Also times the method alone (the
// verdict and a month's forecast) and the route (cold: history read and verdict; warm: cached).
// `--json <file>` writes the figures as JSON (what scripts/bench.js reads).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from '../../scripts/command-line.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = `Usage: node tests/bench/forecast.js [--json FILE]
  Back-tests the forecast method on the demo store (7- and 30-day horizons, over the last year).
  --json FILE   also write the figures as JSON
  --help        this text
  BENCH_FORECAST_ORDERS (default 50000), BENCH_DIR (default .data).`;
const { values } = parseCommandLine({ usage: USAGE, options: { json: { type: 'string' } } });
if (values.json === '') usageError('--json needs a file name.', USAGE);
const orders = Number(process.env.BENCH_FORECAST_ORDERS ?? 50_000);
if (!Number.isInteger(orders) || orders < 1)
	usageError('BENCH_FORECAST_ORDERS must be a whole number of orders.', USAGE);
const dataDir = path.resolve(root, process.env.BENCH_DIR ?? '.data');

for (const project of ['packages/metrics', 'server']) {
	const built = spawnSync('npx', ['tsc', '-b', project], { cwd: root, stdio: 'inherit' });
	if (built.status !== 0) process.exit(built.status ?? 1);
}
const forecast = await import(path.join(root, 'packages/metrics/build-module/index.js'));
const { startServer } = await import(path.join(root, 'server/build/index.js'));

const METRICS = [
	['total_sales', 'revenue'],
	['orders_count', 'orders'],
	['net_revenue', 'net sales'],
];
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

fs.mkdirSync(dataDir, { recursive: true });
const file = path.join(dataDir, `bench-forecast-${orders}.duckdb`);
if (!fs.existsSync(file)) console.log(`Generating the ${orders}-order demo store in ${file} …`);
const server = await startServer({ databasePath: file, orders, seed: 1, port: 0, quiet: true });
try {
	const today = new Date().toISOString().slice(0, 10);
	const todayNumber = forecast.dayNumber(today);
	const first = todayNumber - forecast.HISTORY_DAYS;
	// The history as the wp-admin page reads it: revenue stats by day, 100 days a request.
	const history = Object.fromEntries(
		METRICS.map(([m]) => [m, new Array(forecast.HISTORY_DAYS).fill(0)]),
	);
	for (let from = first; from < todayNumber; from += 100) {
		const to = Math.min(todayNumber - 1, from + 99);
		const url = `${server.url}/wp-json/wc-analytics/reports/revenue/stats?interval=day&order=asc&per_page=100&after=${forecast.dayText(from)}T00:00:00&before=${forecast.dayText(to)}T23:59:59&fields=${METRICS.map(([m]) => m).join(',')}`;
		const body = await (await fetch(url)).json();
		for (const interval of body.intervals) {
			const index = forecast.dayNumber(interval.interval) - first;
			for (const [m] of METRICS) history[m][index] = Number(interval.subtotals[m]) || 0;
		}
	}
	const monthStart = `${today.slice(0, 8)}01`;
	const next = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1));
	const monthEnd = forecast.dayText(next.getTime() / 86_400_000 - 1);
	const results = { date: new Date().toISOString(), orders, today, metrics: [] };
	for (const [metric, label] of METRICS) {
		const series = new forecast.DailyHistory(history[metric]);
		const verdictMs = [];
		let judged;
		for (let run = 0; run < 5; run++) {
			const started = performance.now();
			judged = forecast.verdict(series);
			verdictMs.push(performance.now() - started);
		}
		const monthMs = [];
		for (let run = 0; run < 5; run++) {
			const started = performance.now();
			forecast.forecastPeriod({
				history: history[metric],
				firstDay: forecast.dayText(first),
				today,
				periodStart: monthStart,
				periodEnd: monthEnd,
				verdict: judged,
			});
			monthMs.push(performance.now() - started);
		}
		const query = `metric=${metric}&after=${monthStart}T00:00:00&before=${monthEnd}T23:59:59`;
		const routeMs = [];
		let answer;
		for (let run = 0; run < 2; run++) {
			const started = performance.now();
			answer = await (
				await fetch(`${server.url}/wp-json/wc-analytics/reports/forecast?${query}`)
			).json();
			routeMs.push(performance.now() - started);
		}
		const sameAsRoute = judged.backtests.every(
			(b, i) =>
				answer.backtest[i].origins === b.origins &&
				Math.abs(answer.backtest[i].mape.forecast - b.method.mape) < 0.05,
		);
		results.metrics.push({
			metric,
			label,
			shown: judged.shown,
			reason: judged.reason,
			sameAsRoute,
			verdictMedianMs: Math.round(median(verdictMs) * 10) / 10,
			monthForecastMedianMs: Math.round(median(monthMs) * 10) / 10,
			routeColdMs: Math.round(routeMs[0]),
			routeWarmMs: Math.round(routeMs[1]),
			backtests: judged.backtests.map((b) => ({
				horizon: b.horizon,
				origins: b.origins,
				mape: b.method.mape,
				coverage: b.method.coverage,
				sameDaysLastYearMape: b.sameDaysLastYear.mape,
				lastFourWeekdaysMape: b.lastFourWeekdays.mape,
			})),
		});
	}
	const pct = (value) => (value === null ? '—' : `${value.toFixed(1)} %`);
	console.log(
		`\nForecast back-test, ${orders}-order demo store, origins: each day of the last year whose horizon had ended`,
	);
	console.log(
		'| figure | horizon | origins | forecast MAPE | 80 % interval coverage | same days last year MAPE | last four same weekdays MAPE | shown |',
	);
	console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
	for (const m of results.metrics) {
		for (const b of m.backtests) {
			console.log(
				`| ${m.label} | ${b.horizon} days | ${b.origins} | ${pct(b.mape)} | ${pct(b.coverage)} | ${pct(b.sameDaysLastYearMape)} | ${pct(b.lastFourWeekdaysMape)} | ${m.shown ? 'yes' : `no (${m.reason})`} |`,
			);
		}
	}
	for (const m of results.metrics) {
		console.log(
			`${m.label}: verdict ${m.verdictMedianMs} ms, month forecast ${m.monthForecastMedianMs} ms (medians of 5); route cold ${m.routeColdMs} ms, warm ${m.routeWarmMs} ms; route's back-test ${m.sameAsRoute ? 'equals' : 'DIFFERS FROM'} the page's`,
		);
	}
	if (values.json) fs.writeFileSync(values.json, JSON.stringify(results, null, 2));
	if (!results.metrics.every((m) => m.sameAsRoute)) process.exitCode = 1;
} finally {
	await server.close();
}
