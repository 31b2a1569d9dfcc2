/**
 * The Profit report end to end on the demo store: tiles equal the server's figures, the products
 * sold without a cost are named with a link to set them, the cost editor refuses a bad amount and
 * saves a good one (the notice then names one product fewer), the table switches to categories,
 * and the Overview shows the Profit tiles. Screenshots at 1440 and 390 px wide
 * go to test-results/e2e with ABACUS_E2E_SCREENSHOTS=1.
 */
import type { Page } from 'playwright-core';

import { api, fileBrowser, lastMonthRanges, money, openPage, screenshot } from './helpers.js';

interface Stats {
	totals: Record<string, number | null>;
}
interface Missing {
	count: number;
	products: Array<{ product_id: number; name: string }>;
}

const browser = fileBrowser();
const { after, query: range, api: apiRange } = lastMonthRanges();

/** Opens the app at `appPath` with `query`, `width` px wide. */
function open(
	appPath: string,
	query: Record<string, string>,
	width = 1440,
): Promise<{ page: Page; errors: string[] }> {
	return openPage(browser(), appPath, query, width);
}

async function tileValue(page: Page, label: string): Promise<string> {
	const tile = page.locator('.abacus-summary__item', {
		has: page.locator('.abacus-summary__item-label', { hasText: new RegExp(`^${label}$`) }),
	});
	await tile.first().waitFor();
	await page.waitForFunction(() => !document.querySelector('.is-placeholder'), undefined, {
		polling: 100,
	});
	return (await tile.first().locator('.abacus-summary__item-value').innerText()).trim();
}

describe('Profit report', () => {
	it('shows the server’s gross profit, cost and net sales, and names products without a cost', async () => {
		const { page, errors } = await open('/analytics/profit', range);
		const { body } = await api<Stats>('/wc-analytics/reports/profit/stats', {
			...apiRange,
			interval: 'day',
			per_page: 100,
		});
		await expect(tileValue(page, 'Gross profit')).resolves.toBe(
			money(Number(body.totals.gross_profit)),
		);
		await expect(tileValue(page, 'Cost of goods')).resolves.toBe(
			money(Number(body.totals.cost)),
		);
		await expect(tileValue(page, 'Net sales')).resolves.toBe(
			money(Number(body.totals.net_revenue)),
		);
		const missing = (await api<Missing>('/wc-analytics/reports/profit/missing-costs', apiRange))
			.body;
		expect(missing.count).toBeGreaterThan(0);
		const notice = page.locator('.abacus-profit__missing');
		await expect(notice.innerText()).resolves.toContain(
			`${missing.count} product${missing.count === 1 ? '' : 's'} sold in this period`,
		);
		await expect(
			notice
				.getByRole('link', { name: `Set the cost of ${missing.products[0].name}` })
				.count(),
		).resolves.toBe(1);
		// The table lists products with their profit; the first row is the best seller by net sales.
		await page.locator('.abacus-table tbody tr, table tbody tr').first().waitFor();
		await screenshot(page, 'profit-1440');
		await screenshot(page, 'profit', 'profit');
		expect(errors).toEqual([]);
	});

	it('edits a cost: a bad amount is refused on its field, a good one is saved and the notice shrinks', async () => {
		const missing = (await api<Missing>('/wc-analytics/reports/profit/missing-costs', apiRange))
			.body;
		const target = missing.products[0];
		const { page, errors } = await open('/analytics/profit', range);
		await page
			.locator('.abacus-profit__missing')
			.getByRole('link', { name: `Set the cost of ${target.name}` })
			.click();
		const dialog = page.getByRole('dialog');
		await dialog.waitFor();
		await dialog.getByText('No cost', { exact: false }).first().waitFor();
		await dialog.getByLabel('Unit cost').fill('abc');
		await dialog.getByRole('button', { name: 'Save cost' }).click();
		await dialog.getByText('Enter the cost as a non-negative amount, like 12.50.').waitFor();
		// A third decimal is refused by the server (the store's precision is 2), said on the field.
		await dialog.getByLabel('Unit cost').fill('1.234');
		await dialog.getByRole('button', { name: 'Save cost' }).click();
		await dialog
			.getByText(/more than 2 decimal places/)
			.first()
			.waitFor();
		await screenshot(page, 'profit-cost-editor-1440', undefined, { viewport: true });
		await dialog.getByLabel('Unit cost').fill('3.50');
		await dialog.getByLabel('Applies from').fill(after);
		await dialog.getByRole('button', { name: 'Save cost' }).click();
		await dialog.getByText('Cost saved.', { exact: false }).waitFor();
		await dialog
			.getByText(`${money(3.5)} from`, { exact: false })
			.first()
			.waitFor();
		await page.keyboard.press('Escape');
		const after1 = (await api<Missing>('/wc-analytics/reports/profit/missing-costs', apiRange))
			.body;
		expect(after1.count).toBe(missing.count - 1);
		const notice = page.locator('.abacus-profit__missing');
		await page.waitForFunction(
			(count) =>
				document
					.querySelector('.abacus-profit__missing')
					?.textContent?.includes(`${count} product`) ?? count === 0,
			missing.count - 1,
			{ polling: 100 },
		);
		if (missing.count > 1) {
			await expect(
				notice.getByRole('link', { name: `Set the cost of ${target.name}` }).count(),
			).resolves.toBe(0);
		}
		expect(errors).toEqual([]);
	});

	it('switches the table to categories, and looks right at 390 px', async () => {
		const { page, errors } = await open('/analytics/profit', { ...range, by: 'category' }, 390);
		await page
			.getByRole('columnheader', { name: /Category/ })
			.first()
			.waitFor();
		await page.waitForFunction(() => !document.querySelector('.is-placeholder'), undefined, {
			polling: 100,
		});
		await screenshot(page, 'profit-390');
		const missing = (await api<Missing>('/wc-analytics/reports/profit/missing-costs', apiRange))
			.body;
		const editor = await open(
			'/analytics/profit',
			{
				...range,
				edit_cost: String(missing.products[0]?.product_id ?? 1),
			},
			390,
		);
		await editor.page.getByRole('dialog').getByLabel('Unit cost').waitFor();
		await screenshot(editor.page, 'profit-cost-editor-390', undefined, { viewport: true });
		expect([...errors, ...editor.errors]).toEqual([]);
	});

	it('puts Profit tiles with their change on the Overview', async () => {
		const { page, errors } = await open('/analytics/overview', range);
		const section = page.locator('.abacus-dashboard__profit');
		await section.waitFor();
		const { body } = await api<Stats>('/wc-analytics/reports/profit/stats', {
			...apiRange,
			interval: 'year',
		});
		const tile = section.locator('.abacus-summary__item', {
			has: page.locator('.abacus-summary__item-label', { hasText: /^Gross profit$/ }),
		});
		await tile.waitFor();
		await expect(tile.locator('.abacus-summary__item-value').innerText()).resolves.toBe(
			money(Number(body.totals.gross_profit)),
		);
		if (Number(body.totals.products_without_cost) > 0) {
			await expect(
				section.locator('.abacus-dashboard__profit-missing').innerText(),
			).resolves.toContain(`${body.totals.products_without_cost} product`);
		}
		await screenshot(page, 'profit-overview-1440');
		expect(errors).toEqual([]);
	});
});
