/**
 * Helpers of the layout checks at phone, tablet and desktop widths: opening a page at a viewport,
 * waiting for it to settle, and finding what does not fit (sideways scroll, controls off-screen,
 * overlapping chart ticks).
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

import { adminUrl } from './helpers.js';

export interface Viewport {
	name: string;
	width: number;
	height: number;
}

/**
 * A phone, a tablet, a narrow window and a desktop: one width in each band between the layout's
 * breakpoints (600 px: phone tables and stacks; 782 px: WordPress's "medium", the date picker's
 * small layout; 960 px: WordPress's "large", the sidebar becomes a drawer).
 */
export const PHONE: Viewport = { name: 'phone', width: 390, height: 844 };
export const TABLET: Viewport = { name: 'tablet', width: 768, height: 1024 };
export const NARROW: Viewport = { name: 'narrow window', width: 880, height: 900 };
export const DESKTOP: Viewport = { name: 'desktop', width: 1440, height: 900 };
/** A small laptop: the widest layout (menu beside the page, tiles in one strip) at its narrowest. */
export const LAPTOP: Viewport = { name: 'laptop', width: 1024, height: 768 };
export const VIEWPORTS: Viewport[] = [PHONE, TABLET, NARROW, DESKTOP];

/** The requests of a page still waiting for their answer (see `trackRequests`). */
const pendingRequests = new WeakMap<Page, Set<Request>>();

/** Keeps count of the page's requests still under way, for `settle` to wait for quiet. */
export function trackRequests(page: Page): void {
	const pending = new Set<Request>();
	page.on('request', (request) => pending.add(request));
	page.on('requestfinished', (request) => pending.delete(request));
	page.on('requestfailed', (request) => pending.delete(request));
	pendingRequests.set(page, pending);
}

/** A context at a viewport whose pages each start with empty web storage, as a fresh context. */
export async function contextAt(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
	const context = await browser.newContext({
		viewport: { width: viewport.width, height: viewport.height },
		acceptDownloads: true,
	});
	await context.addInitScript(() => {
		try {
			window.sessionStorage.clear();
			window.localStorage.clear();
		} catch {
			/* storage unavailable: nothing kept either */
		}
	});
	return context;
}

/** Opens an in-app path at a viewport, collecting page errors. */
export async function openAt(
	browser: Browser,
	viewport: Viewport,
	appPath: string,
	query: Record<string, string> = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
	const context = await contextAt(browser, viewport);
	const page = await context.newPage();
	trackRequests(page);
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(adminUrl(appPath, query));
	return { page, errors, close: () => context.close() };
}

/** Loading placeholders: the route's chunk, tiles, a table, a chart. */
const PLACEHOLDERS = [
	'.abacus-layout__loading',
	'.abacus-summary.is-placeholder',
	'.abacus-table.is-loading',
	'.abacus-chart-placeholder',
].join(', ');

/** Waits until no request of the page has been under way for `quietMs` (at most `timeout`). */
async function networkQuiet(page: Page, quietMs: number, timeout: number): Promise<void> {
	const pending = pendingRequests.get(page);
	if (!pending) {
		await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
		return;
	}
	const end = Date.now() + timeout;
	let quietSince = 0;
	while (Date.now() < end) {
		if (pending.size > 0) quietSince = 0;
		else if (!quietSince) quietSince = Date.now();
		else if (Date.now() - quietSince >= quietMs) return;
		await new Promise((resolve) => setTimeout(resolve, 40));
	}
}

/** Two animation frames: the layout, resize observers and a render they cause have run. */
async function twoFrames(page: Page): Promise<void> {
	await page.evaluate(
		() =>
			new Promise<void>((resolve) => {
				requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
			}),
	);
}

/**
 * Waits until the page's chunk, requests and loading placeholders are done (30 s at most): the
 * network quiet, no placeholder, two frames drawn, and then still no request under way and no
 * placeholder (a report may ask for its data only after its first render), else again.
 */
export async function settle(page: Page): Promise<void> {
	await page.waitForSelector('.abacus-layout__content', { timeout: 30000 });
	const end = Date.now() + 30000;
	for (;;) {
		// A long poll would keep the network busy: the checks below still wait for the page.
		await networkQuiet(page, 250, 20000);
		await page.waitForFunction((selector) => !document.querySelector(selector), PLACEHOLDERS, {
			polling: 100,
			timeout: 30000,
		});
		await twoFrames(page);
		const busy =
			(pendingRequests.get(page)?.size ?? 0) > 0 ||
			(await page.evaluate(
				(selector) => Boolean(document.querySelector(selector)),
				PLACEHOLDERS,
			));
		if (!busy || Date.now() > end) return;
	}
}

