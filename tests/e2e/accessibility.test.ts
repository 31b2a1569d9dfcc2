/**
 * Accessibility: axe-core on every page of the app once its data has loaded. No serious or
 * critical violation; a failure lists each one with its rule, help text and elements.
 */
import { readFileSync } from 'node:fs';

import { adminUrl, fileBrowser, REPORT_PAGES } from './helpers.js';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const PAGES = [
	...REPORT_PAGES,
	'/inbox',
	'/reviews',
	'/stock-update',
	'/payments',
	'/onboarding',
	'/settings/general',
];

interface Violation {
	id: string;
	impact: string | null;
	help: string;
	nodes: Array<{ target: unknown[] }>;
}

const browser = fileBrowser();

it('has no serious or critical axe violations on any page', async () => {
	const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
	const page = await context.newPage();
	const found: string[] = [];
	for (const path of PAGES) {
		await page.goto(adminUrl(path, { period: 'last_month', compare: 'previous_year' }));
		await page.waitForLoadState('networkidle');
		// Evaluated through the DevTools protocol: the page's Content-Security-Policy (rightly)
		// refuses an inline script tag, and the audit must see the page with its real policy.
		await page.evaluate(AXE_SOURCE);
		const violations = await page.evaluate(async () => {
			const axe = (
				window as unknown as {
					axe: { run: (context: Element) => Promise<{ violations: Violation[] }> };
				}
			).axe;
			const result = await axe.run(document.getElementById('root') ?? document.body);
			return result.violations.map((v) => ({
				id: v.id,
				impact: v.impact,
				help: v.help,
				nodes: v.nodes.map((n) => ({ target: n.target })),
			}));
		});
		for (const violation of violations) {
			if (violation.impact === 'serious' || violation.impact === 'critical') {
				found.push(
					`${path}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes
						.slice(0, 3)
						.map((n) => JSON.stringify(n.target))
						.join(', ')}`,
				);
			}
		}
	}
	await context.close();
	expect(found).toEqual([]);
}, 240000);
