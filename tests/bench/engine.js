#!/usr/bin/env node
// The engine bench: WooCommerce's analytics against the Abacus engine on the real stack (WordPress
// 6.8.8 + WooCommerce 10.0.2) holding BENCH_ENGINE_ORDERS orders (default 20,000; the store is kept
// in .data/bench-wp and grown on first use), the sync rate beside the store's own page time and
// from the same pages answered at once, and a sync batch into a 1M-order store (see
// engine/engine.bench.ts). `--json <file>` writes the figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from '../../scripts/command-line.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = `Usage: node tests/bench/engine.js [--json FILE]
  WooCommerce's analytics against the Abacus engine on the real stack (BENCH_ENGINE_ORDERS orders).
  --json FILE   where to write the figures (default bench-results/engine-latest.json)
  --help        this text`;
const { values } = parseCommandLine({ usage: USAGE, options: { json: { type: 'string' } } });
if (values.json === '') usageError('--json needs a file name.', USAGE);
const out = path.resolve(values.json ?? path.join(root, 'bench-results', 'engine-latest.json'));
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.rmSync(out, { force: true });
const result = spawnSync(
	'npx',
	['jest', '-c', 'tests/bench/engine/jest.config.js', '--ci', '--forceExit', '--silent=false'],
	{ cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_ENGINE_JSON: out } },
);
if (result.status !== 0 || !fs.existsSync(out)) {
	console.error('The engine bench failed.');
	process.exit(result.status || 1);
}
const figures = JSON.parse(fs.readFileSync(out, 'utf8'));
const n = (x) => Number(x).toLocaleString('en-US');
console.log(
	`\nEngine bench on ${n(figures.orders)} synced orders of the real store (WordPress 6.8.8 + WooCommerce 10.0.2; seeded through WooCommerce's PHP API in ${n(figures.seedSeconds)} s + its analytics import ${n(figures.importSeconds)} s, kept in .data/bench-wp):`,
);
console.log(
	`sync from the store: ${figures.syncOrdersPerSecond} orders/s (${figures.syncSeconds} s, with the catalogue and the closing id scan); the store's own page of 100 orders: ${figures.storePageMedianMs} ms median alone, ${figures.syncPageMedianMs} ms during the sync (three pages at once)`,
);
console.log(
	`sync from the same pages answered at once (local replay): ${figures.replayOrdersPerSecond} orders/s (${figures.replaySeconds} s; page ${figures.replayPageMedianMs} ms median)`,
);
const width = Math.max(...figures.endpoints.map((e) => e.endpoint.length));
console.log(`${'request'.padEnd(width)}  WooCommerce med / p95   engine med / p95   ratio`);
for (const e of figures.endpoints) {
	console.log(
		`${e.endpoint.padEnd(width)}  ${`${e.woocommerceMedianMs} / ${e.woocommerceP95Ms} ms`.padStart(20)}   ${`${e.engineMedianMs} / ${e.engineP95Ms} ms`.padStart(16)}   ${String(e.ratio).padStart(5)}x`,
	);
}
if (figures.rollups) {
	const r = figures.rollups;
	console.log(
		`a sync batch of ${r.batchOrders} changed orders into a ${n(r.orders)}-order store: ${r.batchMedianMs} ms median, re-deriving the roll-ups of the days it touched; a full roll-up rebuild (what each batch added before): ${r.fullRollupRebuildMedianMs} ms`,
	);
}
