/**
 * Shared helpers of the end-to-end tests: the browser, the server URL, REST calls for expected
 * figures, and screenshots saved to test-results/e2e/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type Download, type Page } from 'playwright-core';

import { CHROMIUM_ARGS } from '../support/chromium.js';

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../test-results/e2e');

export function baseUrl(): string {
	const url = process.env.ABACUS_E2E_URL;
	if (!url) {
		throw new Error('ABACUS_E2E_URL is not set: run the e2e tests through tests/e2e/run.js.');
	}
	return url;
}

/**
 * The browser of a test file: a connection to its jest worker's Chromium (started once per worker
 * by tests/e2e/global-setup.mjs; `close()` disconnects and closes the file's contexts), or a
 * Chromium of its own when the tests run without that setup.
 */
export async function launch(): Promise<Browser> {
	const endpoint = process.env.ABACUS_E2E_BROWSER;
	if (endpoint) return chromium.connect(endpoint, { timeout: 60_000 });
	return chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: CHROMIUM_ARGS,
	});
}

/** The admin page URL for an in-app path and query. */
export function adminUrl(appPath: string, query: Record<string, string> = {}): string {
	const params = new URLSearchParams({ page: 'abacus', path: appPath, ...query });
	return `${baseUrl()}/wp-admin/admin.php?${params.toString()}`;
}

/** Opens a page and collects console errors and failed requests. */
export async function openPage(
	browser: Browser,
	appPath: string,
	query: Record<string, string> = {},
): Promise<{ page: Page; errors: string[] }> {
	const context = await browser.newContext({
		viewport: { width: 1400, height: 1000 },
		acceptDownloads: true,
	});
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(adminUrl(appPath, query));
	return { page, errors };
}

/**
 * The text of a finished download (a connected browser keeps its files on its side: the file is
 * saved into a temporary folder, read and removed).
 */
export async function downloadedText(download: Download): Promise<string> {
	const dir = mkdtempSync(path.join(tmpdir(), 'abacus-e2e-download-'));
	try {
		const file = path.join(dir, download.suggestedFilename() || 'download');
		await download.saveAs(file);
		return readFileSync(file, 'utf8');
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** GET a REST route of the server (path under /wp-json, e.g. '/wc-analytics/reports/revenue/stats'). */
export async function api<T>(
	route: string,
	query: Record<string, string | number> = {},
): Promise<{
	body: T;
	headers: Headers;
}> {
	const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
	const response = await fetch(`${baseUrl()}/wp-json${route}?${params.toString()}`);
	if (!response.ok) {
		throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
	}
	return { body: (await response.json()) as T, headers: response.headers };
}

/** Where `ABACUS_SCREENSHOTS=1` writes the README's screenshots. */
export const DOCS_SCREENSHOT_DIR = path.resolve(__dirname, '../../docs/screenshots');

/**
 * A full-page screenshot kept as a test artifact; with `ABACUS_SCREENSHOTS=1` and `docsName`, the
 * visible part of the page is also written to docs/screenshots/<docsName>.png for the README.
 */
export async function screenshot(page: Page, name: string, docsName?: string): Promise<string> {
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	const file = path.join(SCREENSHOT_DIR, `${name}.png`);
	await page.screenshot({ path: file, fullPage: true });
	if (docsName && process.env.ABACUS_SCREENSHOTS === '1') {
		mkdirSync(DOCS_SCREENSHOT_DIR, { recursive: true });
		await page.screenshot({ path: path.join(DOCS_SCREENSHOT_DIR, `${docsName}.png`) });
	}
	return file;
}

/** en-US money as the default store currency shows it ($1,234.56; -$5.00 for negatives). */
export function money(value: number): string {
	const abs = Math.abs(value).toLocaleString('en-US', {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2,
	});
	return value < 0 ? `-$${abs}` : `$${abs}`;
}

/** A date as YYYY-MM-DD (UTC). */
export function isoDay(date: Date): string {
	return date.toISOString().slice(0, 10);
}

/** The previous full calendar month (UTC): [first day, last day]. */
export function lastMonth(now = new Date()): [string, string] {
	const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
	const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
	return [isoDay(first), isoDay(last)];
}

/**
 * Shows or hides a report table's column with the mouse, as a person does: opens the table's
 * column menu (again if it closed while the page was still loading), clicks the column's
 * checkbox and waits for the box to change and for the choice to be saved to the user's
 * preferences (the POST to /wp/v2/users/me).
 */
export async function chooseColumn(page: Page, column: RegExp, shown: boolean): Promise<void> {
	const toggle = page.getByRole('button', { name: 'Choose which values to display' });
	const item = page.getByRole('menuitemcheckbox', { name: column });
	for (let attempt = 1; ; attempt++) {
		if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
		try {
			await item.waitFor({ state: 'visible', timeout: 15000 });
			break;
		} catch (error) {
			if (attempt >= 3) throw error;
		}
	}
	const checked = await item.getAttribute('aria-checked');
	if (checked === String(shown)) {
		throw new Error(`The column ${String(column)} is already ${shown ? 'shown' : 'hidden'}.`);
	}
	await Promise.all([
		page.waitForResponse(
			(response) =>
				response.url().includes('/wp/v2/users/me') && response.request().method() !== 'GET',
			{ timeout: 60000 },
		),
		item.click(),
	]);
	await page.waitForFunction(
		({ name, value }) =>
			Array.from(document.querySelectorAll('[role="menuitemcheckbox"]')).some(
				(box) =>
					new RegExp(name).test(box.textContent ?? '') &&
					box.getAttribute('aria-checked') === value,
			),
		{ name: column.source, value: String(shown) },
		{ timeout: 30000 },
	);
}

/**
 * A demo server of a test's own, in a child process: `options` is the source of startServer's
 * options object (it may hold functions, e.g. an import pace), with the client build of this run.
 * Resolves with its address once it listens; `stop()` ends it.
 */
export async function startOwnServer(
	options: string,
	what: string,
): Promise<{ url: string; stop: () => void }> {
	const script = `
		const { startServer } = await import(${JSON.stringify(path.resolve(__dirname, '../../server/build/index.js'))});
		const server = await startServer({
			...${options},
			port: 0, quiet: true,
			buildDir: process.env.ABACUS_E2E_BUILD_DIR || undefined,
		});
		console.log('URL ' + server.url);
		process.on('SIGTERM', async () => { await server.close(); process.exit(0); });
	`;
	const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], {
		cwd: path.resolve(__dirname, '../..'),
		env: process.env,
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const url = await new Promise<string>((resolve, reject) => {
		let out = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const m = /URL (\S+)/.exec(out);
			if (m) resolve(m[1].replace(/\/$/, ''));
		});
		child.on('exit', (code) => reject(new Error(`The ${what} server exited (${code}).`)));
	});
	return { url, stop: () => child.kill('SIGTERM') };
}
