/**
 * The app's first script (start.ts): as it runs, a report page's first view is asked for, before
 * the report's module or any component has loaded (inside WordPress it runs before the components'
 * scripts).
 */
import { resetHistory } from '@abacus/navigation';

/** A request the page sent: its route and query. */
interface Call {
	route: string;
	query: URLSearchParams;
}

// start.ts runs before the components' scripts inside WordPress: it must import none of them.
jest.mock('@wordpress/components', () => {
	throw new Error('start.ts loaded @wordpress/components');
});
jest.mock('@abacus/components', () => {
	throw new Error('start.ts loaded @abacus/components');
});

jest.setTimeout(30000);

function openPage(address: string): void {
	window.history.replaceState({}, '', address);
	resetHistory();
	document.body.innerHTML = '<div id="root"></div>';
}

/**
 * Runs start.ts in a module registry of its own (its own stores and api-fetch, whose requests are
 * answered with `body`); returns the requests sent.
 */
async function runStart(body: unknown): Promise<Call[]> {
	const calls: Call[] = [];
	await jest.isolateModulesAsync(async () => {
		const { default: apiFetch } = await import('@wordpress/api-fetch');
		apiFetch.setFetchHandler(async (options) => {
			const [pathname, search = ''] = (options.path ?? options.url ?? '').split('?');
			calls.push({ route: pathname.replace(/^\//, ''), query: new URLSearchParams(search) });
			return body;
		});
		await import('../start.js');
	});
	// The stores' resolvers ask in the next ticks.
	for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setTimeout(resolve, 0));
	return calls;
}

const statsCalls = (calls: Call[]): Call[] =>
	calls.filter((call) => call.route === 'wc-analytics/reports/revenue/stats');

describe('the app’s first script', () => {
	beforeEach(() => {
		window.abacusSettings = { restRoot: '/wp-json/', restNonce: 'nonce' };
	});

	it('asks for a report page’s first view (both periods) as it runs, with no component loaded', async () => {
		openPage(
			'/abacus?path=%2Fanalytics%2Frevenue&period=custom&after=2026-03-02&before=2026-03-08&compare=previous_period',
		);
		const calls = await runStart({ totals: {}, intervals: [] });
		const asked = statsCalls(calls).map((call) => [
			call.query.get('after'),
			call.query.get('before'),
			call.query.get('interval'),
		]);
		expect(asked).toEqual(
			expect.arrayContaining([
				['2026-03-02T00:00:00', '2026-03-08T23:59:59', 'day'],
				['2026-02-23T00:00:00', '2026-03-01T23:59:59', 'day'],
			]),
		);
	});

	it('asks for nothing on a page that is no report', async () => {
		openPage('/abacus?path=%2Fanalytics%2Foverview');
		const calls = await runStart({});
		expect(calls.filter((call) => call.route.startsWith('wc-analytics/reports'))).toEqual([]);
	});
});
