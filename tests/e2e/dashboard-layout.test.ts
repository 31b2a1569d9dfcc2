/**
 * The Overview at 1440 and 390 px: the leaderboards' "Rows per table" label is shown whole (it was
 * cut to "ROWS PER T…" at 1440 px) and its select is chosen with the mouse.
 */
import type { Browser } from 'playwright-core';

import { launch, screenshot } from './helpers.js';
import { DESKTOP, PHONE, openAt, settle } from './responsive-helpers.js';
import { crowdedControls, cutTexts } from './layout-checks.js';

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

describe.each([DESKTOP, PHONE])('Overview leaderboards at $width px', (viewport) => {
	it('shows the whole "Rows per table" label beside its select', async () => {
		const { page, errors, close } = await openAt(browser, viewport, '');
		const select = page.getByLabel('Rows per table');
		await select.waitFor();
		await settle(page);
		const header = '.abacus-dashboard__section-header:has(.abacus-dashboard__rows-per-table)';
		expect(await cutTexts(page, `${header} label, ${header} h2`)).toEqual([]);
		expect(await crowdedControls(page, header)).toEqual([]);
		const label = page.locator(`${header} label`);
		const labelBox = await label.boundingBox();
		const selectBox = await select.boundingBox();
		if (!labelBox || !selectBox) throw new Error('The label or its select is not drawn.');
		expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(viewport.width);
		expect(selectBox.x + selectBox.width).toBeLessThanOrEqual(viewport.width);
		await screenshot(page, `overview-rows-per-table-${viewport.width}`);
		expect(errors).toEqual([]);
		await close();
	});
});
