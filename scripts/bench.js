/**
 * `npm run bench`: every performance figure of Abacus in one table, also written as JSON to
 * bench-results/<date>.json. Sections: bundle sizes, server endpoints (10k/100k/1M orders; limit with
 * BENCH_SIZES=10000,100000), the revenue report and dashboard in Chromium against a 100k-order
 * store, and components alone in Chromium. Run a subset with `--only bundle,components,browser,server`
 * (or BENCH_ONLY=...); the server section is the longest (it generates the stores on first run).
 * `engine` (tests/bench/engine.js): WooCommerce's analytics beside the DuckDB and ClickHouse engines on
 * the real stack, bulk-seeded stores of the sizes in `--orders` (default 20000).
 * `pages` (tests/bench/pages.js): inside wp-admin on the same stores, WooCommerce Analytics, Abacus on
 * WooCommerce's figures and Abacus on the engine (revenue, products) beside a bare admin page.
 * `clickhouse` (tests/bench/clickhouse.js): 100 stores x 100k orders on a two-shard ClickHouse cluster
 * (one generated store, copied inside ClickHouse), the Overview's requests over HTTP beside DuckDB
 * (BENCH_CH_STORES, BENCH_CH_ORDERS, BENCH_CH_SAMPLE make it smaller).
 * `forecast` (tests/bench/forecast.js): the forecast method's back-test on the demo store and on the
 * real stack's bulk-seeded WooCommerce store of each size in `--orders` (MAPE and 80 % interval
 * coverage at 7 and 30 days beside two naive baselines, whether it is shown) and its time.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from './command-line.js';
import { ensureSystemTools } from './ensure-system.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECTIONS = [
	'bundle',
	'components',
	'browser',
	'server',
	'engine',
	'pages',
	'clickhouse',
	'forecast',
];
const USAGE = `Usage: npm run bench -- [--only ${SECTIONS.join(',')}] [--orders N[,N…]]
  Measures every performance figure and writes bench-results/<date>.json.
  --only LIST   only these sections (comma-separated; also BENCH_ONLY)
  --orders LIST the real stack's store sizes of the engine, pages and forecast sections
                (default 20000; e.g. 20000,200000,1000000)
  --help        this text
  BENCH_SIZES, BENCH_RUNS, BENCH_DIR, BENCH_CH_*: see tests/bench/README.md.`;
const { values } = parseCommandLine({
	usage: USAGE,
	options: { only: { type: 'string' }, orders: { type: 'string' } },
});
const onlyList = values.only ?? process.env.BENCH_ONLY;
const only = onlyList ? onlyList.split(',').map((name) => name.trim()) : null;
for (const name of only ?? []) {
	if (!SECTIONS.includes(name))
		usageError(`Unknown bench section "${name}"; choose from ${SECTIONS.join(', ')}.`, USAGE);
}
const wanted = (name) => !only || only.includes(name);

/** Targets from the project's performance goals (at most; the components' are "under", see below). */
const TARGETS = {
	'bundle.wp.revenueInitialJsGzipKB': 100,
	'browser.revenueChartAndTableMs': 1000,
	'browser.revenueRequests': 3,
	'browser.revenueRequestRounds': 1,
	'browser.revenueYearChartAndTableMs': 1000,
	'browser.revenueYearRequestRounds': 1,
	'browser.pageChangeMs': 100,
	'browser.legendToggleMs': 100,
	'server.median': 100,
};

const rows = [];
const results = { date: new Date().toISOString(), node: process.version, chromium: null };

/** The browser's version as it prints it ("Chromium 156.0.…"), or null when it cannot say. */
function chromiumVersion() {
	const run = spawnSync('/usr/bin/chromium', ['--version'], {
		encoding: 'utf8',
		timeout: 30_000,
	});
	const line = run.status === 0 ? run.stdout.trim().split('\n').pop() : '';
	return line || null;
}

const round1 = (value) => (value === null ? null : Math.round(value * 10) / 10);

/** Adds a row; `strict` targets must be beaten (value < target), the others reached (<=). */
function add(section, name, value, unit, target, strict = false) {
	const ok =
		target === undefined ? '' : (strict ? value < target : value <= target) ? 'ok' : 'over';
	const shownTarget = target === undefined ? '' : `${strict ? '<' : '<='}${target}`;
	rows.push({ section, name, value, unit, target: shownTarget, ok });
}

