#!/usr/bin/env node
// The page-level bench inside wp-admin: WooCommerce Analytics, Abacus on WooCommerce's figures and
// Abacus on the engine, each page beside a bare wp-admin page, on the engine bench's bulk-seeded
// stores (see engine/pages.bench.ts). `--json <file>` writes the figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from '../../scripts/command-line.js';
import { ensureSystemTools } from '../../scripts/ensure-system.js';
import { storeSizes } from './store-sizes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = `Usage: node tests/bench/pages.js [--orders N[,N…]] [--json FILE]
  Report pages inside wp-admin (WooCommerce Analytics, Abacus on WooCommerce's figures, Abacus on
  the engine) beside a bare wp-admin page, cold loads in Chromium, to the first data row, each
  followed by the same page loaded again in its tab (its caches warm).
  --orders LIST  store sizes in orders (default 20000; also BENCH_ENGINE_SIZES); the stores are the
                 engine bench's, bulk-seeded once and kept in .data/bench-wp
  --json FILE    where to write the figures (default bench-results/pages-latest.json)
  --help         this text
  BENCH_PAGES_RUNS (5): loads of each page after a first one that is not counted.
  BENCH_PAGES_BROWSER (/usr/bin/chromium): the browser to load them in.`;
const { values } = parseCommandLine({
	usage: USAGE,
	options: { json: { type: 'string' }, orders: { type: 'string' } },
});
if (values.json === '') usageError('--json needs a file name.', USAGE);
const sizes = storeSizes(values.orders, USAGE);
// On a fresh machine the tools the real stack needs are installed first (as root on Debian).
if (!ensureSystemTools(['Chromium', 'WordPress'])) process.exit(1);
const out = path.resolve(values.json ?? path.join(root, 'bench-results', 'pages-latest.json'));
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
		'tests/bench/engine/pages.bench.ts',
	],
	{
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, BENCH_PAGES_JSON: out, BENCH_ENGINE_SIZES: sizes },
	},
);
if (result.status !== 0 || !fs.existsSync(out)) {
	console.error('The pages bench failed.');
	process.exit(result.status || 1);
}
const figures = JSON.parse(fs.readFileSync(out, 'utf8'));
console.log(
	`\nPages inside wp-admin, ${figures.browser ? `Chromium ${figures.browser.version} (${figures.browser.path}), ` : ''}${figures.cpus} cores, load average at the end ${figures.loadAverage
		.map((x) => x.toFixed(1))
		.join(
			' ',
		)}, ${figures.runs} cold loads each (median / p95 ms to the first data row; the bare page to its load event; "× bare in round": the median of each load over the bare page's load of its round), each followed by the same page loaded again in its tab ("again": the browser's caches and the tab's process warm, as on a merchant's next visit):`,
);
for (const store of figures.stores) {
	console.log(`\n${Number(store.orders).toLocaleString('en-US')} orders`);
	const width = Math.max(...store.pages.map((p) => p.page.length));
	console.log(
		`${'page'.padEnd(width)}  ${'median / p95'.padStart(13)}  REST  × bare page  × bare in round  ${'again: median / p95'.padStart(20)}  × bare  × in round`,
	);
	for (const p of store.pages) {
		const again = p.again
			? `  ${`${p.again.medianMs} / ${p.again.p95Ms}`.padStart(20)}  ${`${p.again.ratioToBare}×`.padStart(6)}  ${`${p.again.ratioInRound}×`.padStart(10)}`
			: '';
		console.log(
			`${p.page.padEnd(width)}  ${`${p.medianMs} / ${p.p95Ms}`.padStart(13)}  ${String(p.restRequests).padStart(4)}  ${`${p.ratioToBare}×`.padStart(11)}  ${`${p.ratioInRound}×`.padStart(15)}${again}`,
		);
	}
}
