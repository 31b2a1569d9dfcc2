/**
 * Analytics settings: the default date range is saved to the store options and restored.
 */
import type { Browser } from 'playwright-core';

import { api, launch, openPage, screenshot } from './helpers.js';

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

async function defaultRange(): Promise<string> {
	const { body } = await api<Record<string, string>>('/wc-admin/options', {
		options: 'woocommerce_default_date_range',
	});
	return body.woocommerce_default_date_range;
}

describe('Analytics settings', () => {
	it('saves the default date range', async () => {
		const before = await defaultRange();
		const { page, errors } = await openPage(browser, '/analytics/settings');
		const select = page.getByLabel('Default date range');
		await select.selectOption('last_month');
		await page.getByRole('button', { name: 'Save settings' }).click();
		await page.getByText('Your settings have been successfully saved.').first().waitFor();
		expect(await defaultRange()).toBe('period=last_month&compare=previous_year');
		await screenshot(page, 'settings');

		// Put the original range back for the other tests.
		const original = new URLSearchParams(before).get('period') ?? 'month';
		await select.selectOption(original);
		await Promise.all([
			page.waitForResponse(
				(response) =>
					response.url().includes('/wc-admin/options') &&
					response.request().method() === 'POST',
			),
			page.getByRole('button', { name: 'Save settings' }).click(),
		]);
		expect(await defaultRange()).toBe(before);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
