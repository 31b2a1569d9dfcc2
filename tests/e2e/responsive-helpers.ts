/**
 * Helpers of the layout checks at phone, tablet and desktop widths: opening a page at a viewport,
 * waiting for it to settle, and finding what does not fit (sideways scroll, controls off-screen,
 * overlapping chart ticks).
 */
import type { Browser, Page } from 'playwright-core';

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
export const VIEWPORTS: Viewport[] = [PHONE, TABLET, NARROW, DESKTOP];

/** Opens an in-app path at a viewport, collecting page errors. */
export async function openAt(
	browser: Browser,
	viewport: Viewport,
	appPath: string,
	query: Record<string, string> = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
	const context = await browser.newContext({
		viewport: { width: viewport.width, height: viewport.height },
		acceptDownloads: true,
	});
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(adminUrl(appPath, query));
	return { page, errors, close: () => context.close() };
}

/** Waits until the page's chunk, requests and loading placeholders are done (30 s at most). */
export async function settle(page: Page): Promise<void> {
	await page.waitForSelector('.abacus-layout__content', { timeout: 30000 });
	await page
		.waitForLoadState('networkidle', { timeout: 20000 })
		.catch(() => undefined /* a long poll keeps the network busy: the checks below wait */);
	await page.waitForFunction(
		() =>
			!document.querySelector(
				[
					'.abacus-layout__loading',
					'.abacus-summary.is-placeholder',
					'.abacus-table.is-loading',
					'.abacus-chart-placeholder',
				].join(', '),
			),
		undefined,
		{ timeout: 30000 },
	);
	await page.waitForTimeout(300);
}

/**
 * Resizes an open page as a user narrowing the window would and waits until the layout has
 * followed: media queries, the viewport hooks and the charts' resize observers (two frames), then
 * `settle` (a chart may redraw with a placeholder).
 */
export async function resizeTo(page: Page, viewport: Viewport): Promise<void> {
	await page.setViewportSize({ width: viewport.width, height: viewport.height });
	await page.waitForFunction((width) => window.innerWidth === width, viewport.width, {
		timeout: 10000,
	});
	await page.evaluate(
		() =>
			new Promise<void>((resolve) => {
				requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
			}),
	);
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
