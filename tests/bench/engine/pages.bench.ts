/**
 * The page-level bench inside wp-admin (tests/bench/pages.js runs it through jest, for the
 * TypeScript harness): on the bulk-seeded store of each size in BENCH_ENGINE_SIZES (default 20000;
 * the engine bench's stores, kept in `.data/bench-wp/…-bulk-<n>/`), with the Abacus plugin built
 * from build/ installed, Chromium at 1440×900 logged in as the administrator loads, cold (a new
 * browser context each time, the login cookie carried over), one after another in turn:
 * - a bare wp-admin page (Settings › General: WordPress's own admin with no report), to its load
 *   event: the floor every admin page pays before any figure is asked for;
 * - an admin page that loads only WordPress's own scripts Abacus is built on (React, data,
 *   api-fetch, date… : the `wp-*` and React handles of the app's build/wp/*.asset.php) and
 *   WordPress's components script, and draws one @wordpress/components button with them, to that
 *   button: what those scripts cost any React admin page built on them, before any Abacus code;
 *   and the same without WordPress's components script (Abacus's pages load their own build of
 *   the components they use), with a plain button;
 * - WooCommerce Analytics' revenue and products reports, to the first data row of the table;
 * - Abacus's revenue and products reports on WooCommerce's figures, to the first data row;
 * - the same on the Abacus engine (the store's generated data in DuckDB, `server/build/cli.js`
 *   with the store's address and secret, chosen in the plugin's settings), to the first data row.
 * Each page's median and p95 of BENCH_PAGES_RUNS loads (default 5), its REST requests, its ratio to
 * the bare page, and the median of its loads each over the bare page's load of the same round (the
 * machine's speed drifts over a run; a round's pages load one after another). Each cold load is
 * followed by the same page loaded again in its tab (`again`: the browser's caches and the tab's
 * renderer warm, as a merchant's next visit to the page is), measured and compared the same way.
 * Writes the figures to BENCH_PAGES_JSON.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type Page, type Request } from 'playwright-core';

import { ADMIN, logInAs, unzip } from '../../wordpress/harness.js';
import { startCli } from './cli.js';
import { openBenchStore } from './store.js';

const REPO = path.resolve(__dirname, '../../..');
const SIZES = (process.env.BENCH_ENGINE_SIZES ?? '20000')
	.split(',')
	.map((s) => Number(s.trim()))
	.filter((n) => Number.isInteger(n) && n > 0);
const RUNS = Math.max(1, Number(process.env.BENCH_PAGES_RUNS ?? 5));
/**
 * The browser: Debian's desktop Chromium unless BENCH_PAGES_BROWSER names another build (its
 * headless shell, say). Its version goes with the figures: a page of scripts measures differently
 * from one build to another (Chromium 156.0.8078.114 compiles scripts about twice as slowly as its
 * own headless shell on this machine), the bare page less so.
 */
const BROWSER = process.env.BENCH_PAGES_BROWSER || '/usr/bin/chromium';
/** What the report pages show: the year so far against the year before. */
const RANGE = 'period=year&compare=previous_year';
const SECRET = 'bench-pages-secret-0123456789abcdef';

type Mode = 'woocommerce' | 'abacus' | null;

/**
 * A must-use plugin with an admin page that loads the WordPress and React handles the app's build
 * depends on (build/wp/start.asset.php and index.asset.php without the abacus-* ones) with
 * WordPress's components script, and draws one @wordpress/components button with them, from an
 * inline script in the footer as the app does; with `components=0`, the same handles without
 * WordPress's components script (as on an Abacus page) and a plain button.
 */
