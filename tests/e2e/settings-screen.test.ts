/**
 * Analytics › Settings on the standalone server, as a newcomer meets it at 1440 and 390 px: the
 * Analytics engine card says what the server is (no request to WordPress's engine route, no error),
 * and no control of a card overlaps or touches another (the import's checkbox sat on its select).
 */
import type { Browser, Page } from 'playwright-core';

import { launch, screenshot } from './helpers.js';
import { DESKTOP, PHONE, openAt, type Viewport } from './responsive-helpers.js';
import { crowdedControls } from './layout-checks.js';

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

async function openSettings(viewport: Viewport) {
	const opened = await openAt(browser, viewport, '/analytics/settings');
	const failed: string[] = [];
	const consoleErrors: string[] = [];
	opened.page.on('response', (response) => {
		if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
	});
	opened.page.on('console', (message) => {
		if (message.type() === 'error') consoleErrors.push(message.text());
	});
	await opened.page.getByText('Skip previously imported customers and orders').waitFor();
	return { ...opened, failed, consoleErrors };
}

function card(page: Page, title: string) {
	return page.getByRole('region', { name: title });
}

describe.each([DESKTOP, PHONE])('Analytics settings at $width px', (viewport) => {
	it('says the standalone server is its own engine, without asking for an engine setting', async () => {
		const requests: string[] = [];
		const { page, errors, failed, consoleErrors, close } = await openSettings(viewport);
		page.on('request', (request) => requests.push(request.url()));
		const engine = card(page, 'Analytics engine');
		await engine.waitFor();
		await page.waitForLoadState('networkidle');
		expect(await engine.textContent()).toContain(
			'This is the Abacus server itself: the reports get their figures from its own database.',
		);
		expect(await engine.getByRole('button').count()).toBe(0);
		expect(await page.getByText('could not be loaded').count()).toBe(0);
		expect(requests.filter((url) => url.includes('abacus/v1/engine'))).toEqual([]);
		expect(failed).toEqual([]);
		expect(consoleErrors).toEqual([]);
		expect(errors).toEqual([]);
		await close();
	});

	it("keeps every settings control apart from the others, the import's included", async () => {
		const { page, errors, close } = await openSettings(viewport);
		await page.waitForLoadState('networkidle');
		expect(await crowdedControls(page, '.abacus-settings__card')).toEqual([]);
		// With "Last N days" the number of days comes between the select and the checkbox.
		await page.getByLabel('Import historical data').selectOption('days');
		await page.getByLabel('Number of days').waitFor();
		expect(await crowdedControls(page, '.abacus-settings__card')).toEqual([]);
		// The checkbox is ticked with the mouse at its centre (Playwright refuses the click when
		// another element would receive it).
		const skip = page.getByLabel('Skip previously imported customers and orders');
		const checked = await skip.isChecked();
		await skip.click({ timeout: 15000 });
		await page.waitForFunction(
			(was) =>
				Array.from(
					document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'),
				).some(
					(box) =>
						box.labels?.[0]?.textContent?.includes('Skip previously imported') &&
						box.checked !== was,
				),
			checked,
			{ polling: 100, timeout: 15000 },
		);
		await screenshot(page, `settings-layout-${viewport.width}`);
		expect(errors).toEqual([]);
		await close();
	});
});
