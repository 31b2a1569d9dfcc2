/**
 * setUpApiFetch: requests go to the REST root with the nonce, and answers embedded in the page
 * are served once without a request.
 */
import apiFetchImport, { type ApiFetch } from '@wordpress/api-fetch';

import { setUpApiFetch } from '../api.js';

const apiFetch = apiFetchImport as unknown as ApiFetch;

describe('setUpApiFetch', () => {
	const requests: Array<{ url: string; nonce: string | null }> = [];

	beforeAll(() => {
		// The last step of api-fetch (the network) is replaced; its middlewares still run.
		apiFetch.setFetchHandler(async (options) => {
			const headers = (options.headers ?? {}) as Record<string, string>;
			requests.push({ url: String(options.url), nonce: headers['X-WP-Nonce'] ?? null });
			return ['from-server'];
		});
		setUpApiFetch('http://store.test/wp-json/', 'n0nce', {
			'/wc-admin/navigation/favorites/me': { body: ['preloaded'] },
		});
	});

	it('answers an embedded request once from the page, then asks the server', async () => {
		await expect(apiFetch({ path: '/wc-admin/navigation/favorites/me' })).resolves.toEqual([
			'preloaded',
		]);
		expect(requests).toHaveLength(0);
		await expect(apiFetch({ path: '/wc-admin/navigation/favorites/me' })).resolves.toEqual([
			'from-server',
		]);
		expect(requests).toHaveLength(1);
	});

	it('sends other requests to the REST root with the nonce', async () => {
		requests.length = 0;
		await apiFetch({ path: '/wc-analytics/reports/revenue/stats?period=month' });
		expect(requests).toHaveLength(1);
		expect(requests[0].url).toContain(
			'http://store.test/wp-json/wc-analytics/reports/revenue/stats?period=month',
		);
		expect(requests[0].nonce).toBe('n0nce');
	});
});
