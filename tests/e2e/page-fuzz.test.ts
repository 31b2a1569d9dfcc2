/**
 * Browser fuzz: hostile addresses (random keys, unknown periods, bad dates, negative and huge
 * numbers, arrays where strings are expected, unicode, markup; the generators of tests/fuzz) on
 * every report page, the overview and the analytics settings. No uncaught exception, no page that
 * fell into the error boundary, never an empty page, and never a 5xx from the server.
 */
import fc from 'fast-check';

import { hostileQueryString } from '../fuzz/arbitraries.js';
import { baseUrl, fileBrowser, REPORT_PAGES } from './helpers.js';

const PATHS = REPORT_PAGES;
const ADDRESSES_PER_PATH = 4;

const browser = fileBrowser();

/** The generated query without `page` and `path`, which choose the screen itself. */
function withoutScreenKeys(query: string): string {
	return query
		.split('&')
		.filter((part) => part && !/^(page|path)(\[\]|%5B%5D)?=/i.test(part))
		.join('&');
}

it(`survives ${PATHS.length * ADDRESSES_PER_PATH} hostile addresses across every analytics page`, async () => {
	const queries = fc
		.sample(hostileQueryString, { numRuns: PATHS.length * ADDRESSES_PER_PATH, seed: 20261122 })
		.map(withoutScreenKeys);
	const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
	// 48 page loads beside another e2e worker and the WordPress tests on 2 cores: a load may take
	// longer than Playwright's 30 s default when the machine is busy.
	context.setDefaultTimeout(90000);
	const page = await context.newPage();
	const problems: string[] = [];
	let current = '';
	page.on('pageerror', (error) => problems.push(`${current}: uncaught ${error.message}`));
	page.on('response', (response) => {
		if (response.url().includes('/wp-json/') && response.status() >= 500) {
			problems.push(`${current}: ${response.status()} from ${response.url()}`);
		}
	});
	for (const [index, query] of queries.entries()) {
		const path = PATHS[index % PATHS.length];
		current = `${path}?${query}`;
		await page.goto(
			`${baseUrl()}/wp-admin/admin.php?page=abacus&path=${encodeURIComponent(path)}&${query}`,
		);
		await page.waitForLoadState('networkidle');
		const text = (await page.locator('#root').innerText()).trim();
		if (!text) problems.push(`${current}: empty page`);
		if (text.includes('This page ran into a problem.')) {
			problems.push(`${current}: the error boundary caught a crash`);
		}
	}
	await context.close();
	expect(problems).toEqual([]);
}, 600000);
