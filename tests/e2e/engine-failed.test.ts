/**
 * The Revenue report with the Abacus engine chosen and unreachable, at 1440 and 390 px: the page's
 * engine settings point at a closed loopback port (added to the page's settings before the app reads them,
 * as the plugin injects them inside wp-admin). One message and one Retry: the engine banner, and
 * below it quiet lines instead of an error and a Retry per section; the banner's Retry, clicked
 * with the mouse, asks the engine again for every section.
 */
import { createServer } from 'node:net';

import type { Browser, Page } from 'playwright-core';

import { launch, screenshot } from './helpers.js';
import { DESKTOP, PHONE, openAt } from './responsive-helpers.js';

/** A loopback address where nothing listens (a port taken and given back). */
let ENGINE_URL = '';

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	if (!address || typeof address === 'string') throw new Error('No free port.');
	ENGINE_URL = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
	await browser?.close();
});

/** Adds an engine at ENGINE_URL to the settings the page injects, before the app reads them. */
async function withUnreachableEngine(page: Page): Promise<void> {
	await page.addInitScript((url: string) => {
		// The page's calls to the engine, as its fetches (the standalone page's content policy
		// stops them before they reach the network, an unreachable engine as far as the app sees).
		const calls: string[] = [];
		(window as unknown as { engineCalls: string[] }).engineCalls = calls;
		const fetch = window.fetch.bind(window);
		window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
			const target =
				typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
			if (target.startsWith(url)) calls.push(target);
			return fetch(input, init);
		};
		let settings: unknown;
		Object.defineProperty(window, 'abacusSettings', {
			configurable: true,
			get: () => settings,
			set: (value: Record<string, unknown>) => {
				settings = {
					...value,
					engine: {
						url,
						store: 'http://shop.example',
						token: 'header.e30.signature',
						expires: Math.floor(Date.now() / 1000) + 3600,
						tokenRoute: '/abacus/v1/engine/token',
					},
				};
			},
		});
	}, ENGINE_URL);
}

describe.each([DESKTOP, PHONE])('Revenue with an unreachable engine at $width px', (viewport) => {
	it('says it once, with one Retry that asks again for every section', async () => {
		const { page, errors, close } = await openAt(browser, viewport, '/analytics/overview');
		await withUnreachableEngine(page);
		await page.goto(page.url().replace('overview', 'revenue'));
		const banner = page
			.getByRole('alert')
			.filter({ hasText: 'The Abacus engine is unreachable' });
		await banner.waitFor({ timeout: 60000 });
		// Every section has had its answer (a quiet line each), none still loading.
		await page.waitForFunction(
			() =>
				document.querySelectorAll('.abacus-engine-waiting').length >= 3 &&
				!document.querySelector(
					'.abacus-summary.is-placeholder, .abacus-table.is-loading, .abacus-chart-placeholder',
				),
			undefined,
			{ polling: 100, timeout: 60000 },
		);
		expect(await page.getByRole('alert').count()).toBe(1);
		expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
		const text = await page.locator('main').innerText();
		expect(text).not.toContain('Check your connection');
		expect(text).not.toContain('could not be loaded');
		await screenshot(page, `engine-failed-${viewport.width}`);

		const engineCalls = () =>
			page.evaluate(() =>
				(window as unknown as { engineCalls: string[] }).engineCalls.slice(),
			);
		const first = await engineCalls();
		const before = first.length;
		const routes = (urls: string[]) =>
			new Set(urls.map((url) => new URL(url).pathname.replace(/\/stats$/, '')));
		expect(before).toBeGreaterThan(0);
		await banner.getByRole('button', { name: 'Retry' }).click();
		// Each section asks again: as many calls as the first time.
		await page.waitForFunction(
			(n) => (window as unknown as { engineCalls: string[] }).engineCalls.length >= n,
			before * 2,
			{ polling: 100, timeout: 60000 },
		);
		await page.waitForFunction(
			() => document.querySelectorAll('.abacus-engine-waiting').length >= 3,
			undefined,
			{ polling: 100, timeout: 60000 },
		);
		await banner.waitFor({ timeout: 60000 });
		const again = (await engineCalls()).slice(before);
		// The summary, the chart and the table each asked the engine again.
		expect(routes(again)).toEqual(routes(first));
		expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
		expect(errors).toEqual([]);
		await close();
	});
});