const REACT_FLOOR_PLUGIN = `<?php
// The pages bench's floor of WordPress's React scripts (tests/bench/engine/pages.bench.ts).
add_action( 'admin_menu', function () {
	add_menu_page( 'React floor', 'React floor', 'manage_options', 'abacus-bench-react-floor', function () {
		echo '<div class="wrap"><div class="abacus-bench-floor"></div></div>';
	} );
} );
add_action( 'admin_enqueue_scripts', function () {
	if ( ! isset( $_GET['page'] ) || 'abacus-bench-react-floor' !== $_GET['page'] ) {
		return;
	}
	$start = require WP_PLUGIN_DIR . '/abacus/build/wp/start.asset.php';
	$asset = require WP_PLUGIN_DIR . '/abacus/build/wp/index.asset.php';
	$deps  = array_values( array_unique( array_filter( array_merge( $start['dependencies'], $asset['dependencies'] ), function ( $handle ) {
		return 0 !== strpos( $handle, 'abacus-' );
	} ) ) );
	// With WordPress's components script (any React admin page built on it) or without it (what an
	// Abacus page loads of WordPress's: its components come from the abacus-wp-components handle).
	$components = ! isset( $_GET['components'] ) || '0' !== $_GET['components'];
	$deps       = $components ? array_values( array_unique( array_merge( $deps, array( 'wp-components' ) ) ) ) : array_values( array_diff( $deps, array( 'wp-components' ) ) );
	wp_register_script( 'abacus-bench-floor', false, $deps, '1', true );
	wp_enqueue_script( 'abacus-bench-floor' );
	$button = $components ? 'wp.components.Button, { variant: "primary" }' : '"button", null';
	wp_add_inline_script( 'abacus-bench-floor', 'wp.element.createRoot( document.querySelector( ".abacus-bench-floor" ) ).render( wp.element.createElement( ' . $button . ', "React floor" ) );' );
	if ( $components ) {
		wp_enqueue_style( 'wp-components' );
	}
} );
`;

interface Variant {
	name: string;
	path: string;
	/** The plugin's engine choice the page needs (null: either). */
	mode: Mode;
	/**
	 * 'load': the page's load event; 'abacus' / 'woocommerce': the table's first data row;
	 * 'floor': the button of the page of WordPress's React scripts.
	 */
	ready: 'load' | 'abacus' | 'woocommerce' | 'floor';
}

const report = (slug: string) => `path=${encodeURIComponent(`/analytics/${slug}`)}&${RANGE}`;

const VARIANTS: Variant[] = [
	{
		name: 'bare wp-admin page (Settings › General)',
		path: 'options-general.php',
		mode: null,
		ready: 'load',
	},
	{
		name: "WordPress's React and components scripts (Abacus's wp-* handles, one button)",
		path: 'admin.php?page=abacus-bench-react-floor',
		mode: null,
		ready: 'floor',
	},
	{
		name: "WordPress's React scripts without its components (one button)",
		path: 'admin.php?page=abacus-bench-react-floor&components=0',
		mode: null,
		ready: 'floor',
	},
	...(['revenue', 'products'] as const).flatMap((slug): Variant[] => [
		{
			name: `WooCommerce Analytics: ${slug}`,
			path: `admin.php?page=wc-admin&${report(slug)}`,
			mode: null,
			ready: 'woocommerce',
		},
		{
			name: `Abacus on WooCommerce's figures: ${slug}`,
			path: `admin.php?page=abacus&${report(slug)}`,
			mode: 'woocommerce',
			ready: 'abacus',
		},
		{
			name: `Abacus on the engine: ${slug}`,
			path: `admin.php?page=abacus&${report(slug)}`,
			mode: 'abacus',
			ready: 'abacus',
		},
	]),
];

const median = (values: number[]): number =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]): number => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
};
const round = (ms: number): number => Math.round(ms);

/** Waits until the page shows what `ready` names; throws with what the page shows instead. */
async function waitReady(page: Page, ready: Variant['ready']): Promise<void> {
	if (ready === 'load') return;
	if (ready === 'floor') {
		await page.waitForSelector('.abacus-bench-floor button', { timeout: 120_000 });
		return;
	}
	const table = ready === 'abacus' ? '.abacus-table__table' : '.woocommerce-table__table';
	await page.waitForFunction(
		(selector) => {
			const found = document.querySelector(selector);
			if (!found || found.querySelector('.is-placeholder')) return false;
			if (found.closest('.is-loading')) return false;
			// A cell of the first row with text (WooCommerce's products table opens with a
			// column of checkboxes).
			const row = found.querySelector('tbody tr');
			return Array.from(row?.querySelectorAll('td, th') ?? []).some(
				(cell) => (cell.textContent ?? '').trim() !== '',
			);
		},
		table,
		// Looked at every frame: the first frame that shows the row ends the wait.
		{ timeout: 120_000, polling: 'raf' },
	);
}

