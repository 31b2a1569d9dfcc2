/**
 * Long jobs in Chromium: a report export larger than the table's page shows its progress and
 * reaches the browser's downloads (Playwright's download event), and Import historical data shows
 * imported / total orders and customers while the import runs, with Stop. The import runs on a
 * store of its own (slowed batches), so the shared e2e store is never rebuilt under other tests.
 * The 100,000-row export is tested over HTTP (server/src/reports/test/export-large.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { api, baseUrl, downloadedText, launch, screenshot, startOwnServer } from './helpers.js';

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

/**
 * `selector` scrolled to the middle of the viewport and, when screenshots are kept, a screenshot of
 * the viewport (beside the full-page one).
 */
async function viewShot(page: Page, selector: string, name: string): Promise<void> {
	await page
		.locator(selector)
		.first()
		.evaluate((el) => el.scrollIntoView({ block: 'center' }));
	await screenshot(page, `${name}-view`, undefined, { viewport: true });
}

async function newPage(width: number, height: number): Promise<Page> {
	const context = await browser.newContext({
		viewport: { width, height },
		acceptDownloads: true,
	});
	return context.newPage();
}

function ordersUrl(base: string): string {
	const params = new URLSearchParams({
		page: 'abacus',
		path: '/analytics/orders',
		period: 'custom',
		compare: 'previous_year',
		after: '2020-01-01',
		before: new Date().toISOString().slice(0, 10),
	});
	return `${base}/wp-admin/admin.php?${params.toString()}`;
}

describe('report export', () => {
	for (const [width, height] of [
		[1440, 900],
		[390, 844],
	] as const) {
		it(`shows progress, then the CSV reaches the downloads (${width} px)`, async () => {
			const page = await newPage(width, height);
			const errors: string[] = [];
			page.on('pageerror', (error) => errors.push(error.message));
			// Status answers are held at 37% until the progress has been looked at (the e2e
			// store's export is built in well under a second); then the real ones go through.
			let holding = true;
			await page.route('**/export/*/status*', async (route) => {
				if (holding) {
					const real = await route.fetch();
					const body = (await real.json()) as { total_rows?: number };
					const total = body.total_rows ?? 1000;
					await route.fulfill({
						json: {
							percent_complete: 37,
							rows_exported: Math.round(total * 0.37),
							total_rows: total,
						},
					});
					return;
				}
				await route.continue();
			});
			await page.goto(ordersUrl(baseUrl()));
			const table = page.locator('.abacus-report-table');
			// Years of orders with a comparison: the first file of a worker on a busy machine may
			// wait longer than Playwright's 30 s default for the table.
			await table
				.getByRole('button', { name: 'Download', exact: true })
				.waitFor({ timeout: 90_000 });
			await page.waitForFunction(
				() => !document.querySelector('.abacus-report-table .is-loading'),
				undefined,
				{ polling: 100 },
			);
			const downloadEvent = page.waitForEvent('download', { timeout: 90_000 });
			await table.getByRole('button', { name: 'Download', exact: true }).click();
			const bar = page.getByRole('progressbar', { name: 'Preparing the Orders report file' });
			await bar.waitFor();
			// The bar shows at once and at 0 until the first status answer (37 %) arrives.
			await page.waitForFunction(
				() => document.querySelector('[role="progressbar"][aria-valuenow="37"]') !== null,
				undefined,
				{ polling: 100, timeout: 30_000 },
			);
			expect(await bar.getAttribute('aria-valuenow')).toBe('37');
			await page.getByRole('button', { name: 'Cancel export' }).waitFor();
			await screenshot(page, `long-jobs-export-progress-${width}`);
			await viewShot(page, '.abacus-export-progress', `long-jobs-export-progress-${width}`);
			holding = false;
			const download = await downloadEvent;
			const lines = (await downloadedText(download)).trim().split('\n');
			const total = await api<unknown[]>('/wc-analytics/reports/orders', {
				after: '2020-01-01T00:00:00',
				before: `${new Date().toISOString().slice(0, 10)}T23:59:59`,
				per_page: 1,
			});
			expect(lines.length).toBe(Number(total.headers.get('x-wp-total')) + 1);
			expect(lines[0]).toContain('Order #');
			expect(download.suggestedFilename()).toMatch(/\.csv$/);
			await page.getByRole('link', { name: 'Download file' }).waitFor();
			expect(
				await page.evaluate(
					() => document.documentElement.scrollWidth <= window.innerWidth + 1,
				),
			).toBe(true);
			await screenshot(page, `long-jobs-export-ready-${width}`);
			await viewShot(
				page,
				'.abacus-export-progress__notice',
				`long-jobs-export-ready-${width}`,
			);
			expect(errors).toEqual([]);
			await page.context().close();
		});
	}
});

