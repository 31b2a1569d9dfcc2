/**
 * Cohorts opened from the menu with no range chosen shows the last 12 months (12 monthly cohorts,
 * lifetime tiles of the same customers), not "Month to date" and its single cohort; a range chosen
 * in the address is kept. At 1440 and 390 px.
 */
import type { Browser } from 'playwright-core';

import { api, isoDay, launch, screenshot } from './helpers.js';
import { DESKTOP, PHONE, openAt } from './responsive-helpers.js';

interface Cohorts {
	cohorts: Array<{ cohort: string; size: number }>;
	totals: { customers: number };
}

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

/** The last 12 months as the page computes them (the e2e store's time zone is UTC). */
function lastTwelveMonths(): { after: string; before: string } {
	const now = new Date();
	return {
		after: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))),
		before: isoDay(now),
	};
}

describe.each([DESKTOP, PHONE])('Cohorts at $width px', (viewport) => {
	it('opens from the menu on the last 12 months', async () => {
		const { after, before } = lastTwelveMonths();
		const expected = (
			await api<Cohorts>('/wc-analytics/reports/cohorts', {
				after: `${after}T00:00:00`,
				before: `${before}T23:59:59`,
				period: 'month',
				periods: 12,
			})
		).body;
		expect(expected.cohorts.length).toBe(12);
		const { page, errors, close } = await openAt(browser, viewport, '/analytics/revenue');
		if (viewport.width < 960) await page.getByRole('button', { name: 'Menu' }).click();
		const requests: string[] = [];
		page.on('request', (request) => requests.push(request.url()));
		await page.getByRole('link', { name: 'Cohorts' }).click();
		const rows = page.locator('.abacus-triangle__table tbody tr');
		await rows.first().waitFor({ timeout: 60000 });
		expect(await rows.count()).toBe(12);
		const sizes = await page
			.locator('.abacus-triangle__table tbody tr td:nth-child(2)')
			.allInnerTexts();
		expect(sizes.map((text) => Number(text.replace(/,/g, '')))).toEqual(
			expected.cohorts.map((cohort) => cohort.size),
		);
		// The lifetime tiles ask about the same customers (and the year before, to compare).
		const lifetime = requests
			.filter((url) => url.includes('/reports/customers/lifetime'))
			.map((url) => decodeURIComponent(url));
		expect(
			lifetime.some((url) =>
				url.includes(`after=${after}T00:00:00&before=${before}T23:59:59`),
			),
		).toBe(true);
		await screenshot(page, `cohorts-default-${viewport.width}`);
		expect(errors).toEqual([]);
		await close();
	});

	it('keeps a range chosen in the address', async () => {
		const { page, errors, close } = await openAt(browser, viewport, '/analytics/cohorts', {
			period: 'last_month',
			compare: 'previous_year',
		});
		const rows = page.locator('.abacus-triangle__table tbody tr');
		await rows.first().waitFor({ timeout: 60000 });
		expect(await rows.count()).toBe(1);
		expect(errors).toEqual([]);
		await close();
	});
});
