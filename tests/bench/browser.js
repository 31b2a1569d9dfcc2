/**
 * The revenue report and the dashboard in Chromium against the standalone server with a 100k-order
 * store (.data/bench-100000.duckdb, generated on first run): time from navigation to the chart and
 * table showing data, the API requests of that first load and in how many rounds they went out, and
 * the time for a sort, a page change and a legend toggle to paint; the dashboard's load time.
 * Each figure is the median of 5 runs. Interactions are timed in the page, from the click to the paint
 * of the frame that shows the result. BENCH_BUILD_DIR serves another client build than build/ (e.g.
 * a private one made with ABACUS_BUILD_ROOT=<dir> ABACUS_FLAVOUR=standalone npx webpack).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS } from '../support/chromium.js';
import { parseCommandLine } from '../../scripts/command-line.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 5;
/** Latency added to every REST answer while counting request rounds (see loadRevenue). */
const ROUND_LATENCY_MS = 300;
const ORDERS = Number(process.env.BENCH_BROWSER_ORDERS ?? 100000);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Groups requests into rounds: a request starting after an earlier one has finished opens a new round. */
export function countRounds(requests) {
	const sorted = [...requests].sort((a, b) => a.start - b.start);
	let rounds = 0;
	let roundEnd = -Infinity;
	let firstEnd = Infinity;
	for (const r of sorted) {
		if (r.start >= firstEnd) {
			rounds += 1;
			firstEnd = r.end;
			roundEnd = r.end;
		} else {
			if (rounds === 0) rounds = 1;
			firstEnd = Math.min(firstEnd, r.end);
			roundEnd = Math.max(roundEnd, r.end);
		}
	}
	return rounds;
}

/** The report's table rows (not the chart's screen-reader table, which is also a table). */
const TABLE_ROWS = 'main .abacus-table:not(.is-loading) .abacus-table__table tbody tr';

/** Waits until the page has painted after the last change. */
const paintedIn = (page) =>
	page.evaluate(
		() =>
			new Promise((resolve) =>
				requestAnimationFrame(() => {
					const channel = new MessageChannel();
					channel.port1.onmessage = () => resolve();
					channel.port2.postMessage(null);
				}),
			),
	);

/**
 * Clicks the `index`th element matching `selector` in the page and returns the milliseconds (timed
 * in the page) until the frame in which `until` holds has been painted: 'rows-changed' (the first
 * table row's text differs from before the click) or 'chart-changed' (the chart shows a different
 * number of lines or bars: a checkbox's own tick changes at once, before the chart is redrawn).
 */
function timeAction(page, selector, index, until) {
	return page.evaluate(
		async ({ selector, index, until, rowsSelector }) => {
			const target = document.querySelectorAll(selector)[index];
			if (!target) throw new Error(`nothing matches ${selector} [${index}]`);
			const firstRow = () => document.querySelector(rowsSelector)?.textContent ?? '';
			const before = firstRow();
			const marks = () =>
				document.querySelectorAll('main .abacus-chart__line, main .abacus-chart__bar')
					.length;
			const marksBefore = marks();
			const isDone = () =>
				until === 'rows-changed'
					? firstRow() !== before && firstRow() !== ''
					: marks() !== marksBefore;
			const start = performance.now();
			target.click();
			while (!isDone()) {
				if (performance.now() - start > 20000)
					throw new Error(`${selector}: no ${until} within 20 s of the click`);
				await new Promise((resolve) => requestAnimationFrame(resolve));
			}
			await new Promise((resolve) =>
				requestAnimationFrame(() => {
					const channel = new MessageChannel();
					channel.port1.onmessage = () => resolve();
					channel.port2.postMessage(null);
				}),
			);
			return Math.round(performance.now() - start);
		},
		{ selector, index, until, rowsSelector: TABLE_ROWS },
	);
}