/** A store of its own with slow import batches (200 orders every 400 ms). */
async function startSlowImportServer(): Promise<{ url: string; stop: () => void }> {
	const dir = mkdtempSync(path.join(tmpdir(), 'abacus-e2e-import-'));
	const server = await startOwnServer(
		`{
			databasePath: ${JSON.stringify(path.join(dir, 'store.duckdb'))},
			orders: 2000, seed: 3,
			importBatchSize: 200,
			importPace: () => new Promise((resolve) => setTimeout(resolve, 400)),
		}`,
		'import',
	);
	return {
		url: server.url,
		stop: () => {
			server.stop();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

describe('historical import', () => {
	let server: { url: string; stop: () => void } | undefined;
	beforeAll(async () => {
		server = await startSlowImportServer();
	}, 120_000);
	afterAll(() => server?.stop());

	it('shows imported / total orders and customers while it runs, Stop, and completion', async () => {
		const base = String(server?.url);
		for (const [width, height] of [
			[1440, 900],
			[390, 844],
		] as const) {
			const page = await newPage(width, height);
			const errors: string[] = [];
			page.on('pageerror', (error) => errors.push(error.message));
			await page.goto(
				`${base}/wp-admin/admin.php?${new URLSearchParams({ page: 'abacus', path: '/analytics/settings' }).toString()}`,
			);
			await page.getByRole('checkbox', { name: /Skip previously imported/ }).uncheck();
			await page.getByRole('button', { name: 'Start' }).click();
			await page.getByText('Importing…').waitFor();
			const orders = page.getByRole('progressbar', { name: 'Orders' });
			// The bar moves while the import runs (read again every second).
			await page.waitForFunction(
				() => {
					const bar = document.querySelector('[role="progressbar"][aria-label="Orders"]');
					const now = Number(bar?.getAttribute('aria-valuenow'));
					return now > 0 && now < Number(bar?.getAttribute('aria-valuemax'));
				},
				undefined,
				{ polling: 100, timeout: 30_000 },
			);
			expect(Number(await orders.getAttribute('aria-valuemax'))).toBeGreaterThan(2000);
			await page.getByRole('progressbar', { name: 'Customers' }).waitFor();
			await screenshot(page, `long-jobs-import-running-${width}`);
			await viewShot(page, '.abacus-import__progress', `long-jobs-import-running-${width}`);
			if (width === 1440) {
				await page.getByRole('button', { name: 'Stop import' }).click();
				await page.getByText('Import stopped.').waitFor({ timeout: 30_000 });
				await page.getByRole('button', { name: 'Start' }).click();
			}
			await page.getByText('Import complete.').waitFor({ timeout: 120_000 });
			const text = await page.locator('.abacus-import__progress').innerText();
			expect(text).toMatch(/Orders: ([\d,]+) of \1 imported/);
			expect(text).toMatch(/Customers: ([\d,]+) of \1 imported/);
			expect(
				await page.evaluate(
					() => document.documentElement.scrollWidth <= window.innerWidth + 1,
				),
			).toBe(true);
			await screenshot(page, `long-jobs-import-complete-${width}`);
			await viewShot(page, '.abacus-import__progress', `long-jobs-import-complete-${width}`);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	}, 300_000);
});
