/**
 * Faults per endpoint: for each REST route a page asks for on load, that route alone answers 500,
 * answers malformed JSON, or never answers (the page's request timeout is 5 s in that case). The page must
 * show an error with Retry and no uncaught exception; once the route is healthy again, Retry
 * brings the data back.
 */
import type { Browser, Page, Route } from 'playwright-core';

import { adminUrl, launch } from './helpers.js';

type Fault = '500' | 'malformed' | 'timeout';

const PAGES: Array<{ path: string; query?: Record<string, string> }> = [
	{ path: '/analytics/revenue', query: { period: 'last_month', compare: 'previous_year' } },
	{ path: '/analytics/overview' },
	{ path: '/inbox' },
];

/** The page's request timeout when a route never answers. */
const TIMEOUT_MS = 5000;

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

/** The REST route (path under /wp-json, without query) of a request URL. */
function routeOf(url: string): string | null {
	const parsed = new URL(url);
	const rest = parsed.searchParams.get('rest_route');
	if (rest) return rest;
	const index = parsed.pathname.indexOf('/wp-json/');
	return index === -1 ? null : parsed.pathname.slice(index + '/wp-json'.length);
}

/**
 * A page in its own context. With `requestTimeout`, the settings the admin page embeds get that
 * request timeout; only the "never answers" fault needs a short one, as the page's healthy
 * requests (Retry's included) must not time out on a busy machine.
 */
async function newPage(requestTimeout?: number): Promise<{ page: Page; errors: string[] }> {
	const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	if (requestTimeout === undefined) return { page, errors };
	await page.route('**/wp-admin/admin.php**', async (route) => {
		const response = await route.fetch();
		const html = (await response.text()).replace(
			'window.abacusSettings = {',
			`window.abacusSettings = {"requestTimeout":${requestTimeout},`,
		);
		await route.fulfill({ response, body: html });
	});
	return { page, errors };
}

/** The REST routes a page asks for on a healthy load. */
async function routesOnLoad(target: (typeof PAGES)[number]): Promise<string[]> {
	const { page } = await newPage();
	const routes = new Set<string>();
	page.on('request', (request) => {
		const route = routeOf(request.url());
		// The served-stores probe only decides whether the menu lists the Stores report (the
		// engine's operator page); when it fails the entry stays hidden and the page is whole.
		if (route === '/abacus/v1/stores') return;
		if (route && request.method() === 'GET') routes.add(route);
	});
	await page.goto(adminUrl(target.path, target.query));
	await page.waitForLoadState('networkidle');
	// On a busy machine the page's chunks may still be on their way when the network first
	// rests: wait for its first REST call, then for the calls it starts to end.
	for (let waited = 0; routes.size === 0 && waited < 60_000; waited += 250) {
		await page.waitForTimeout(250);
	}
	await page.waitForLoadState('networkidle');
	await page.context().close();
	return [...routes].sort();
}

function breakRoute(fault: Fault): (route: Route) => Promise<void> {
	return async (route) => {
		if (fault === '500') {
			await route.fulfill({
				status: 500,
				contentType: 'application/json',
				body: JSON.stringify({
					code: 'db_down',
					message: 'The database is away.',
					data: { status: 500 },
				}),
			});
		} else if (fault === 'malformed') {
			await route.fulfill({
				status: 200,
				contentType: 'application/json',
				body: '{"totals": {"net_revenue": 12',
			});
		}
		// 'timeout': no answer at all; the page gives up after its request timeout.
	};
}

describe('a page whose endpoint fails', () => {
	for (const target of PAGES) {
		it(`${target.path}: every route's 500, malformed JSON and silence show Retry, and Retry recovers`, async () => {
			const routes = await routesOnLoad(target);
			expect(routes.length).toBeGreaterThan(0);
			for (const routePath of routes) {
				const faults: Fault[] =
					routePath === routes[0]
						? ['500', 'malformed', 'timeout']
						: ['500', 'malformed'];
				for (const fault of faults) {
					const { page, errors } = await newPage(
						fault === 'timeout' ? TIMEOUT_MS : undefined,
					);
					let broken = true;
					const healthy = async (route: Route) => route.continue();
					const handler = breakRoute(fault);
					await page.route(
						(url) => routeOf(url.toString()) === routePath,
						(route) => (broken ? handler(route) : healthy(route)),
					);
					await page.goto(adminUrl(target.path, target.query));
					const retry = page.getByRole('button', { name: 'Retry' }).first();
					try {
						await retry.waitFor({ timeout: 15000 });
					} catch {
						throw new Error(
							`${target.path}: no Retry when ${routePath} fails (${fault})`,
						);
					}
					// The rest of the page is still there: its heading and menu.
					await expect(page.locator('#root').innerText()).resolves.not.toBe('');
					broken = false;
					const retries = page.getByRole('button', { name: 'Retry' });
					// One Retry can bring back several parts (the overview shows one per failed
					// card), so a button may leave the page while it is being clicked.
					for (let click = 0; click < 10 && (await retries.count()) > 0; click++) {
						await retries
							.first()
							.click({ timeout: 5000 })
							.catch(() => undefined);
						await page.waitForLoadState('networkidle');
					}
					try {
						await retries.first().waitFor({ state: 'detached', timeout: 15000 });
					} catch {
						throw new Error(
							`${target.path}: Retry did not recover once ${routePath} was healthy again (${fault})`,
						);
					}
					expect(errors).toEqual([]);
					await page.context().close();
				}
			}
			// A page with many routes (the Overview: a dozen, each broken two or three ways)
			// opens thirty pages or more; a busy machine needs minutes for that.
		}, 600_000);
	}
});
