/**
 * Products › Show › Single product for a variable product (issue 18): the table lists the
 * product's variations (from `reports/variations?product_includes=<id>`), each with its title and
 * attributes, SKU, items sold, net sales, orders, stock status and stock, the way WooCommerce
 * shows them; a simple product still shows its one product row. Looked at in Chromium at 1440 px
 * and 390 px wide.
 */

import type { Page } from 'playwright-core';

import {
	api,
	bestSellingProduct,
	chooseColumn,
	downloadedText,
	fileBrowser,
	lastMonthRanges,
	money,
	openPage,
	screenshot,
	settled,
} from './helpers.js';

const { query: rangeQuery, api: range } = lastMonthRanges();

const browser = fileBrowser();

interface ProductRow {
	product_id: number;
	items_sold: number;
	extended_info: { name: string; variations?: number[] };
}

interface VariationRow {
	variation_id: number;
	items_sold: number;
	net_revenue: number;
	orders_count: number;
	extended_info: { name: string; sku: string; attributes: Array<{ option: string }> };
}

/** The best-selling variable product of last month and its variation rows, as the server reports them. */
async function variableProduct(): Promise<{ product: ProductRow; variations: VariationRow[] }> {
	const product = await bestSellingProduct<ProductRow>(range, 'variable');
	const { body: variations } = await api<VariationRow[]>('/wc-analytics/reports/variations', {
		...range,
		orderby: 'items_sold',
		order: 'desc',
		per_page: 25,
		extended_info: 'true',
		product_includes: product.product_id,
	});
	return { product, variations };
}

/** Products › Show › Single product for `productId`, last month against the year before. */
function openProduct(productId: number): Promise<{ page: Page; errors: string[] }> {
	return openPage(browser(), '/analytics/products', {
		...rangeQuery,
		filter: 'single_product',
		products: String(productId),
	});
}

/** The column titles of the report table (without the screen-reader sort hints). */
async function tableHeaders(page: Page): Promise<string[]> {
	const texts = await page
		.locator('.abacus-report-table table')
		.last()
		.locator('thead th')
		.allInnerTexts();
	return texts.map((text) => text.split('\n')[0].replace(/[▲▼]/g, '').trim());
}

async function tableRows(page: Page): Promise<string[][]> {
	return page
		.locator('.abacus-report-table table')
		.last()
		.locator('tbody tr')
		.evaluateAll((rows) =>
			rows.map((row) =>
				Array.from(row.querySelectorAll('th, td')).map((cell) =>
					(cell as HTMLElement).innerText.trim(),
				),
			),
		);
}

describe('a single variable product', () => {
	it('lists its variations with their own columns at 1440 px', async () => {
		const { product, variations } = await variableProduct();
		expect(variations.length).toBeGreaterThan(1);
		const { page, errors } = await openProduct(product.product_id);
		await page.setViewportSize({ width: 1440, height: 900 });
		await page.waitForSelector('.abacus-report-table table tbody tr', { timeout: 30000 });
		await settled(page);
		const headers = await tableHeaders(page);
		expect(headers).toEqual(
			expect.arrayContaining([
				'Product / Variation title',
				'Items sold',
				'Net sales',
				'Orders',
				'Status',
				'Stock',
			]),
		);
		const rows = await tableRows(page);
		expect(rows).toHaveLength(variations.length);
		// Same order and figures as the variations report for this product.
		variations.forEach((variation, index) => {
			const row = rows[index];
			expect(row[0]).toBe(variation.extended_info.name);
			for (const attribute of variation.extended_info.attributes) {
				expect(row[0]).toContain(attribute.option);
			}
			expect(row).toContain(money(variation.net_revenue));
			expect(row).toContain(variation.items_sold.toLocaleString('en-US'));
		});
		expect(await page.locator('.abacus-report-table').innerText()).toMatch(/variations? sold/);
		await screenshot(page, 'variable-product-1440');
		// The download is the variations table the person sees.
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download' }).click(),
		]);
		expect(download.suggestedFilename()).toMatch(/^variations_.*\.csv$/);
		const csv = (await downloadedText(download)).trim().split('\n');
		expect(csv[0]).toContain('Product / Variation title');
		expect(csv).toHaveLength(variations.length + 1);
		expect(csv[1]).toContain(variations[0].extended_info.name);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('shows the SKU column when the person turns it on', async () => {
		const { product, variations } = await variableProduct();
		const { page, errors } = await openProduct(product.product_id);
		await settled(page);
		await page.waitForSelector('.abacus-report-table table tbody tr', { timeout: 30000 });
		// SKU starts hidden (the variations table's default) and is saved as shown once clicked.
		await chooseColumn(page, /SKU/, true);
		await page.keyboard.press('Escape');
		await page.waitForFunction(
			() =>
				Array.from(document.querySelectorAll('.abacus-report-table thead th')).some((th) =>
					(th as HTMLElement).innerText.trim().startsWith('SKU'),
				),
			undefined,
			{ polling: 100, timeout: 60000 },
		);
		expect(await tableHeaders(page)).toContain('SKU');
		const rows = await tableRows(page);
		expect(rows[0]).toContain(variations[0].extended_info.sku);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('fits a 390 px phone: the table scrolls inside its own box', async () => {
		const { product, variations } = await variableProduct();
		const { page, errors } = await openProduct(product.product_id);
		await page.setViewportSize({ width: 390, height: 844 });
		await page.waitForSelector('.abacus-report-table table tbody tr', { timeout: 30000 });
		await settled(page);
		const widths = await page.evaluate(() => ({
			scroll: document.documentElement.scrollWidth,
			inner: window.innerWidth,
		}));
		expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
		expect(await tableRows(page)).toHaveLength(variations.length);
		await screenshot(page, 'variable-product-390');
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('a single simple product', () => {
	it('still shows its one product row', async () => {
		const simple = await bestSellingProduct<ProductRow>(range, 'simple');
		const { page, errors } = await openProduct(simple.product_id);
		await settled(page);
		await page.waitForSelector('.abacus-report-table table tbody tr', { timeout: 30000 });
		const rows = await tableRows(page);
		expect(rows).toHaveLength(1);
		expect(rows[0][0]).toBe(simple.extended_info.name);
		const headers = await tableHeaders(page);
		expect(headers).toContain('Product title');
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
