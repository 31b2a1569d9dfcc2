/**
 * Every route at a phone (390×844), a tablet (768×1024) and a desktop (1440×900) width: the page
 * never scrolls sideways (a wide table scrolls inside its own box), the header's and the main
 * area's controls lie inside the viewport, chart ticks do not overlap, and below 960 px the menu is
 * a drawer behind an accessible Menu button. A screenshot per route and width is kept in
 * test-results/e2e/responsive-<route>-<width>.png.
 */
import type { Browser } from 'playwright-core';

import { getMenuEntries } from '../../client/src/layout/routes.js';
import { launch, screenshot } from './helpers.js';
import {
	VIEWPORTS,
	layoutProblems,
	openAt,
	overlappingTicks,
	routeSlug,
	settle,
} from './responsive-helpers.js';

let browser: Browser;
/** Every route: the Analytics menu's, the store pages' (read from the app's own menu), not found. */
let routes: string[] = [];

beforeAll(async () => {
	browser = await launch();
	const { page, close } = await openAt(browser, VIEWPORTS[2], '/analytics/overview');
	await settle(page);
	const storePaths = await page.$$eval('.abacus-layout__store-menu a[href]', (links) =>
		links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get('path')),
	);
	await close();
	const store = storePaths.filter((path): path is string => Boolean(path));
	expect(store.length).toBeGreaterThanOrEqual(6);
	routes = [...getMenuEntries().map((entry) => entry.path), ...store, '/analytics/no-such-page'];
});

afterAll(async () => {
	await browser?.close();
});

/** A month of data with a comparison: tables with more rows than a phone is wide. */
const QUERY = { period: 'last_month', compare: 'previous_year' };

describe.each(VIEWPORTS)('at $width×$height ($name)', (viewport) => {
	it('every route fits the width: no sideways scroll, controls on screen, ticks apart', async () => {
		const failures: string[] = [];
		for (const route of routes) {
			const { page, errors, close } = await openAt(browser, viewport, route, QUERY);
			try {
				await settle(page);
				const problems = [...(await layoutProblems(page)), ...errors];
				const ticks = await overlappingTicks(page);
				if (ticks.length) {
					problems.push(`chart ticks overlap: ${ticks.slice(0, 3).join(', ')}`);
				}
				await screenshot(
					page,
					`responsive-${routeSlug(route)}-${viewport.width}`,
					// The README shows the revenue report on a phone.
					route === '/analytics/revenue' && viewport.width === 390
						? 'revenue-phone'
						: undefined,
				);
				for (const problem of problems) {
					failures.push(`${route}: ${problem}`);
				}
			} catch (error) {
				failures.push(`${route}: ${(error as Error).message.split('\n')[0]}`);
			} finally {
				await close();
			}
		}
		expect(failures).toEqual([]);
		// Every route of the menu in turn (about 30 pages, the Stores report among them): 2 minutes
		// was too short on a busy 2-core machine.
	}, 600_000);

	it('the menu: a sidebar on the desktop, a drawer behind the Menu button below 960 px', async () => {
		const { page, close } = await openAt(browser, viewport, '/analytics/revenue', QUERY);
		try {
			await settle(page);
			const menu = page.getByRole('navigation', { name: 'Analytics menu' });
			const button = page.getByRole('button', { name: 'Menu', exact: true });
			if (viewport.width > 960) {
				await expect(menu.isVisible()).resolves.toBe(true);
				await expect(button.isVisible()).resolves.toBe(false);
				return;
			}
			await expect(menu.isVisible()).resolves.toBe(false);
			await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
			// A real mouse click on the button opens the drawer over the page.
			const box = await button.boundingBox();
			expect(box).not.toBeNull();
			await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
			await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
			await expect(menu.isVisible()).resolves.toBe(true);
			const menuBox = await menu.boundingBox();
			expect(menuBox!.x).toBeGreaterThanOrEqual(0);
			expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(viewport.width);
			// The focus is in the menu; Escape closes it and puts the focus back on the button.
			await expect(
				page.evaluate(() =>
					Boolean(document.activeElement?.closest('.abacus-layout__sidebar')),
				),
			).resolves.toBe(true);
			await screenshot(page, `responsive-menu-open-${viewport.width}`);
			await page.keyboard.press('Escape');
			await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
			await expect(menu.isVisible()).resolves.toBe(false);
			await expect(
				page.evaluate(() => document.activeElement?.textContent?.trim()),
			).resolves.toBe('Menu');
			// A link of the drawer navigates and closes it.
			await button.click();
			await page.getByRole('link', { name: 'Orders', exact: true }).click();
			await page.waitForURL(/path=%2Fanalytics%2Forders/);
			await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
		} finally {
			await close();
		}
	});
});