/**
 * Resizes an open page as a user narrowing the window would and waits until the layout has
 * followed: media queries, the viewport hooks and the charts' resize observers (two frames), then
 * `settle` (a chart may redraw with a placeholder).
 */
export async function resizeTo(page: Page, viewport: Viewport): Promise<void> {
	await page.setViewportSize({ width: viewport.width, height: viewport.height });
	await page.waitForFunction((width) => window.innerWidth === width, viewport.width, {
		polling: 100,
		timeout: 10000,
	});
	await twoFrames(page);
	await settle(page);
}

/**
 * What does not fit the viewport: the page scrolling sideways or below the app's end, or a control (button, link, field)
 * of the header or the main area lying outside the viewport's width. Controls inside a table's own
 * scroll box are allowed there (the box scrolls).
 */
export async function layoutProblems(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const problems: string[] = [];
		const width = window.innerWidth;
		const scrollWidth = document.documentElement.scrollWidth;
		if (scrollWidth > width) {
			problems.push(`the page scrolls sideways: scrollWidth ${scrollWidth} > ${width}`);
		}
		// Nothing hidden makes the page taller than the app (the page would scroll into blank).
		const layout = document.querySelector('.abacus-layout');
		const end = layout ? layout.getBoundingClientRect().bottom + window.scrollY : 0;
		const scrollHeight = document.documentElement.scrollHeight;
		if (layout && scrollHeight > Math.max(window.innerHeight, end) + 1) {
			problems.push(
				`the page scrolls ${Math.round(scrollHeight - end)} px below the app's end`,
			);
		}
		// A summary tile's figure, trend and previous value stay inside the tile (seven tiles on a
		// laptop's screen leave each a narrow column).
		for (const tile of document.querySelectorAll<HTMLElement>('.abacus-summary__item')) {
			const box = tile.getBoundingClientRect();
			if (box.width === 0) continue;
			for (const part of tile.querySelectorAll<HTMLElement>('*')) {
				const inner = part.getBoundingClientRect();
				if (inner.width === 0 || part.closest('.screen-reader-text')) continue;
				if (inner.left < box.left - 1 || inner.right > box.right + 1) {
					const label = tile.querySelector('.abacus-summary__item-label')?.textContent;
					problems.push(
						`the summary tile “${(label ?? '').trim()}” holds “${(part.textContent ?? '').trim().slice(0, 30)}” beyond its edge (${Math.round(inner.right - box.right)} px)`,
					);
					break;
				}
			}
		}
		const controls = document.querySelectorAll<HTMLElement>(
			[
				'.abacus-layout__header button',
				'.abacus-layout__header a[href]',
				'main button',
				'main a[href]',
				'main input:not([type="hidden"])',
				'main select',
				'main textarea',
				'main [role="combobox"]',
				'main [role="tab"]',
			].join(', '),
		);
		for (const control of controls) {
			if (
				control.closest('.abacus-table__table, .screen-reader-text, [aria-hidden="true"]')
			) {
				continue;
			}
			const box = control.getBoundingClientRect();
			const style = getComputedStyle(control);
			if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') {
				continue;
			}
			if (box.left < -1 || box.right > width + 1) {
				const name = (
					control.getAttribute('aria-label') ??
					control.textContent ??
					control.tagName
				)
					.trim()
					.slice(0, 40);
				problems.push(
					`${control.tagName.toLowerCase()} “${name}” is outside the viewport (${Math.round(box.left)}–${Math.round(box.right)} of ${width})`,
				);
			}
		}
		return problems;
	});
}

/** Pairs of x-axis tick labels of a chart that overlap each other. */
export async function overlappingTicks(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const overlaps: string[] = [];
		for (const axis of document.querySelectorAll('.abacus-chart__x-axis')) {
			const labels = [
				...axis.querySelectorAll<SVGTextElement>(
					'.abacus-chart__tick-label:not(.is-secondary)',
				),
			].map((label) => ({
				text: label.textContent ?? '',
				box: label.getBoundingClientRect(),
			}));
			for (let i = 1; i < labels.length; i++) {
				if (labels[i].box.left < labels[i - 1].box.right - 1) {
					overlaps.push(`“${labels[i - 1].text}” and “${labels[i].text}”`);
				}
			}
		}
		return overlaps;
	});
}

/** A file-name-safe slug of an in-app path ('/analytics/revenue' → 'analytics-revenue'). */
export function routeSlug(appPath: string): string {
	return appPath.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
}
