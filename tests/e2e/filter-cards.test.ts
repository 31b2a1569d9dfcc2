/**
 * The report filter bar end to end: the date range picker (presets and typed custom dates), the
 * advanced-filters card of the orders report and the comparison card of the products report, each
 * writing the address and the page showing the API's figures for it.
 */
import type { Browser, Locator, Page } from 'playwright-core';

import { api, launch, lastMonth, money, openPage, screenshot } from './helpers.js';

interface Stats {
	totals: Record<string, number>;
}

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

function queryOf(page: Page): URLSearchParams {
	return new URL(page.url()).searchParams;
}

async function tileValue(page: Page, label: string): Promise<string> {
	const tile = page.locator('.abacus-summary__item', {
		has: page.locator('.abacus-summary__item-label', { hasText: new RegExp(`^${label}$`) }),
	});
	await tile.first().waitFor();
	await page.waitForFunction(
		() => !document.querySelector('.is-placeholder, .is-loading'),
		undefined,
		{ polling: 100 },
	);
	return (await tile.first().locator('.abacus-summary__item-value').innerText()).trim();
}

/** MM/DD/YYYY of an ISO day. */
function us(day: string): string {
	const [y, m, d] = day.split('-');
	return `${m}/${d}/${y}`;
}

async function openDatePicker(page: Page): Promise<Locator> {
	await page.locator('.abacus-date-range-filter-picker__dropdown button').first().click();
	const popover = page.locator('.abacus-date-range-filter-picker__content');
	await popover.waitFor();
	return popover;
}

