#!/usr/bin/env node
// The engine bench: WooCommerce's analytics against the Abacus engine on the real stack (WordPress
// 6.8.8 + WooCommerce 10.0.2) grown to BENCH_ENGINE_ORDERS orders (default 20,000; seeding stops
// after BENCH_ENGINE_SEED_SECONDS, default 1,200, and the size reached is measured and printed),
// plus the sync rate beside the store's own page time. `--json <file>` writes the figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const jsonArgument = process.argv.indexOf('--json');
const out = path.resolve(
	jsonArgument >= 0
		? process.argv[jsonArgument + 1]
		: path.join(root, 'bench-results', 'engine-latest.json'),
);
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
console.log(
	`\nEngine bench on ${figures.orders.toLocaleString('en-US')} synced orders${figures.orders < figures.target ? ` (the store reached ${figures.orders.toLocaleString('en-US')} of the ${figures.target.toLocaleString('en-US')} asked in ${figures.seedSeconds} s of seeding)` : ''}:`,
);
console.log(
	`sync: ${figures.syncOrdersPerSecond} orders/s (${figures.syncSeconds} s); the store's own page of 100 orders: ${figures.storePageMedianMs} ms median (${figures.syncPageMedianMs} ms during the sync)`,
);
const width = Math.max(...figures.endpoints.map((e) => e.endpoint.length));
console.log(`${'request'.padEnd(width)}  WooCommerce med / p95   engine med / p95   ratio`);
for (const e of figures.endpoints) {
	console.log(
		`${e.endpoint.padEnd(width)}  ${`${e.woocommerceMedianMs} / ${e.woocommerceP95Ms} ms`.padStart(20)}   ${`${e.engineMedianMs} / ${e.engineP95Ms} ms`.padStart(16)}   ${String(e.ratio).padStart(5)}x`,
	);
}
