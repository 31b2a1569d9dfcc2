/**
 * Markup in store data: product names, coupon codes and customer names holding HTML, script and
 * spreadsheet formulas (the second store of global-setup.mjs) are shown as plain text on every
 * page that lists them, never run, and the CSV download neutralises formulas.
 */

import type { Browser, Page } from 'playwright-core';

import { downloadedText, launch } from './helpers.js';

// The names global-setup.mjs gives the markup store (each followed by an id).
const PRODUCT = '<img src=x onerror="window.__pwned=1">Mug';
const COUPON = '=HYPERLINK("http://evil.test")<script>window.__pwned=1</script>';
const CUSTOMER = '@SUM(1)<svg onload="window.__pwned=1">';

let browser: Browser;
let page: Page;
const errors: string[] = [];

/**
 * The markup store's whole history (its orders span the 800 days before it was made), as a custom
 * range with its comparison: a period without `compare` is the default range (API.md,
 * getDateParamsFromQuery), month to date, which on the 1st of a month holds nothing.
 */
const DAY_MS = 86_400_000;
const HISTORY = {
	period: 'custom',
	compare: 'previous_year',
	after: new Date(Date.now() - 802 * DAY_MS).toISOString().slice(0, 10),
	before: new Date(Date.now() + DAY_MS).toISOString().slice(0, 10),
};

function markupUrl(path: string, query: Record<string, string> = {}): string {
	const base = process.env.ABACUS_E2E_MARKUP_URL;
	if (!base) throw new Error('ABACUS_E2E_MARKUP_URL is not set: run through tests/e2e/run.js.');
	const params = new URLSearchParams({ page: 'abacus', path, ...HISTORY, ...query });
	return `${base}/wp-admin/admin.php?${params.toString()}`;
}

/** Opens a page of the markup store and checks that nothing of the names ran or became markup. */
async function visit(path: string, expected: string[], query: Record<string, string> = {}) {
	await page.goto(markupUrl(path, query));
	await page.waitForLoadState('networkidle');
	// A busy machine may leave the figures loading when the network first rests.
	await page.waitForFunction(
		() =>
			!document.querySelector('#root .is-loading') &&
			!document
				.querySelector('#root')
				?.textContent?.includes('Your requested data is loading'),
		undefined,
		{ polling: 100, timeout: 60_000 },
	);
	// Nor a route whose code is still on its way ("Loading…"): wait for the names themselves (a
	// page that never shows them fails below, saying which is missing).
	await page
		.waitForFunction(
			(names) => {
				const shown = document.querySelector('#root')?.textContent ?? '';
				return names.every((name) => shown.includes(name));
			},
			expected,
			{ polling: 100, timeout: 60_000 },
		)
		.catch(() => undefined);
	const text = await page.locator('#root').innerText();
	for (const name of expected) {
		expect(text).toContain(name);
	}
	await expect(page.evaluate(() => 'pwned' in window || '__pwned' in window)).resolves.toBe(
		false,
	);
	await expect(
		page.locator('#root img[src="x"], #root svg[onload], #root script').count(),
	).resolves.toBe(0);
}

beforeAll(async () => {
	browser = await launch();
	const context = await browser.newContext({
		viewport: { width: 1400, height: 1000 },
		acceptDownloads: true,
	});
	page = await context.newPage();
	page.on('pageerror', (error) => errors.push(error.message));
});

afterAll(async () => {
	await browser?.close();
});

describe('names with markup and formulas', () => {
	it('are text in the products, orders, coupons and customers reports and the overview', async () => {
		await visit('/analytics/products', [PRODUCT]);
		await visit('/analytics/orders', [PRODUCT]);
		await visit('/analytics/coupons', [COUPON]);
		await visit('/customers', [CUSTOMER]);
		await visit('/analytics/overview', [PRODUCT, COUPON]);
		expect(errors).toEqual([]);
	});

	it('never become elements in the search suggestions of a filter', async () => {
		await page.goto(markupUrl('/analytics/products'));
		// Show: Single product, whose search is inside the filter's menu.
		await page.locator('.abacus-filter-picker__dropdown button').first().click();
		await page.getByRole('button', { name: 'Single product' }).click();
		const search = page.locator('input[role="combobox"]').first();
		await search.click();
		await search.pressSequentially('Mug');
		const option = page.locator('[role="listbox"] [role="option"]').first();
		await option.waitFor();
		await expect(option.innerText()).resolves.toContain('Mug');
		// Suggestions decode the name as HTML text (entities, as stores save them): the tag is gone,
		// never an element.
		await expect(page.locator('[role="listbox"] img[src="x"]').count()).resolves.toBe(0);
		await expect(page.evaluate(() => '__pwned' in window)).resolves.toBe(false);
	});

	it('are neutralised in the CSV download', async () => {
		await page.goto(markupUrl('/analytics/coupons'));
		await page.waitForLoadState('networkidle');
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download' }).click(),
		]);
		const csv = await downloadedText(download);
		// The code is there as text, with a leading apostrophe so that no spreadsheet runs it.
		expect(csv).toContain(
			`"'=HYPERLINK(""http://evil.test"")<script>window.__pwned=1</script>`,
		);
		expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
	});
});
