/**
 * Every route at every width band of the layout: the page never scrolls sideways (a wide table
 * scrolls inside its own box), the header's and the main area's controls lie inside the viewport,
 * chart ticks do not overlap, and below 960 px the menu is a drawer behind an accessible Menu
 * button. Each route is opened afresh (a whole page load, with empty web storage, in one tab per
 * opening width) on a phone (390×844) and on a desktop (1440×900); the
 * desktop page is then narrowed, as a user narrows the window, to 1024 px (a small laptop: the
 * widest layout at its narrowest, seven summary tiles in one strip), 880 px (the drawer menu) and
 * 768 px (a tablet: the date picker's small layout) and checked again at each width. The menu is
 * checked on a page opened afresh at each width. With ABACUS_E2E_SCREENSHOTS=1, a screenshot per
 * route and width is kept in test-results/e2e/responsive-<route>-<width>.png.
 */
import type { Browser, Page } from 'playwright-core';

import { getMenuEntries } from '../../client/src/layout/routes.js';
import { adminUrl, launch, screenshot } from './helpers.js';
import {
	DESKTOP,
	LAPTOP,
	NARROW,
	PHONE,
	TABLET,
	VIEWPORTS,
	type Viewport,
	contextAt,
	layoutProblems,
	openAt,
	overlappingTicks,
	resizeTo,
	routeSlug,
	settle,
	trackRequests,
} from './responsive-helpers.js';

let browser: Browser;
/** Every route: the Analytics menu's, the store pages' (read from the app's own menu), not found. */
let routes: string[] = [];

beforeAll(async () => {
	browser = await launch();
	const { page, close } = await openAt(browser, DESKTOP, '/analytics/overview');
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

/** What does not fit on the page as it is now, and its screenshot at that width. */
async function problemsAt(page: Page, route: string, viewport: Viewport): Promise<string[]> {
	const problems = await layoutProblems(page);
	const ticks = await overlappingTicks(page);
	if (ticks.length) {
		problems.push(`chart ticks overlap: ${ticks.slice(0, 3).join(', ')}`);
	}
	await screenshot(
		page,
		`responsive-${routeSlug(route)}-${viewport.width}`,
		// The README shows the revenue report on a phone.
		route === '/analytics/revenue' && viewport.width === PHONE.width
			? 'revenue-phone'
			: undefined,
	);
	return problems.map((problem) => `${problem} (at ${viewport.width} px)`);
}

/**
 * Opens every route at `opened` (one tab, a whole page load per route), checks it, then narrows
 * the same page to each of `narrowed` in turn and checks it again. Fails with every route's
 * problems at once.
 */
async function sweep(opened: Viewport, narrowed: Viewport[]): Promise<string[]> {
	const failures: string[] = [];
	const context = await contextAt(browser, opened);
	try {
		let errors: string[] = [];
		const newTab = async () => {
			const tab = await context.newPage();
			trackRequests(tab);
			tab.on('pageerror', (error) => errors.push(error.message));
			return tab;
		};
		let page = await newTab();
		for (const route of routes) {
			let viewport = opened;
			try {
				if (page.viewportSize()?.width !== opened.width) {
					await page.setViewportSize({ width: opened.width, height: opened.height });
				}
				errors = [];
				await page.goto(adminUrl(route, QUERY));
				await settle(page);
				const problems = await problemsAt(page, route, opened);
				for (const next of narrowed) {
					viewport = next;
					await resizeTo(page, next);
					problems.push(...(await problemsAt(page, route, next)));
				}
				// Errors the page threw, at any of the widths.
				problems.push(...errors);
				for (const problem of problems) failures.push(`${route}: ${problem}`);
			} catch (error) {
				failures.push(
					`${route} (at ${viewport.width} px): ${(error as Error).message.split('\n')[0]}`,
				);
				// The next route in a tab of its own, whatever state this one was left in.
				await page.close().catch(() => undefined);
				page = await newTab();
			}
		}
	} finally {
		await context.close();
	}
	return failures;
}

// Every route of the menu in turn (about 30 pages, the Stores report among them) at one or three
// widths: 2 minutes was too short on a busy 2-core machine.
const SWEEP_TIMEOUT = 600_000;

it(
	'every route opened on a phone fits the width: no sideways scroll, controls on screen, ticks apart',
	async () => {
		expect(await sweep(PHONE, [])).toEqual([]);
	},
	SWEEP_TIMEOUT,
);

it(
	'every route opened on a desktop and narrowed to 1024, 880 and 768 px fits each width',
	async () => {
		expect(await sweep(DESKTOP, [LAPTOP, NARROW, TABLET])).toEqual([]);
	},
	SWEEP_TIMEOUT,
);

describe.each(VIEWPORTS)('at $width×$height ($name)', (viewport) => {
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
