/**
 * setUpApiFetch: requests go to the REST root with the nonce, and answers embedded in the page
 * are served once without a request.
 */

import { createPreloadedRoutesMiddleware, createTimeoutMiddleware, setUpApiFetch } from '../api.js';
import { apiFetch } from '../../base/api-fetch.js';

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

describe('createTimeoutMiddleware', () => {
	/** A server that never answers: the request only ends when its signal aborts. */
	const silentServer = (options: { signal?: AbortSignal | null }) =>
		new Promise<unknown>((_, reject) => {
			options.signal?.addEventListener('abort', () =>
				reject({ code: 'fetch_error', message: 'You are probably offline.' }),
			);
		});

	it('fails a request without an answer as timed out, with a message saying so', async () => {
		const middleware = createTimeoutMiddleware(20);
		await expect(middleware({ path: '/slow' }, silentServer)).rejects.toMatchObject({
			code: 'request_timeout',
			message: 'The server did not answer within 1 seconds.',
		});
	});

	it('lets answers and other errors through unchanged', async () => {
		const middleware = createTimeoutMiddleware(1000);
		await expect(middleware({ path: '/ok' }, async () => ['fine'])).resolves.toEqual(['fine']);
		await expect(
			middleware({ path: '/bad' }, async () => {
				throw { code: 'db_down', message: 'Away.' };
			}),
		).rejects.toEqual({ code: 'db_down', message: 'Away.' });
	});

	it("keeps the caller's own abort", async () => {
		const middleware = createTimeoutMiddleware(60000);
		const controller = new AbortController();
		const pending = middleware({ path: '/x', signal: controller.signal }, silentServer);
		controller.abort();
		await expect(pending).rejects.toMatchObject({ code: 'fetch_error' });
	});
});

describe('createPreloadedRoutesMiddleware', () => {
	const server = async (options: { path?: string }) => [`server ${options.path}`];

	it('answers an embedded request whatever the order of its query, once', async () => {
		const middleware = createPreloadedRoutesMiddleware({
			'/abacus/v1/views?b=2&a=1': { body: ['embedded'] },
		});
		await expect(middleware({ path: '/abacus/v1/views?a=1&b=2' }, server)).resolves.toEqual([
			'embedded',
		]);
		await expect(middleware({ path: '/abacus/v1/views?a=1&b=2' }, server)).resolves.toEqual([
			'server /abacus/v1/views?a=1&b=2',
		]);
	});

	it('answers an embedded OPTIONS request', async () => {
		const middleware = createPreloadedRoutesMiddleware({
			OPTIONS: { '/abacus/v1/views': { body: { methods: ['GET'] } } },
		} as never);
		await expect(
			middleware({ path: '/abacus/v1/views', method: 'OPTIONS' }, server),
		).resolves.toEqual({ methods: ['GET'] });
	});

	it('sends a request to another route on without sorting its query', async () => {
		const middleware = createPreloadedRoutesMiddleware({
			'/abacus/v1/views': { body: ['embedded'] },
		});
		// Sorting the query compares its keys with localeCompare (the browser's collation data).
		const compare = jest.spyOn(String.prototype, 'localeCompare');
		try {
			await expect(
				middleware({ path: '/wc-analytics/reports/revenue/stats?b=1&a=2&c=3' }, server),
			).resolves.toEqual(['server /wc-analytics/reports/revenue/stats?b=1&a=2&c=3']);
			await expect(
				middleware({ path: '/abacus/v1/views?b=1&a=2', method: 'POST' }, server),
			).resolves.toEqual(['server /abacus/v1/views?b=1&a=2']);
			expect(compare).not.toHaveBeenCalled();
		} finally {
			compare.mockRestore();
		}
	});
});
