#!/usr/bin/env node
// The engine bench: WooCommerce's analytics beside the DuckDB and ClickHouse engines on the real
// stack (WordPress 6.8.8 + WooCommerce 10.0.2) at each size asked (bulk-seeded stores kept in
// .data/bench-wp and reused), the sync rate from each store, each DuckDB answer's floor, and a
// sync batch into a 1M-order store (see engine/engine.bench.ts). `--json <file>` writes the
// figures; `--seed-only` makes the stores and stops (npm run seed-woo).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from '../../scripts/command-line.js';
import { ensureSystemTools } from '../../scripts/ensure-system.js';
import { storeSizes } from './store-sizes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = `Usage: node tests/bench/engine.js [--orders N[,N…]] [--seed-only] [--json FILE]
  WooCommerce's analytics beside the DuckDB and ClickHouse engines on the real stack.
  --orders LIST  store sizes in orders, comma-separated (default 20000; also BENCH_ENGINE_SIZES),
                 e.g. 20000,200000,1000000; each store is bulk-seeded once and kept in .data/bench-wp
  --seed-only    make (or find) the stores, print the seeding figures and stop
  --json FILE    where to write the figures (default bench-results/engine-latest.json)
  --help         this text
  BENCH_ENGINE_RUNS (9), BENCH_ENGINE_SYNC_SECONDS (60), BENCH_ENGINE_ROLLUP=0: see tests/bench/README.md.`;
const { values } = parseCommandLine({
	usage: USAGE,
	options: {
		json: { type: 'string' },
		orders: { type: 'string' },
		'seed-only': { type: 'boolean' },
	},
});
if (values.json === '') usageError('--json needs a file name.', USAGE);
const sizes = storeSizes(values.orders, USAGE);
// On a fresh machine the tools the real stack needs are installed first (as root on Debian).
if (!ensureSystemTools(['WordPress', 'ClickHouse'])) process.exit(1);
const out = path.resolve(values.json ?? path.join(root, 'bench-results', 'engine-latest.json'));
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.rmSync(out, { force: true });
const result = spawnSync(
	'npx',
	[
		'jest',
		'-c',
		'tests/bench/engine/jest.config.js',
		'--ci',
		'--forceExit',
		'--silent=false',
		'tests/bench/engine/engine.bench.ts',
	],
	{
		cwd: root,
		stdio: 'inherit',
		env: {
			...process.env,
			BENCH_ENGINE_JSON: out,
			BENCH_ENGINE_SIZES: sizes,
			...(values['seed-only'] ? { BENCH_ENGINE_SEED_ONLY: '1' } : {}),
		},
	},
);
if (result.status !== 0 || !fs.existsSync(out)) {
	console.error('The engine bench failed.');
	process.exit(result.status || 1);
}
const figures = JSON.parse(fs.readFileSync(out, 'utf8'));
const n = (x) => Number(x).toLocaleString('en-US');
const ms = (median, p95) => (median === null ? 'n/a' : `${median} / ${p95}`);
console.log(
	`\nEngine bench, ${figures.cpus} cores, load average at the start ${figures.loadAverage.join(' ')}:`,
);
for (const store of figures.stores) {
	const seed = store.seed;
	console.log(
		`\n${n(store.orders)} orders (WordPress 6.8.8 + WooCommerce 10.0.2, kept in .data/bench-wp)${
			seed
				? `: bulk-seeded in ${seed.seconds.toFixed(1)} s, ${n(seed.ordersPerSecond)} orders/s (generating ${seed.generateSeconds.toFixed(1)} s, shaping ${seed.shapeSeconds.toFixed(1)} s, loading ${seed.loadSeconds.toFixed(1)} s, indexes ${seed.indexSeconds.toFixed(1)} s; ${n(seed.refunds)} refunds)${seed.cpuSeconds === undefined ? '' : `, ${seed.cpuSeconds.toFixed(1)} CPU seconds: ${n(seed.ordersPerCpuSecond)} orders per CPU second`}`
				: ''
		}`,
	);
	if (!store.endpoints) continue;
	console.log(
		store.syncOrders === undefined
			? `the store's own page of 100 orders ${store.storePageMedianMs} ms; ClickHouse load ${store.clickhouseLoadSeconds} s; sync not measured`
			: `sync from the store: catalogue ${store.syncCatalogueSeconds} s${store.syncCatalogueDone ? '' : ' (not finished: stopped there)'}, then ${store.syncOrdersPerSecond ?? 'n/a'} orders/s (${n(store.syncOrders)} orders in ${store.syncSeconds} s${store.syncComplete ? ', the whole store' : ''}); the store's own page of 100 orders ${store.storePageMedianMs} ms alone, ${store.syncPageMedianMs} ms during the sync (three at once, beside its other requests); ClickHouse load ${store.clickhouseLoadSeconds} s`,
	);
	const width = Math.max(...store.endpoints.map((e) => e.endpoint.length));
	console.log(
		`${'request (median / p95 ms)'.padEnd(width)}  ${'WooCommerce'.padStart(15)}  ${'DuckDB'.padStart(13)}  ${'floor'.padStart(6)}  ${'ClickHouse'.padStart(13)}  Woo/DuckDB  Woo/ClickHouse`,
	);
	for (const e of store.endpoints) {
		console.log(
			`${e.endpoint.padEnd(width)}  ${ms(e.woocommerceMedianMs, e.woocommerceP95Ms).padStart(15)}  ${ms(e.duckdbMedianMs, e.duckdbP95Ms).padStart(13)}  ${String(e.duckdbFloorMedianMs).padStart(6)}  ${ms(e.clickhouseMedianMs, e.clickhouseP95Ms).padStart(13)}  ${`${e.duckdbRatio}x`.padStart(10)}  ${(e.clickhouseRatio === null ? 'n/a' : `${e.clickhouseRatio}x`).padStart(14)}`,
		);
		if (e.clickhouseError) console.log(`  ClickHouse: ${e.clickhouseError}`);
		if (e.netRevenue)
			console.log(
				`  net revenue: WooCommerce ${e.netRevenue.woocommerce}, DuckDB ${e.netRevenue.duckdb}, ClickHouse ${e.netRevenue.clickhouse ?? 'n/a'}`,
			);
	}
}
if (figures.rollups) {
	const r = figures.rollups;
	console.log(
		`\na sync batch of ${r.batchOrders} changed orders into a ${n(r.orders)}-order store: ${r.batchMedianMs} ms median, re-deriving the roll-ups of the days it touched; a full roll-up rebuild (what each batch added before): ${r.fullRollupRebuildMedianMs} ms`,
	);
}