/** One request of a page's load, or a moment of it (`ready`, the navigation's own marks). */
interface TimelineEntry {
	what: string;
	startMs: number;
	endMs: number | null;
}

/**
 * A load's timeline with its moments added (`ready` at `readyMs`, the navigation's response end,
 * DOMContentLoaded and load event), in order of start.
 */
async function withMarks(
	page: Page,
	timeline: TimelineEntry[],
	readyMs: number,
): Promise<TimelineEntry[]> {
	const navigation = await page.evaluate(() => {
		const entry = performance.getEntriesByType('navigation')[0] as
			PerformanceNavigationTiming | undefined;
		return entry
			? {
					responseEnd: entry.responseEnd,
					domContentLoaded: entry.domContentLoadedEventEnd,
					load: entry.loadEventEnd,
				}
			: null;
	});
	const marks: TimelineEntry[] = [
		{ what: 'ready', startMs: round(readyMs), endMs: round(readyMs) },
		...Object.entries(navigation ?? {}).map(([what, at]) => ({
			what: `navigation ${what}`,
			startMs: round(at),
			endMs: round(at),
		})),
	];
	return [...timeline, ...marks].sort((a, b) => a.startMs - b.startMs);
}

const perSize: Array<Record<string, unknown>> = [];
/** The browser's path and version, as it reported itself. */
let browserUsed: { path: string; version: string } | null = null;

afterAll(() => {
	const out = process.env.BENCH_PAGES_JSON;
	if (out) {
		writeFileSync(
			out,
			JSON.stringify(
				{
					cpus: os.cpus().length,
					loadAverage: os.loadavg(),
					browser: browserUsed,
					runs: RUNS,
					stores: perSize,
				},
				null,
				2,
			),
		);
	}
});

