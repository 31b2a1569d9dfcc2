#!/usr/bin/env node
// `npm run bench:server`: response times of the main report endpoints on generated stores of
// 10k, 100k and 1M orders (BENCH_SIZES=10000,100000 to choose). Stores are kept in
// <BENCH_DIR or .data>/bench-<n>.duckdb and reused. Every request is computed afresh (a unique
// parameter keeps the report cache out of the measurement); figures are median and p95 over warm
// runs. `--json <file>` also writes {results: [{orders, endpoint, medianMs, p95Ms, floorMs, statements}]} to the file
// (what `npm run bench` reads). BENCH_ENDPOINTS=<substring> measures only matching endpoints.
// Beside each time, its floor (floor.js): the statements the endpoint ran during the warm-up, run
// again alone one after the other on the server's database (median over the same runs), and how
// many they are (an answer made without a statement, the indicators from the running totals the
// server keeps: the server's smallest answer, the allowed indicators); `ratio` is the answer's
// time over its floor.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from '../../scripts/command-line.js';
import { withFloor } from './floor.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000')
	.split(',')
	.map((s) => Number(s.trim()))
	.filter((n) => Number.isInteger(n) && n > 0);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const dataDir = path.resolve(root, process.env.BENCH_DIR ?? '.data');
const USAGE = `Usage: npm run bench:server -- [--json FILE]
  Response times of the main report endpoints on generated stores of 10k, 100k and 1M orders.
  --json FILE   also write the figures as JSON
  --help        this text
  BENCH_SIZES=10000,100000, BENCH_RUNS, BENCH_DIR, BENCH_ENDPOINTS=<substring>: see the README.`;
const { values } = parseCommandLine({ usage: USAGE, options: { json: { type: 'string' } } });
if (values.json === '') usageError('--json needs a file name.', USAGE);
const jsonFile = values.json;

