/**
 * The helper screens in a store admin's first hour (issue 18), in Chromium with mouse clicks:
 * Store settings load and save only what changed, notices stay in the viewport, inbox actions go
 * where they say, the Stock screen follows the server's stock status, Payments remembers Not now,
 * lists an installed gateway and says why Connect fails. Every screen is checked at 1440 and 390 px
 * and never scrolls sideways (photographed with ABACUS_E2E_SCREENSHOTS=1).
 */
import type { Browser, Page } from 'playwright-core';

import { adminUrl, api, launch, screenshot } from './helpers.js';

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

async function newPage(
	path: string,
	viewport: { width: number; height: number } = { width: 1440, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
	const context = await browser.newContext({ viewport });
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(adminUrl(path));
	return { page, errors };
}

/** Sends a write to the server with the nonce the admin page embeds. */
async function write(page: Page, method: string, route: string, body: unknown): Promise<number> {
	return page.evaluate(
		async ({ method: verb, route: path, body: data }) => {
			const { restNonce } = (window as unknown as { abacusSettings: { restNonce: string } })
				.abacusSettings;
			const response = await fetch(`/wp-json${path}`, {
				method: verb,
				headers: { 'content-type': 'application/json', 'x-wp-nonce': restNonce },
				body: JSON.stringify(data),
			});
			return response.status;
		},
		{ method, route, body },
	);
}

/** Whether the element's box lies inside the viewport. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
	return page.evaluate((css) => {
		const element = document.querySelector(css);
		if (!element) return false;
		const box = element.getBoundingClientRect();
		return (
			box.width > 0 &&
			box.height > 0 &&
			box.top >= 0 &&
			box.left >= 0 &&
			box.bottom <= window.innerHeight &&
			box.right <= window.innerWidth
		);
	}, selector);
}

async function noSidewaysScroll(page: Page): Promise<void> {
	const { scrollWidth, innerWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
	}));
	expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

interface Setting {
	id: string;
	value: unknown;
}

describe('Store › Settings', () => {
	it('shows the stored settings and saving one ticked status keeps the others', async () => {
		const { body: stored } = await api<Setting[]>('/wc-analytics/settings/wc_admin');
		const excluded = stored.find(
			(setting) => setting.id === 'woocommerce_excluded_report_order_statuses',
		)?.value as string[];
		expect(excluded.length).toBeGreaterThan(0);
		const { page, errors } = await newPage('/settings/general');
		const currency = page.getByLabel('Currency', { exact: true });
		await currency.waitFor();
		await expect(currency.inputValue()).resolves.toBe('USD');
		await expect(page.getByLabel('Decimal separator').inputValue()).resolves.toBe('.');
		await expect(page.getByLabel('Currency position').inputValue()).resolves.toBe('left');
		const group = page.getByRole('group', { name: 'Excluded statuses' });
		for (const status of excluded) {
			const label = { pending: 'Pending payment', cancelled: 'Cancelled', failed: 'Failed' }[
				status
			];
			if (label) {
				await expect(group.getByLabel(label).isChecked()).resolves.toBe(true);
			}
		}
		await expect(group.getByLabel('Refunded').isChecked()).resolves.toBe(false);
		await group.getByLabel('Refunded').click();
		const [request] = await Promise.all([
			page.waitForRequest((r) => r.url().includes('/settings/wc_admin/batch')),
			page.getByRole('button', { name: 'Save settings' }).click(),
		]);
		expect(request.postDataJSON()).toEqual({
			update: [
				{
					id: 'woocommerce_excluded_report_order_statuses',
					value: [...excluded, 'refunded'],
				},
			],
		});
		await page
			.locator('.abacus-snackbar-list')
			.getByText('Your settings have been saved.')
			.waitFor();
		// Said where the person is: the Save button is at the end of a long form.
		expect(await inViewport(page, '.abacus-snackbar-notice')).toBe(true);
		const { body: after } = await api<Setting[]>('/wc-analytics/settings/wc_admin');
		expect(
			after.find((setting) => setting.id === 'woocommerce_excluded_report_order_statuses')
				?.value,
		).toEqual([...excluded, 'refunded']);
		await screenshot(page, 'first-hour-settings-1440');

		// Put the statuses back for the other tests.
		await group.getByLabel('Refunded').click();
		await page.getByRole('button', { name: 'Save settings' }).click();
		await page
			.locator('.abacus-snackbar-list')
			.getByText('Your settings have been saved.')
			.waitFor();
		const { body: restored } = await api<Setting[]>('/wc-analytics/settings/wc_admin');
		expect(
			restored.find((setting) => setting.id === 'woocommerce_excluded_report_order_statuses')
				?.value,
		).toEqual(excluded);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('Analytics › Settings', () => {
	it('loads the excluded statuses first; ticking one sends it with the loaded ones only', async () => {
		const { body: stored } = await api<Setting[]>('/wc-analytics/settings/wc_admin');
		const excluded = stored.find(
			(setting) => setting.id === 'woocommerce_excluded_report_order_statuses',
		)?.value as string[];
		const { page, errors } = await newPage('/analytics/settings');
		const group = page.getByRole('group', { name: 'Excluded statuses' });
		await group.waitFor();
		await expect(group.getByLabel('Failed').isChecked()).resolves.toBe(
			excluded.includes('failed'),
		);
		await expect(
			page.getByRole('button', { name: 'Save settings' }).isDisabled(),
		).resolves.toBe(true);
		await group.getByLabel('Refunded').click();
		const [request] = await Promise.all([
			page.waitForRequest(
				(r) => r.url().includes('/wc-admin/options') && r.method() === 'POST',
			),
			page.getByRole('button', { name: 'Save settings' }).click(),
		]);
		expect(request.postDataJSON()).toEqual({
			woocommerce_excluded_report_order_statuses: [...excluded, 'refunded'],
		});
		await page
			.locator('.abacus-snackbar-list')
			.getByText('Your settings have been successfully saved.')
			.waitFor();
		expect(await inViewport(page, '.abacus-snackbar-notice')).toBe(true);
		await group.getByLabel('Refunded').click();
		await Promise.all([
			page.waitForResponse(
				(r) => r.url().includes('/wc-admin/options') && r.request().method() === 'POST',
			),
			page.getByRole('button', { name: 'Save settings' }).click(),
		]);
		const { body: restored } = await api<Setting[]>('/wc-analytics/settings/wc_admin');
		expect(
			restored.find((setting) => setting.id === 'woocommerce_excluded_report_order_statuses')
				?.value,
		).toEqual(excluded);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('notices', () => {
	it.each([
		[1440, 900],
		[390, 844],
	])(
		'the Review approved / Undo snackbar is in the viewport at %i px after scrolling',
		async (width, height) => {
			const { page } = await newPage('/reviews', { width, height });
			const card = page.locator('.abacus-reviews__list li', { hasText: 'Pending' }).last();
			await card.waitFor();
			await card.scrollIntoViewIfNeeded();
			await card.getByRole('button', { name: 'Approve' }).click();
			const snackbar = page.locator('.abacus-snackbar-notice', {
				hasText: 'Review approved',
			});
			await snackbar.waitFor();
			expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
			expect(await inViewport(page, '.abacus-snackbar-notice')).toBe(true);
			await noSidewaysScroll(page);
			await screenshot(page, `first-hour-reviews-snackbar-${width}`);
			await snackbar.getByRole('button', { name: 'Undo' }).click();
			await snackbar.waitFor({ state: 'detached' });
			await page.context().close();
		},
	);
});

describe('Inbox', () => {
	it('View stock opens the stock report inside the app, and each note has one Dismiss', async () => {
		const { page, errors } = await newPage('/inbox');
		const note = page.locator('.abacus-inbox__notes li', {
			hasText: 'Some products are running low',
		});
		await note.waitFor();
		await expect(note.getByRole('button', { name: /^Dismiss/ }).count()).resolves.toBe(1);
		await page.evaluate(() => {
			(window as unknown as { __sameDocument: boolean }).__sameDocument = true;
		});
		await note.getByRole('button', { name: 'View stock' }).click();
		await page.waitForURL((url) => url.searchParams.get('path') === '/analytics/stock');
		// The app navigated without loading a new page.
		expect(
			await page.evaluate(
				() => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
			),
		).toBe(true);
		const { body: notes } = await api<Array<{ name: string; status: string }>>(
			'/wc-analytics/admin/notes',
			{ per_page: 25 },
		);
		expect(notes.find((item) => item.name === 'abacus-low-stock-warning')?.status).toBe(
			'actioned',
		);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

interface StockProduct {
	id: number;
	parent_id: number;
	type: string;
	stock_quantity: number;
	effective_stock_status: string;
}

describe('Stock', () => {
	it('an item set to 25 reads In stock, as the server defines it', async () => {
		const { body: low } = await api<StockProduct[]>('/wc-analytics/products/low-in-stock', {
			per_page: 100,
		});
		const item = low.find((product) => product.effective_stock_status === 'lowstock');
		expect(item).toBeDefined();
		const target = item as StockProduct;
		const { page, errors } = await newPage('/stock-update');
		const input = page.locator(`#abacus-stock-${target.id}`);
		await input.waitFor();
		const row = page.locator(`tr:has(#abacus-stock-${target.id})`);
		await expect(row.locator('.abacus-stock__status').innerText()).resolves.toBe('Low stock');
		await input.click({ clickCount: 3 });
		await input.fill('25');
		await row.getByRole('button', { name: 'Update' }).click();
		await row.locator('.abacus-stock__status', { hasText: 'In stock' }).waitFor();
		await expect(row.locator('.abacus-stock__quantity').innerText()).resolves.toBe('25');
		await screenshot(page, 'first-hour-stock-1440');

		// Back to its quantity for the other tests.
		const route =
			target.type === 'variation'
				? `/wc-analytics/products/${target.parent_id}/variations/${target.id}`
				: `/wc-analytics/products/${target.id}`;
		expect(await write(page, 'PUT', route, { stock_quantity: target.stock_quantity })).toBe(
			200,
		);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('Payments', () => {
	it('remembers Not now over a reload', async () => {
		const { page, errors } = await newPage('/payments');
		const card = page.locator('.abacus-helper__cards li', { hasText: 'PayPal Payments' });
		await card.waitFor();
		await card.getByRole('button', { name: 'Not now' }).click();
		await card.waitFor({ state: 'detached' });
		await page.waitForLoadState('networkidle');
		await page.reload();
		await page.getByRole('heading', { name: 'Payment methods' }).waitFor();
		await page.getByRole('button', { name: 'Connect' }).waitFor();
		await page.waitForLoadState('networkidle');
		await expect(
			page.locator('.abacus-helper__cards li', { hasText: 'PayPal Payments' }).count(),
		).resolves.toBe(0);
		const { body: option } = await api<Record<string, unknown>>('/wc-admin/options', {
			options: 'abacus_payments_not_now',
		});
		expect(option.abacus_payments_not_now).toEqual(['woocommerce-paypal-payments']);
		// The option back to empty for the other tests.
		expect(
			await write(page, 'POST', '/wc-admin/options', { abacus_payments_not_now: [] }),
		).toBe(200);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('lists the Stripe gateway under payment methods once Stripe is installed', async () => {
		const { page, errors } = await newPage('/payments');
		const card = page.locator('.abacus-helper__cards li', { hasText: 'Stripe' });
		await card.waitFor();
		await expect(
			page.getByRole('heading', { name: 'Credit card (Stripe)' }).count(),
		).resolves.toBe(0);
		await card.getByRole('button', { name: 'Install & enable' }).click();
		await page
			.locator('.abacus-payments__gateways')
			.getByRole('heading', { name: 'Credit card (Stripe)' })
			.waitFor();
		await screenshot(page, 'first-hour-payments-1440');
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('every helper screen at 1440 and 390 px', () => {
	const screens: Array<[string, string]> = [
		['/settings/general', 'General'],
		['/analytics/settings', 'Settings'],
		['/inbox', 'Inbox'],
		['/reviews', 'Reviews'],
		['/stock-update', 'Stock'],
		['/payments', 'Payments'],
		['/onboarding', 'Store profile'],
	];
	it.each(screens)('%s loads without sideways scrolling', async (path, heading) => {
		for (const [width, height] of [
			[1440, 900],
			[390, 844],
		]) {
			const { page, errors } = await newPage(path, { width, height });
			await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
			await page.locator('.abacus-helper, .abacus-settings').first().waitFor();
			await page.waitForLoadState('networkidle');
			await noSidewaysScroll(page);
			// No broken image: every image either loaded or was replaced by its placeholder.
			const broken = await page.evaluate(
				() =>
					[...document.images].filter(
						(image) => image.complete && image.naturalWidth === 0,
					).length,
			);
			expect(broken).toBe(0);
			await screenshot(page, `first-hour${path.replace(/\//g, '-')}-${width}`);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	});

	it('offers a theme chooser on the store profile, not a free-text slug', async () => {
		const { page } = await newPage('/onboarding');
		await page.getByRole('button', { name: 'Theme', exact: true }).click();
		const chooser = page.getByRole('group', { name: 'Choose a theme for the store' });
		await chooser.waitFor();
		await chooser.getByText('Storefront', { exact: true }).click();
		await expect(chooser.getByRole('radio', { name: /Storefront/ }).isChecked()).resolves.toBe(
			true,
		);
		await expect(page.getByRole('textbox', { name: 'Theme' }).count()).resolves.toBe(0);
		await screenshot(page, 'first-hour-onboarding-theme-1440');
		await page.context().close();
	});
});