async function main() {
	// The real stack's sections run WordPress on MariaDB and PHP; the engine and clickhouse sections
	// start ClickHouse.
	const tools = new Set(['Chromium']);
	if (wanted('engine') || wanted('pages') || wanted('forecast')) tools.add('WordPress');
	if (wanted('engine') || wanted('clickhouse')) tools.add('ClickHouse');
	if (!ensureSystemTools([...tools])) process.exit(1);
	// Figures of an old build would be wrong: the server and the client are built from the sources
	// first (BENCH_SKIP_BUILD=1 measures build/ as it is).
	const needsBuild =
		wanted('bundle') || wanted('pages') || (wanted('browser') && !process.env.BENCH_BUILD_DIR);
	if (!process.env.BENCH_SKIP_BUILD) {
		const steps = [['tsc', '-b']];
		if (needsBuild) steps.push(['webpack', '--mode', 'production']);
		// The plugin zip the pages section installs ships the abacus-* script handles too.
		if (wanted('pages'))
			steps.push([
				'webpack',
				'-c',
				'scripts/webpack.packages.config.js',
				'--mode',
				'production',
			]);
		for (const step of steps) {
			const built = spawnSync('npx', step, { cwd: root, stdio: 'inherit' });
			if (built.status !== 0) {
				console.error(`The build (npx ${step.join(' ')}) failed; nothing was measured.`);
				process.exit(1);
			}
		}
	} else if (needsBuild && !existsSync(path.join(root, 'build/standalone/index.js'))) {
		console.error('BENCH_SKIP_BUILD is set but build/ has no client build; run npm run build.');
		process.exit(1);
	}

	if (wanted('bundle')) {
		const { measureBundles } = await import('../tests/bench/bundle.js');
		const bundles = measureBundles();
		results.bundle = bundles;
		for (const [flavour, f] of Object.entries(bundles)) {
			add(
				'bundle',
				`${flavour}: revenue report initial JS (gzip)`,
				f.revenueInitialJsGzipKB,
				'KB',
				flavour === 'wp' ? TARGETS['bundle.wp.revenueInitialJsGzipKB'] : undefined,
			);
			add(
				'bundle',
				`${flavour}: revenue report initial CSS (gzip)`,
				f.revenueInitialCssGzipKB,
				'KB',
			);
			for (const [chunk, size] of Object.entries(f.chunkGroupsGzipKB))
				add('bundle', `${flavour}: chunk ${chunk} (gzip)`, size, 'KB');
		}
	}

	if (wanted('components')) {
		const { measureComponents } = await import('../tests/bench/components.js');
		const figures = await measureComponents();
		results.components = figures;
		for (const [name, f] of Object.entries(figures))
			add('components', `${name} (median of ${f.runs})`, f.medianMs, 'ms', f.targetMs, true);
	}

	if (wanted('browser')) {
		const { measureBrowser } = await import('../tests/bench/browser.js');
		const figures = await measureBrowser();
		results.browser = figures;
		for (const [name, value] of Object.entries(figures))
			add(
				'browser',
				name,
				value,
				name.endsWith('Requests') || name.endsWith('Rounds') ? '' : 'ms',
				TARGETS[`browser.${name}`],
			);
	}

	if (wanted('server')) {
		const out = path.join(root, 'bench-results', 'server-latest.json');
		mkdirSync(path.dirname(out), { recursive: true });
		const run = spawnSync('node', ['tests/bench/server.js', '--json', out], {
			cwd: root,
			stdio: 'inherit',
			env: process.env,
		});
		if (run.status === 0 && existsSync(out)) {
			const server = JSON.parse(readFileSync(out, 'utf8'));
			results.server = server;
			for (const entry of server.results ?? []) {
				add(
					'server',
					`${entry.orders} orders: ${entry.endpoint} median`,
					entry.medianMs,
					'ms',
					TARGETS['server.median'],
				);
				add('server', `${entry.orders} orders: ${entry.endpoint} p95`, entry.p95Ms, 'ms');
			}
		} else {
			add('server', 'server benchmark failed', run.status ?? -1, 'exit');
		}
	}

	if (wanted('engine')) {
		const out = path.join(root, 'bench-results', 'engine-latest.json');
		const args = ['tests/bench/engine.js', '--json', out];
		if (values.orders) args.push('--orders', values.orders);
		const run = spawnSync('node', args, { cwd: root, stdio: 'inherit', env: process.env });
		if (run.status === 0 && existsSync(out)) {
			const engine = JSON.parse(readFileSync(out, 'utf8'));
			results.engine = engine;
			for (const store of engine.stores) {
				const size = `${store.orders} orders`;
				if (store.seed)
					add('engine', `${size}: bulk seeding`, store.seed.ordersPerSecond, 'ord/s');
				if (!store.endpoints) continue;
				if (store.syncOrdersPerSecond)
					add(
						'engine',
						`${size}: sync rate from the store`,
						store.syncOrdersPerSecond,
						'ord/s',
					);
				add(
					'engine',
					`${size}: store's page of 100 orders median`,
					store.storePageMedianMs,
					'ms',
				);
				for (const e of store.endpoints) {
					const name = `${size}: ${e.endpoint}`;
					add('engine', `${name} WooCommerce median`, e.woocommerceMedianMs, 'ms');
					add('engine', `${name} WooCommerce p95`, e.woocommerceP95Ms, 'ms');
					add('engine', `${name} DuckDB median`, e.duckdbMedianMs, 'ms', 100);
					add('engine', `${name} DuckDB p95`, e.duckdbP95Ms, 'ms');
					// The answer at most 3x the time of the statements it runs.
					add('engine', `${name} DuckDB floor`, e.duckdbFloorMedianMs, 'ms');
					add(
						'engine',
						`${name} DuckDB / floor`,
						Math.round((e.duckdbMedianMs / Math.max(0.1, e.duckdbFloorMedianMs)) * 10) /
							10,
						'x',
						3,
					);
					add('engine', `${name} WooCommerce / DuckDB`, e.duckdbRatio, 'x');
					if (e.clickhouseMedianMs !== null) {
						add('engine', `${name} ClickHouse median`, e.clickhouseMedianMs, 'ms');
						add('engine', `${name} ClickHouse p95`, e.clickhouseP95Ms, 'ms', 200, true);
						add('engine', `${name} WooCommerce / ClickHouse`, e.clickhouseRatio, 'x');
					}
				}
			}
			if (engine.rollups) {
				const r = engine.rollups;
				add(
					'engine',
					`sync batch of ${r.batchOrders} orders into ${r.orders} orders (day roll-ups)`,
					r.batchMedianMs,
					'ms',
				);
				add(
					'engine',
					`full roll-up rebuild at ${r.orders} orders (each batch's cost before)`,
					r.fullRollupRebuildMedianMs,
					'ms',
				);
			}
		} else {
			add('engine', 'engine benchmark failed', run.status ?? -1, 'exit');
		}
	}

	if (wanted('pages')) {
		const out = path.join(root, 'bench-results', 'pages-latest.json');
		const args = ['tests/bench/pages.js', '--json', out];
		if (values.orders) args.push('--orders', values.orders);
		const run = spawnSync('node', args, { cwd: root, stdio: 'inherit', env: process.env });
		if (run.status === 0 && existsSync(out)) {
			const pages = JSON.parse(readFileSync(out, 'utf8'));
			results.pages = pages;
			for (const store of pages.stores) {
				for (const p of store.pages) {
					const name = `${store.orders} orders: ${p.page}`;
					add('pages', `${name} median`, p.medianMs, 'ms');
					add('pages', `${name} p95`, p.p95Ms, 'ms');
					// Revenue and products inside wp-admin: at most 1.5x the bare admin page.
					if (p.page.startsWith('Abacus'))
						add('pages', `${name} / bare page`, p.ratioToBare, 'x', 1.5);
					// The same page loaded again in its tab (its caches warm).
					if (p.again) {
						add('pages', `${name} again median`, p.again.medianMs, 'ms');
						if (p.page.startsWith('Abacus'))
							add(
								'pages',
								`${name} again / bare page again`,
								p.again.ratioToBare,
								'x',
								1.5,
							);
					}
				}
			}
		} else {
			add('pages', 'pages benchmark failed', run.status ?? -1, 'exit');
		}
	}

	if (wanted('clickhouse')) {
		const out = path.join(root, 'bench-results', 'clickhouse-latest.json');
		mkdirSync(path.dirname(out), { recursive: true });
		const run = spawnSync('node', ['tests/bench/clickhouse.js', '--json', out], {
			cwd: root,
			stdio: 'inherit',
			env: process.env,
		});
		if (run.status === 0 && existsSync(out)) {
			const ch = JSON.parse(readFileSync(out, 'utf8'));
			results.clickhouse = ch;
			const size = `${ch.stores} stores x ${ch.ordersPerStore}`;
			add('clickhouse', `${size}: ingest`, ch.ingestOrdersPerSecond, 'ord/s');
			for (const e of ch.endpoints) {
				add(
					'clickhouse',
					`${size}: ${e.endpoint} ClickHouse median`,
					e.clickhouseMedianMs,
					'ms',
				);
				add('clickhouse', `${size}: ${e.endpoint} ClickHouse p95`, e.clickhouseP95Ms, 'ms');
				add('clickhouse', `${size}: ${e.endpoint} DuckDB median`, e.duckdbMedianMs, 'ms');
				add('clickhouse', `${size}: ${e.endpoint} DuckDB p95`, e.duckdbP95Ms, 'ms');
			}
		} else {
			add('clickhouse', 'clickhouse benchmark failed', run.status ?? -1, 'exit');
		}
	}

	if (wanted('forecast')) {
		const out = path.join(root, 'bench-results', 'forecast-latest.json');
		mkdirSync(path.dirname(out), { recursive: true });
		rmSync(out, { force: true });
		const args = ['tests/bench/forecast.js', '--json', out];
		if (values.orders) args.push('--orders', values.orders);
		const run = spawnSync('node', args, { cwd: root, stdio: 'inherit', env: process.env });
		// The demo store's figures stand even when the real stack's store could not be measured.
		if (existsSync(out)) {
			const forecast = JSON.parse(readFileSync(out, 'utf8'));
			results.forecast = forecast;
			const backtestRows = (prefix, metrics) => {
				for (const m of metrics) {
					for (const b of m.backtests) {
						const name = `${prefix}${m.label}, ${b.horizon} days:`;
						add('forecast', `${name} forecast MAPE`, round1(b.mape), '%');
						add('forecast', `${name} 80 % interval coverage`, round1(b.coverage), '%');
						add(
							'forecast',
							`${name} same days last year MAPE`,
							round1(b.sameDaysLastYearMape),
							'%',
						);
						add(
							'forecast',
							`${name} last four same weekdays MAPE`,
							round1(b.lastFourWeekdaysMape),
							'%',
						);
					}
					add(
						'forecast',
						`${prefix}${m.label}: shown (beats both baselines)`,
						m.shown ? 1 : 0,
						'',
					);
				}
			};
			backtestRows('', forecast.metrics);
			for (const m of forecast.metrics) {
				add('forecast', `${m.label}: verdict (back-test) median`, m.verdictMedianMs, 'ms');
				add('forecast', `${m.label}: month forecast median`, m.monthForecastMedianMs, 'ms');
			}
			for (const store of forecast.realStack?.stores ?? [])
				backtestRows(`WooCommerce ${store.orders} orders: `, store.metrics);
			if (forecast.realStack?.skipped)
				add(
					'forecast',
					`real stack not back-tested: ${forecast.realStack.skipped}`,
					'-',
					'',
				);
		}
		if (run.status !== 0 || !existsSync(out))
			add('forecast', 'forecast benchmark failed', run.status ?? -1, 'exit');
	}

	// The browser sections' figures depend on its build: they go with its version.
	results.chromium = chromiumVersion();
	const width = Math.max(...rows.map((r) => r.name.length), 10);
	console.log(`\n${results.chromium ?? 'Chromium (version unknown)'}, Node.js ${results.node}`);
	console.log(
		`\n${'section'.padEnd(11)} ${'figure'.padEnd(width)} ${'value'.padStart(9)} unit  ${'target'.padStart(7)}`,
	);
	for (const r of rows) {
		console.log(
			`${r.section.padEnd(11)} ${r.name.padEnd(width)} ${String(r.value).padStart(9)} ${r.unit.padEnd(5)} ${String(r.target).padStart(7)}  ${r.ok}`,
		);
	}
	mkdirSync(path.join(root, 'bench-results'), { recursive: true });
	const file = path.join(
		root,
		'bench-results',
		`${results.date.slice(0, 19).replace(/[:T]/g, '-')}.json`,
	);
	writeFileSync(file, JSON.stringify({ ...results, table: rows }, null, 2));
	console.log(`\nWritten to ${path.relative(root, file)}`);
}

await main();