export async function measureBrowser() {
	const { startServer } = await import(path.join(root, 'server/build/index.js'));
	mkdirSync(path.join(root, '.data'), { recursive: true });
	const server = await startServer({
		databasePath: path.join(root, '.data', `bench-${ORDERS}.duckdb`),
		port: 0,
		orders: ORDERS,
		seed: 1,
		quiet: true,
		buildDir: process.env.BENCH_BUILD_DIR
			? path.resolve(process.env.BENCH_BUILD_DIR)
			: path.join(root, 'build'),
	});
	const browser = await chromium.launch({
		executablePath: '/usr/bin/chromium',
		args: CHROMIUM_ARGS,
	});
	const figures = {
		revenueChartAndTableMs: [],
		revenueRequests: [],
		revenueRequestRounds: [],
		revenueYearChartAndTableMs: [],
		revenueYearRequests: [],
		revenueYearRequestRounds: [],
		sortMs: [],
		pageChangeMs: [],
		legendToggleMs: [],
		dashboardMs: [],
	};
	/**
	 * Opens a revenue address in a new context: time to chart + table, the REST requests and rounds.
	 * Rounds are counted with every REST answer held back ROUND_LATENCY_MS, so that a request sent
	 * after an answer arrived is one that waited for it (on a fast local server an independent
	 * request can start after the first quick answer by chance).
	 */
	async function loadRevenue(url, { countRoundsOnly = false } = {}) {
		const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
		const page = await context.newPage();
		if (countRoundsOnly) {
			await page.route('**/wp-json/**', async (route) => {
				await new Promise((resolve) => setTimeout(resolve, ROUND_LATENCY_MS));
				await route.continue();
			});
		}
		const requests = [];
		const started = new Map();
		page.on('request', (r) => {
			if (r.url().includes('/wp-json/')) started.set(r, Date.now());
		});
		page.on('requestfinished', (r) => {
			if (started.has(r)) requests.push({ start: started.get(r), end: Date.now() });
		});
		const t0 = Date.now();
		await page.goto(url);
		await page.waitForFunction(
			(rows) =>
				document.querySelectorAll(rows).length > 1 &&
				document.querySelector('main .abacus-chart__line[d], main .abacus-chart__bar'),
			TABLE_ROWS,
			{ timeout: 30000 },
		);
		await paintedIn(page);
		const ms = Date.now() - t0;
		await page.waitForLoadState('networkidle');
		return { context, page, ms, requests: requests.length, rounds: countRounds(requests) };
	}
	try {
		const revenueBase = `${server.adminUrl}&path=%2Fanalytics%2Frevenue`;
		for (let run = 0; run < RUNS; run++) {
			// The default date range (this month against last year's) on a cold page.
			const month = await loadRevenue(revenueBase);
			figures.revenueChartAndTableMs.push(month.ms);
			figures.revenueRequests.push(month.requests);
			await month.context.close();
			const monthRounds = await loadRevenue(revenueBase, { countRoundsOnly: true });
			figures.revenueRequestRounds.push(monthRounds.rounds);
			await monthRounds.context.close();
			const yearRounds = await loadRevenue(
				`${revenueBase}&period=year&compare=previous_year&interval=day`,
				{ countRoundsOnly: true },
			);
			figures.revenueYearRequestRounds.push(yearRounds.rounds);
			await yearRounds.context.close();

			// A year by day: more than one page of intervals per period, all sent in one round.
			const { context, page, ms, requests } = await loadRevenue(
				`${revenueBase}&period=year&compare=previous_year&interval=day`,
			);
			figures.revenueYearChartAndTableMs.push(ms);
			figures.revenueYearRequests.push(requests);

			const count = (selector) =>
				page.evaluate((s) => document.querySelectorAll(s).length, selector);
			const sortButtons = 'main .abacus-table .abacus-table__sort-button';
			if ((await count(sortButtons)) > 1)
				figures.sortMs.push(await timeAction(page, sortButtons, 1, 'rows-changed'));
			await page.waitForLoadState('networkidle');
			const next =
				'main .abacus-pagination__next:not([disabled]):not([aria-disabled="true"])';
			if ((await count(next)) > 0)
				figures.pageChangeMs.push(await timeAction(page, next, 0, 'rows-changed'));
			await page.waitForLoadState('networkidle');
			const legend = 'main .abacus-legend__checkbox';
			if ((await count(legend)) > 1)
				figures.legendToggleMs.push(await timeAction(page, legend, 1, 'chart-changed'));

			const t1 = Date.now();
			await page.goto(`${server.adminUrl}&path=%2Fanalytics%2Foverview`);
			await page.waitForFunction(
				() =>
					document.querySelectorAll('.abacus-summary__item-value').length > 0 &&
					!document.querySelector('.is-placeholder, .is-loading'),
				undefined,
				{ timeout: 30000 },
			);
			await paintedIn(page);
			figures.dashboardMs.push(Date.now() - t1);
			await context.close();
		}
	} finally {
		await browser.close();
		await server.close();
	}
	return Object.fromEntries(
		Object.entries(figures)
			.filter(([, v]) => v.length)
			.map(([k, v]) => [k, median(v)]),
	);
}

if (import.meta.url === `file://${process.argv[1]}`) {
	parseCommandLine({
		usage: 'Usage: node tests/bench/browser.js\n  The revenue report and the dashboard in Chromium against a 100k-order store.\n  --help   this text',
	});
	const figures = await measureBrowser();
	for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