async function pagesAt(size: number): Promise<void> {
	const bench = await openBenchStore(size, (line) => console.log(line), { bulk: true });
	const site = bench.site;
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-pages-bench-'));
	const closing: Array<() => Promise<void>> = [];
	let browser: Browser | null = null;
	try {
		// The plugin as a merchant installs it: the zip of the production build.
		const zip = path.join(dir, 'abacus.zip');
		execFileSync('node', ['scripts/plugin-zip.js', '--skip-build', '--out', zip], {
			cwd: REPO,
			stdio: 'ignore',
		});
		await unzip(zip, path.join(site.root, 'wp-content', 'plugins'));
		// The page of WordPress's React scripts alone (the floor of any React admin page).
		const floorPlugin = path.join(
			site.root,
			'wp-content',
			'mu-plugins',
			'abacus-bench-react-floor.php',
		);
		mkdirSync(path.dirname(floorPlugin), { recursive: true });
		writeFileSync(floorPlugin, REACT_FLOOR_PLUGIN);
		closing.push(async () => rmSync(floorPlugin, { force: true }));
		const activated = site.php(`require_once ABSPATH . 'wp-admin/includes/plugin.php';
$result = activate_plugin( 'abacus/plugin.php' );
echo is_wp_error( $result ) ? $result->get_error_message() : 'active';`);
		if (activated.trim() !== 'active') throw new Error(`Activating Abacus said: ${activated}`);

		// The engine: the store's generated data (the same orders WooCommerce holds), a copy.
		const file = path.join(dir, 'engine.duckdb');
		copyFileSync(path.join(bench.dir, 'generated.duckdb'), file);
		// It will hold the store's secret: the engine opens it only when no other user may read it.
		chmodSync(file, 0o600);
		const secretFile = path.join(dir, 'store.secret');
		writeFileSync(secretFile, `${SECRET}\n`, { mode: 0o600 });
		const engine = await startCli([
			'--db',
			file,
			'--orders',
			'0',
			'--store-url',
			site.url,
			'--store-secret-file',
			secretFile,
			// It holds the store's orders already: a sync (the whole store, the first time) would
			// keep WooCommerce's PHP and database busy during the pages' loads.
			'--no-sync',
		]);
		closing.push(() => engine.stop());
		site.php(`update_option( 'abacus_engine_secret', ${JSON.stringify(SECRET)}, false );`);
		const choose = (mode: Exclude<Mode, null>): void => {
			site.php(
				`update_option( 'abacus_engine', array( 'mode' => '${mode}', 'url' => ${JSON.stringify(engine.url)} ) );`,
			);
		};

		browser = await chromium.launch({
			executablePath: BROWSER,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
			],
		});
		browserUsed = { path: BROWSER, version: browser.version() };
		const login = await browser.newContext({ viewport: { width: 1440, height: 900 } });
		const loginPage = await login.newPage();
		await logInAs(loginPage, site.url, ADMIN);
		const state = await login.storageState();
		await login.close();

		const times = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
		/** The same page loaded again in its tab: the browser's caches and the tab's process warm. */
		const againTimes = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
		const againRatios = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
		const requests = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
		/**
		 * Each load's time over the bare page's in the same round: the machine's speed drifts over a
		 * run (the load of its other processes), and a round's pages are loaded one after another.
		 */
		const ratios = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
		/** The REST requests of each page's last load, up to its first data row. */
		const paths = new Map<string, string[]>();
		/** What each page's last load fetched, and when (ms from the navigation's start). */
		const timelines = new Map<string, TimelineEntry[]>();
		const againTimelines = new Map<string, TimelineEntry[]>();
		// A first pass warms PHP's and the engine's caches of code; it is not counted.
		for (let run = 0; run <= RUNS; run++) {
			for (const variant of VARIANTS) {
				if (variant.mode) choose(variant.mode);
				const context = await browser.newContext({
					viewport: { width: 1440, height: 900 },
					storageState: state,
				});
				const page = await context.newPage();
				let rest = 0;
				const asked: string[] = [];
				const timeline: TimelineEntry[] = [];
				const started = new Map<Request, TimelineEntry>();
				let t0 = performance.now();
				// The first (cold) load's REST requests; each load's own timeline.
				let first = true;
				const againTimeline: TimelineEntry[] = [];
				page.on('request', (request) => {
					const entry: TimelineEntry = {
						what: `${request.resourceType()} ${request.url().replace(site.url, '').slice(0, 160)}`,
						startMs: round(performance.now() - t0),
						endMs: null,
					};
					(first ? timeline : againTimeline).push(entry);
					started.set(request, entry);
				});
				const finished = (request: Request): void => {
					const entry = started.get(request);
					if (entry) entry.endMs = round(performance.now() - t0);
				};
				page.on('requestfinished', finished);
				page.on('requestfailed', finished);
				page.on('request', (request) => {
					if (!first) return;
					const url = request.url();
					if (!url.includes('/wp-json/') && !url.includes('rest_route=')) return;
					rest += 1;
					// The route and its query (the nonce and locale left out), to find repeats.
					const parsed = new URL(url);
					const route =
						parsed.searchParams.get('rest_route') ??
						parsed.pathname.replace(/^.*\/wp-json/, '');
					for (const name of ['rest_route', '_wpnonce', '_locale'])
						parsed.searchParams.delete(name);
					asked.push(`${request.method()} ${route}?${parsed.searchParams.toString()}`);
				});
				/**
				 * Loads the page in this tab to what it shows when ready; counted after the first
				 * round in `into`, and beside the bare page's load of the same round in `over`
				 * (the bare page loads first in each round). Returns its milliseconds.
				 */
				const load = async (
					into: Map<string, number[]>,
					over: Map<string, number[]>,
				): Promise<number> => {
					t0 = performance.now();
					await page.goto(`${site.url}/wp-admin/${variant.path}`, {
						waitUntil: variant.ready === 'load' ? 'load' : 'commit',
						timeout: 120_000,
					});
					await waitReady(page, variant.ready);
					const ms = performance.now() - t0;
					if (run > 0) {
						into.get(variant.name)?.push(ms);
						const bareOfRound = into.get(VARIANTS[0].name)?.[run - 1];
						if (bareOfRound) over.get(variant.name)?.push(ms / bareOfRound);
					}
					return ms;
				};
				try {
					const ms = await load(times, ratios);
					if (run > 0) requests.get(variant.name)?.push(rest);
					if (run === RUNS) {
						paths.set(variant.name, [...asked].sort());
						timelines.set(variant.name, await withMarks(page, timeline, ms));
					}
					// The same page again in its tab, as a merchant's next visit to it: the
					// page's other requests ended first, as between two rounds.
					await page
						.waitForLoadState('networkidle', { timeout: 120_000 })
						.catch(() => undefined);
					first = false;
					const again = await load(againTimes, againRatios);
					if (run === RUNS)
						againTimelines.set(
							variant.name,
							await withMarks(page, againTimeline, again),
						);
				} catch (error) {
					const shot = path.join(REPO, 'bench-results', `pages-failed-${size}.png`);
					await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
					throw new Error(
						`${variant.name} did not show its figures (screenshot ${shot}): ${(error as Error).message.split('\n')[0]}`,
					);
				} finally {
					// The page's requests still under way (WooCommerce Analytics' other panels, the
					// notes, the forecast) end before the next load: closed, they would still run in
					// PHP's workers and the store's database during the next page's load.
					await page
						.waitForLoadState('networkidle', { timeout: 120_000 })
						.catch(() => undefined);
					await context.close();
				}
			}
		}
		const bare = median(times.get(VARIANTS[0].name) ?? [0]);
		const bareAgain = median(againTimes.get(VARIANTS[0].name) ?? [0]);
		perSize.push({
			orders: bench.stamp.orders,
			pages: VARIANTS.map((variant) => {
				const list = times.get(variant.name) ?? [];
				return {
					page: variant.name,
					medianMs: round(median(list)),
					p95Ms: round(p95(list)),
					restRequests: median(requests.get(variant.name) ?? [0]),
					restPaths: paths.get(variant.name) ?? [],
					timeline: timelines.get(variant.name) ?? [],
					ratioToBare: Math.round((median(list) / Math.max(1, bare)) * 100) / 100,
					ratioInRound: Math.round(median(ratios.get(variant.name) ?? [0]) * 100) / 100,
					// Loaded again in its tab.
					again: {
						medianMs: round(median(againTimes.get(variant.name) ?? [0])),
						p95Ms: round(p95(againTimes.get(variant.name) ?? [0])),
						ratioToBare:
							Math.round(
								(median(againTimes.get(variant.name) ?? [0]) /
									Math.max(1, bareAgain)) *
									100,
							) / 100,
						ratioInRound:
							Math.round(median(againRatios.get(variant.name) ?? [0]) * 100) / 100,
						timeline: againTimelines.get(variant.name) ?? [],
					},
				};
			}),
		});
	} finally {
		await browser?.close();
		for (const close of closing.reverse()) await close();
		// The kept store goes back as it was: the engine bench measures WooCommerce without Abacus.
		site.php(`require_once ABSPATH . 'wp-admin/includes/plugin.php';
deactivate_plugins( 'abacus/plugin.php', true );
delete_option( 'abacus_engine' );
delete_option( 'abacus_engine_secret' );`);
		rmSync(path.join(site.root, 'wp-content', 'plugins', 'abacus'), {
			recursive: true,
			force: true,
		});
		await site.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

for (const size of SIZES) {
	test(`pages inside wp-admin at ${size} orders: WooCommerce Analytics, Abacus on its figures, Abacus on the engine, and the bare admin page`, async () => {
		await pagesAt(size);
	});
}
