/**
 * The revenue report and the dashboard in Chromium against the standalone server with a 100k-order
 * store (.data/bench-100000.duckdb, generated on first run): time from navigation to the chart and
 * table showing data, the API requests of that first load and in how many rounds they went out, and
 * the time for a sort, a page change and a legend toggle to paint; the dashboard's load time.
 * Each figure is the median of 5 runs.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS } from './components.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 5;
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

/** Waits until the page has painted after the last change. */
const paintedIn = (page) =>
	page.evaluate(
		() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
	);

async function timeAction(page, action, condition) {
	const t0 = Date.now();
	await action();
	await page.waitForFunction(condition, undefined, { timeout: 20000 });
	await paintedIn(page);
	return Date.now() - t0;
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
		buildDir: path.join(root, 'build'),
	});
	const browser = await chromium.launch({
		executablePath: '/usr/bin/chromium',
		args: CHROMIUM_ARGS,
	});
	const figures = {
		revenueChartAndTableMs: [],
		revenueRequests: [],
		revenueRequestRounds: [],
		sortMs: [],
		pageChangeMs: [],
		legendToggleMs: [],
		dashboardMs: [],
	};
	try {
		const revenueUrl = `${server.adminUrl}&path=%2Fanalytics%2Frevenue&period=year&compare=previous_year`;
		for (let run = 0; run < RUNS; run++) {
			const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
			const page = await context.newPage();
			const requests = [];
			const started = new Map();
			page.on('request', (r) => {
				if (r.url().includes('/wp-json/')) started.set(r, Date.now());
			});
			page.on('requestfinished', (r) => {
				if (started.has(r)) requests.push({ start: started.get(r), end: Date.now() });
			});
			const t0 = Date.now();
			await page.goto(revenueUrl);
			await page.waitForFunction(
				() =>
					document.querySelectorAll('main table tbody tr').length > 1 &&
					document.querySelector('main svg path[d]'),
				undefined,
				{ timeout: 30000 },
			);
			await paintedIn(page);
			figures.revenueChartAndTableMs.push(Date.now() - t0);
			await page.waitForLoadState('networkidle');
			figures.revenueRequests.push(requests.length);
			figures.revenueRequestRounds.push(countRounds(requests));

			const firstCell = () =>
				page.evaluate(
					() => document.querySelector('main table tbody tr')?.textContent ?? '',
				);
			let before = await firstCell();
			const sortButtons = page.locator('main table thead button');
			if ((await sortButtons.count()) > 1) {
				figures.sortMs.push(
					await timeAction(
						page,
						() => sortButtons.nth(1).click(),
						`document.querySelector('main table tbody tr')?.textContent !== ${JSON.stringify(before)}`,
					),
				);
			}
			before = await firstCell();
			const next = page.getByRole('button', { name: 'Next Page' });
			if ((await next.count()) > 0 && (await next.isEnabled())) {
				figures.pageChangeMs.push(
					await timeAction(
						page,
						() => next.click(),
						`document.querySelector('main table tbody tr')?.textContent !== ${JSON.stringify(before)}`,
					),
				);
			}
			const legend = page.locator('main input[type="checkbox"]');
			if ((await legend.count()) > 1) {
				const wasChecked = await legend.nth(1).isChecked();
				figures.legendToggleMs.push(
					await timeAction(
						page,
						() => legend.nth(1).click(),
						`document.querySelectorAll('main input[type="checkbox"]')[1]?.checked === ${!wasChecked}`,
					),
				);
			}

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
	const figures = await measureBrowser();
	for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