describe('date range picker', () => {
	it('applies a preset with its comparison, and the tiles follow', async () => {
		const { page, errors } = await openPage(browser, '/analytics/revenue');
		const picker = await openDatePicker(page);
		await picker.getByLabel('Last Month').check();
		await picker.getByLabel('Previous Period').check();
		await picker.getByRole('button', { name: 'Update' }).click();
		await page.waitForURL(/period=last_month/);
		expect(queryOf(page).get('compare')).toBe('previous_period');
		expect(queryOf(page).get('after')).toBeNull();
		await expect(
			page.locator('.abacus-date-range-filter-picker__dropdown button').first().innerText(),
		).resolves.toMatch(/Last Month[\s\S]*vs\. Previous Period/);
		const [after, before] = lastMonth();
		const { body } = await api<Stats>('/wc-analytics/reports/revenue/stats', {
			after: `${after}T00:00:00`,
			before: `${before}T23:59:59`,
			interval: 'day',
			per_page: 100,
		});
		await expect(tileValue(page, 'Net sales')).resolves.toBe(money(body.totals.net_revenue));
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('checks typed custom dates, then applies them', async () => {
		const { page, errors } = await openPage(browser, '/analytics/revenue');
		const picker = await openDatePicker(page);
		await picker.getByRole('tab', { name: 'Custom' }).click();
		const start = picker.getByRole('textbox', { name: 'Start date' });
		const end = picker.getByRole('textbox', { name: 'End date' });
		const update = picker.getByRole('button', { name: 'Update' });
		const reset = picker.getByRole('button', { name: 'Reset' });
		await expect(update.isDisabled()).resolves.toBe(true);
		await expect(reset.isDisabled()).resolves.toBe(true);

		await start.fill('13/45/2026');
		await picker.getByText('Invalid date').waitFor();
		await expect(update.isDisabled()).resolves.toBe(true);

		const [after, before] = lastMonth();
		await start.fill(us(before));
		await end.fill(after);
		await picker.getByText('Start date must be before end date').waitFor();
		await expect(update.isDisabled()).resolves.toBe(true);

		await reset.click();
		await expect(start.inputValue()).resolves.toBe('');
		await expect(end.inputValue()).resolves.toBe('');

		await start.fill(us(after));
		await end.fill(before);
		await expect(update.isEnabled()).resolves.toBe(true);
		await update.click();
		await page.waitForURL(/period=custom/);
		expect(queryOf(page).get('after')).toBe(after);
		expect(queryOf(page).get('before')).toBe(before);
		const { body } = await api<Stats>('/wc-analytics/reports/revenue/stats', {
			after: `${after}T00:00:00`,
			before: `${before}T23:59:59`,
			interval: 'day',
			per_page: 100,
		});
		await expect(tileValue(page, 'Gross sales')).resolves.toBe(money(body.totals.gross_sales));
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('advanced filters', () => {
	it('adds, applies, narrows to any, removes and clears filters on the orders report', async () => {
		const [after, before] = lastMonth();
		const range = { period: 'custom', compare: 'previous_year', after, before };
		const { page, errors } = await openPage(browser, '/analytics/orders', range);
		await page.locator('.abacus-filter-picker__dropdown button').first().click();
		await page.getByRole('button', { name: 'Advanced filters' }).click();
		const card = page.locator('.abacus-advanced-filters');
		await card.waitFor();
		const apply = card.getByRole('button', { name: 'Filter', exact: true });
		await expect(apply.isDisabled()).resolves.toBe(true);

		await card.getByRole('button', { name: 'Add a Filter' }).click();
		await page.getByRole('menuitem', { name: 'Order status' }).click();
		const status = card.getByRole('combobox', { name: 'Select an order status', exact: true });
		await status.click();
		await card.locator('[role="listbox"] [role="option"]', { hasText: 'Completed' }).click();
		await card.getByRole('button', { name: 'Add a Filter' }).click();
		await page.getByRole('menuitem', { name: 'Products' }).click();
		const products = card.getByRole('combobox', { name: 'Select products' });
		await products.fill('Po');
		const option = card.locator('[role="listbox"] [role="option"]').first();
		await option.waitFor();
		await option.click();
		// Each line reads as a sentence, with no template left over.
		await expect(card.innerText()).resolves.not.toMatch(/\{\{/);

		// The wide orders table scrolls inside its card; the page itself never scrolls sideways.
		await expect(
			page.evaluate(
				() => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
			),
		).resolves.toBe(true);

		await screenshot(page, 'advanced-filters', 'advanced-filters');

		await card
			.getByRole('combobox', { name: 'Match all or any of the filters' })
			.selectOption('any');
		await apply.click();
		await page.waitForURL(/status_is=completed/);
		const query = queryOf(page);
		expect(query.get('match')).toBe('any');
		const productIds = query.get('product_includes');
		expect(productIds).toMatch(/^\d+(,\d+)*$/);
		const { body } = await api<Stats>('/wc-analytics/reports/orders/stats', {
			after: `${after}T00:00:00`,
			before: `${before}T23:59:59`,
			status_is: 'completed',
			product_includes: productIds as string,
			match: 'any',
		});
		await expect(tileValue(page, 'Orders')).resolves.toBe(String(body.totals.orders_count));
		// The card shows what the address says, and nothing changed: Filter is disabled again.
		await expect(apply.isDisabled()).resolves.toBe(true);

		await card.getByRole('button', { name: 'Remove products filter' }).click();
		await apply.click();
		await page.waitForURL((url) => !url.search.includes('product_includes'));
		expect(queryOf(page).get('status_is')).toBe('completed');

		await card.getByRole('button', { name: 'Clear all filters' }).click();
		await page.waitForURL((url) => !url.search.includes('status_is'));
		expect(queryOf(page).get('match')).toBeNull();
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('comparison', () => {
	it('compares two products in the chart and table, and clears the selection', async () => {
		// Over the last year, when both products sold (the default range, month to date, holds
		// nothing early on the 1st of a month).
		const { page, errors } = await openPage(browser, '/analytics/products', {
			filter: 'compare-products',
			period: 'last_year',
			compare: 'previous_year',
		});
		const card = page.locator('.abacus-compare-filter');
		await card.waitFor();
		const compare = card.getByRole('button', { name: 'Compare' });
		await expect(compare.getAttribute('aria-disabled')).resolves.toBe('true');
		const search = card.getByRole('combobox', { name: 'Search for products to compare' });
		for (const text of ['Po', 'Mu']) {
			await search.fill(text);
			const option = card.locator('[role="listbox"] [role="option"]').first();
			await option.waitFor();
			await option.click();
		}
		await expect(compare.getAttribute('aria-disabled')).resolves.not.toBe('true');
		await compare.click();
		await page.waitForURL(/products=\d+(%2C|,)\d+/);
		const ids = (queryOf(page).get('products') ?? '').split(',');
		expect(ids).toHaveLength(2);
		// One legend entry per compared product, and the table lists those two.
		await page.waitForFunction(
			() => !document.querySelector('.is-placeholder, .is-loading'),
			undefined,
			{ polling: 100 },
		);
		await expect(page.locator('main .abacus-legend__checkbox').count()).resolves.toBe(2);
		await expect(page.locator('table').last().locator('tbody tr').count()).resolves.toBe(2);

		await card.getByRole('button', { name: 'Clear all' }).click();
		await page.waitForURL((url) => !/[?&]products=/.test(url.search));
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