// Always build: the server's compiled output must match its sources for the figures to mean anything.
const built = spawnSync('npx', ['tsc', '-b', 'server'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const { Db } = await import(path.join(root, 'server/build/core/db.js'));
const { generateStore } = await import(path.join(root, 'server/build/demo/generate.js'));
const { startServer } = await import(path.join(root, 'server/build/index.js'));

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const yearRange = `after=${day(-365)}T00:00:00&before=${day(0)}T23:59:59`;
const monthRange = `after=${day(-30)}T00:00:00&before=${day(0)}T23:59:59`;
const dayRange = `after=${day(-1)}T00:00:00&before=${day(-1)}T23:59:59`;
const ENDPOINTS = [
	[
		'revenue stats, a day by hour',
		`/wc-analytics/reports/revenue/stats?${dayRange}&interval=hour&order=asc&per_page=100`,
	],
	[
		'revenue chart, year by day',
		`/wc-analytics/reports/revenue/stats?${yearRange}&interval=day&order=asc&per_page=100&fields=gross_sales,refunds,coupons,net_revenue,taxes,shipping,total_sales`,
	],
	[
		'revenue stats, all fields',
		`/wc-analytics/reports/revenue/stats?${yearRange}&interval=day&order=asc&per_page=100`,
	],
	[
		'orders stats, year by week',
		`/wc-analytics/reports/orders/stats?${yearRange}&interval=week&order=asc&per_page=100&fields=orders_count,net_revenue,avg_order_value,avg_items_per_order`,
	],
	[
		'products report, page 1',
		`/wc-analytics/reports/products?${yearRange}&orderby=items_sold&order=desc&per_page=25&extended_info=true`,
	],
	['performance indicators, month', `/wc-analytics/reports/performance-indicators?${monthRange}`],
	[
		'leaderboards, month',
		`/wc-analytics/leaderboards?${monthRange}&per_page=5&persisted_query=%7B%7D`,
	],
	[
		'customers report, page 1',
		`/wc-analytics/reports/customers?orderby=date_last_active&order=desc&per_page=25`,
	],
];

function quantile(sorted, q) {
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const only = process.env.BENCH_ENDPOINTS;
// The load average at the start and at the end are printed beside the figures: on a busy machine
// every figure is several times what a quiet one shows.
const loadAtStart = os.loadavg();
const results = [];
let counter = 0;
for (const size of sizes) {
	const file = path.join(dataDir, `bench-${size}.duckdb`);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	if (!fs.existsSync(file)) {
		const started = Date.now();
		const db = await Db.open(file);
		await generateStore(db, { orders: size, seed: 1 });
		db.close();
		console.log(
			`Generated ${size} orders in ${((Date.now() - started) / 1000).toFixed(1)} s (${(fs.statSync(file).size / 1048576).toFixed(0)} MB).`,
		);
	}
	const server = await startServer({ databasePath: file, quiet: true });
	try {
		for (const [name, route] of ENDPOINTS) {
			if (only && !name.includes(only)) continue;
			const call = async () => {
				const t = performance.now();
				const res = await fetch(`${server.url}/wp-json${route}&_bench=${++counter}`);
				await res.arrayBuffer();
				if (res.status !== 200) throw new Error(`${route} answered ${res.status}`);
				return performance.now() - t;
			};
			// Warm-up; the last warm-up request's statements are recorded for the floor (the
			// first request after start also reads what the server keeps afterwards).
			for (let i = 0; i < 4; i++) await call();
			// An answer made without a statement: its floor is the server's smallest answer.
			const bare = async () => {
				const res = await fetch(
					`${server.url}/wp-json/wc-analytics/reports/performance-indicators/allowed?_bench=${++counter}`,
				);
				await res.arrayBuffer();
			};
			const floor = await withFloor(
				server.ctx.db,
				async () => {
					await call();
				},
				bare,
			);
			const times = [];
			const floors = [];
			for (let i = 0; i < RUNS; i++) {
				times.push(await call());
				floors.push(await floor.run());
			}
			times.sort((a, b) => a - b);
			floors.sort((a, b) => a - b);
			results.push({
				size,
				name,
				median: quantile(times, 0.5),
				p95: quantile(times, 0.95),
				floor: quantile(floors, 0.5),
				statements: floor.statements,
			});
		}
	} finally {
		await server.close();
	}
}

const pad = (s, n) => String(s).padEnd(n);
console.log(
	`\n${pad('orders', 10)}${pad('endpoint', 34)}${pad('median ms', 12)}${pad('p95 ms', 10)}${pad('floor ms', 10)}${pad('statements', 12)}ratio`,
);
for (const r of results) {
	console.log(
		`${pad(r.size, 10)}${pad(r.name, 34)}${pad(r.median.toFixed(1), 12)}${pad(r.p95.toFixed(1), 10)}${pad(r.floor.toFixed(1), 10)}${pad(r.statements, 12)}${(r.median / Math.max(0.1, r.floor)).toFixed(1)}`,
	);
}
const loads = (l) => l.map((x) => x.toFixed(1)).join(' ');
console.log(`Load average: ${loads(os.loadavg())} (at the start: ${loads(loadAtStart)})`);
if (jsonFile) {
	const round = (ms) => Math.round(ms * 10) / 10;
	fs.mkdirSync(path.dirname(path.resolve(jsonFile)), { recursive: true });
	fs.writeFileSync(
		jsonFile,
		JSON.stringify(
			{
				date: new Date().toISOString(),
				runs: RUNS,
				loadAverage: { start: loadAtStart, end: os.loadavg() },
				results: results.map((r) => ({
					orders: r.size,
					endpoint: r.name,
					medianMs: round(r.median),
					p95Ms: round(r.p95),
					floorMs: round(r.floor),
					statements: r.statements,
				})),
			},
			null,
			2,
		),
	);
	console.log(`Written to ${jsonFile}`);
}
