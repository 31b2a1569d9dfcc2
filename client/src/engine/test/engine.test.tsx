import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { APIFetchOptions } from '@wordpress/api-fetch';

import { EngineClient, type EngineSettings } from '../client.js';
import { createEngineMiddleware, isEngineExportRequest, isReportRoute } from '../middleware.js';
import { EngineNotice } from '../notice.js';
import { memoryStorage } from './memory-storage.js';

const NOW = 1_800_000_000;
const ENGINE: EngineSettings = {
	url: 'http://127.0.0.1:18555',
	store: 'http://127.0.0.1:18431',
	token: 'page-token',
	expires: NOW + 900,
	tokenRoute: '/abacus/v1/engine/token',
};

interface Sent {
	url: string;
	path?: string;
	init?: RequestInit;
}

/** A minimal fetch Response (jsdom has none). */
function response(status: number, body: unknown): Response {
	const make = (): Response =>
		({
			ok: status >= 200 && status < 300,
			status,
			json: async () => body,
			clone: make,
		}) as unknown as Response;
	return make();
}

type Engine = (url: string, init: RequestInit) => Response | Error;

function setUp(
	options: { now?: number; engine?: Engine; objectUrl?: (file: Blob) => string } = {},
) {
	const renewals: string[] = [];
	const client = new EngineClient(ENGINE, {
		renew: async (route) => {
			renewals.push(route);
			return { token: `renewed-${renewals.length}`, expires: NOW + 1800 };
		},
		storage: memoryStorage(),
		now: () => options.now ?? NOW,
	});
	const toEngine: Sent[] = [];
	const toWordPress: APIFetchOptions[] = [];
	const middleware = createEngineMiddleware(client, {
		objectUrl: options.objectUrl,
		fetch: async (url, init) => {
			toEngine.push({ url, init });
			const answer = options.engine ? options.engine(url, init) : response(200, { ok: true });
			if (answer instanceof Error) throw answer;
			return answer;
		},
	});
	const next = (o: APIFetchOptions) => {
		toWordPress.push(o);
		return Promise.resolve({ from: 'wordpress' });
	};
	const request = (o: APIFetchOptions) =>
		middleware(o, next as Parameters<typeof middleware>[1]) as Promise<unknown>;
	return { client, toEngine, toWordPress, request, renewals };
}

const authorizationOf = (sent: Sent) =>
	(sent.init?.headers as Record<string, string>).Authorization;

describe('report requests and the engine', () => {
	it('sends report GETs to the engine with the token, no nonce and no cookies', async () => {
		const { toEngine, toWordPress, request } = setUp();
		await expect(
			request({
				path: '/wc-analytics/reports/revenue/stats?interval=day&after=2026-01-01',
				headers: { 'X-WP-Nonce': 'wp-nonce' },
			}),
		).resolves.toEqual({ ok: true });
		expect(toWordPress).toEqual([]);
		expect(toEngine[0].url).toBe(
			'http://127.0.0.1:18555/wp-json/wc-analytics/reports/revenue/stats?interval=day&after=2026-01-01',
		);
		expect(toEngine[0].init?.credentials).toBe('omit');
		expect(toEngine[0].init?.headers).toEqual({
			Accept: 'application/json, */*;q=0.1',
			Authorization: 'Bearer page-token',
		});
	});

	it('answers parse: false callers with the Response (paging headers)', async () => {
		const { request } = setUp();
		const answer = (await request({
			path: '/wc-analytics/reports/products',
			parse: false,
		})) as Response;
		expect(answer.status).toBe(200);
	});

	it('sends the leaderboards to the engine and everything else to WordPress', async () => {
		const { toEngine, toWordPress, request } = setUp();
		await request({ path: '/wc-analytics/leaderboards?per_page=5' });
		expect(toEngine[0].url).toMatch(
			/^http:\/\/127\.0\.0\.1:18555\/wp-json\/wc-analytics\/leaderboards/,
		);
		for (const path of [
			'/wc-analytics/products?search=hat',
			'/wc-analytics/reports/import/status',
			'/wc-analytics/reports/performance-indicators/allowed',
			'/wc-analytics/leaderboards/allowed',
			'/abacus/v1/favorites/me',
		]) {
			await request({ path });
		}
		await request({ path: '/wc-analytics/reports/import', method: 'POST', data: {} });
		expect(toWordPress.map((o) => o.path)).toEqual([
			'/wc-analytics/products?search=hat',
			'/wc-analytics/reports/import/status',
			'/wc-analytics/reports/performance-indicators/allowed',
			'/wc-analytics/leaderboards/allowed',
			'/abacus/v1/favorites/me',
			'/wc-analytics/reports/import',
		]);
		expect(toEngine).toHaveLength(1);
	});

	it("sends an engine-only report's whole-report export to the engine and hands over its file", async () => {
		const file = new Blob(['Key,Name,Orders\nstripe,Card,3\n'], { type: 'text/csv' });
		const files: Blob[] = [];
		const { toEngine, toWordPress, request } = setUp({
			objectUrl: (file) => {
				files.push(file);
				return 'blob:http://127.0.0.1:18431/file-1';
			},
			engine: (url) => {
				if (url.endsWith('/export')) return response(200, { export_id: '1234567890123' });
				if (url.endsWith('/status')) {
					return response(200, {
						percent_complete: 100,
						total_rows: 1,
						download_url:
							'/wp-json/wc-analytics/reports/payment-methods/export/1234567890123/download?filename=x',
					});
				}
				if (url.includes('/download')) {
					return {
						...response(200, null),
						blob: async () => file,
					} as unknown as Response;
				}
				return response(200, { status: 'success' });
			},
		});
		const started = await request({
			path: '/wc-analytics/reports/payment-methods/export',
			method: 'POST',
			data: { report_args: { after: '2026-01-01T00:00:00' }, email: true },
		});
		expect(started).toEqual({ export_id: '1234567890123' });
		expect(toEngine[0].url).toBe(
			'http://127.0.0.1:18555/wp-json/wc-analytics/reports/payment-methods/export',
		);
		expect(toEngine[0].init).toMatchObject({
			method: 'POST',
			credentials: 'omit',
			body: JSON.stringify({ report_args: { after: '2026-01-01T00:00:00' }, email: true }),
			headers: {
				Accept: 'application/json, */*;q=0.1',
				Authorization: 'Bearer page-token',
				'Content-Type': 'application/json',
			},
		});
		const status = await request({
			path: '/wc-analytics/reports/payment-methods/export/1234567890123/status',
		});
		// The file was fetched with the token; the page gets a local address of it.
		expect(status).toMatchObject({
			percent_complete: 100,
			download_url: 'blob:http://127.0.0.1:18431/file-1',
		});
		expect(toEngine[2].url).toBe(
			'http://127.0.0.1:18555/wp-json/wc-analytics/reports/payment-methods/export/1234567890123/download?filename=x',
		);
		expect(toEngine[2].init?.headers).toMatchObject({ Authorization: 'Bearer page-token' });
		expect(files).toHaveLength(1);
		expect(files[0]).toBe(file);
		await request({
			path: '/wc-analytics/reports/payment-methods/export/1234567890123',
			method: 'DELETE',
		});
		expect(toEngine[3].init?.method).toBe('DELETE');
		expect(toWordPress).toEqual([]);
	});

	it("fails the export's status as the engine's error when the file cannot be fetched", async () => {
		const { request } = setUp({
			objectUrl: () => 'blob:unused',
			engine: (url) =>
				url.includes('/download')
					? response(404, {
							code: 'woocommerce_admin_reports_export_invalid_id',
							message: 'Sorry, there is no export with that ID.',
							data: { status: 404 },
						})
					: response(200, {
							percent_complete: 100,
							download_url:
								'/wp-json/wc-analytics/reports/profit/export/1234567890123/download',
						}),
		});
		await expect(
			request({ path: '/wc-analytics/reports/profit/export/1234567890123/status' }),
		).rejects.toMatchObject({ status: 404 });
	});

	it('classifies the export requests the engine answers', () => {
		const base = '/wc-analytics/reports/payment-methods/export';
		expect(isEngineExportRequest('POST', base)).toBe(true);
		expect(isEngineExportRequest('POST', `${base}/1234567890123/cancel`)).toBe(true);
		expect(isEngineExportRequest('GET', `${base}/1234567890123/status`)).toBe(true);
		expect(isEngineExportRequest('GET', `${base}/1234567890123/download?filename=a`)).toBe(
			true,
		);
		expect(isEngineExportRequest('DELETE', `${base}/1234567890123`)).toBe(true);
		for (const slug of [
			'shipping-methods',
			'origins',
			'places',
			'profit',
			'revenue',
			'orders',
			'products',
			'variations',
			'categories',
			'coupons',
			'taxes',
			'stock',
			'customers',
		]) {
			expect(isEngineExportRequest('POST', `wc-analytics/reports/${slug}/export`)).toBe(true);
		}
		// Downloads (no download log on the engine) export through WordPress, as their figures
		// come from it; other methods and routes are not exports.
		expect(isEngineExportRequest('POST', '/wc-analytics/reports/downloads/export')).toBe(false);
		expect(isEngineExportRequest('GET', base)).toBe(false);
		expect(isEngineExportRequest('PUT', base)).toBe(false);
		expect(isEngineExportRequest('DELETE', base)).toBe(false);
		expect(isEngineExportRequest('POST', `${base}/1234567890123`)).toBe(false);
		expect(isEngineExportRequest('POST', '/wc-analytics/reports/import')).toBe(false);
		expect(isEngineExportRequest('POST', '/wc-analytics/reports/constructor/export')).toBe(
			false,
		);
	});

	it("exports WooCommerce's reports through the engine too, so the file has the screen's figures", async () => {
		const { toEngine, toWordPress, request } = setUp({
			objectUrl: () => 'blob:http://127.0.0.1:18431/orders',
			engine: (url) => {
				if (url.endsWith('/export')) return response(200, { export_id: '42' });
				if (url.endsWith('/status')) {
					return response(200, {
						percent_complete: 100,
						download_url: '/wp-json/wc-analytics/reports/orders/export/42/download',
					});
				}
				return { ...response(200, null), blob: async () => new Blob(['a']) } as Response;
			},
		});
		await request({
			path: '/wc-analytics/reports/orders/export',
			method: 'POST',
			data: { report_args: { status_is: ['completed'] } },
		});
		await expect(
			request({ path: '/wc-analytics/reports/orders/export/42/status' }),
		).resolves.toMatchObject({ download_url: 'blob:http://127.0.0.1:18431/orders' });
		expect(toEngine.map((sent) => sent.url)).toEqual([
			'http://127.0.0.1:18555/wp-json/wc-analytics/reports/orders/export',
			'http://127.0.0.1:18555/wp-json/wc-analytics/reports/orders/export/42/status',
			'http://127.0.0.1:18555/wp-json/wc-analytics/reports/orders/export/42/download',
		]);
		expect(toEngine.every((sent) => authorizationOf(sent) === 'Bearer page-token')).toBe(true);
		// The downloads report's figures come from WordPress, and so does its file.
		await request({ path: '/wc-analytics/reports/downloads/export', method: 'POST', data: {} });
		expect(toWordPress.map((o) => o.path)).toEqual(['/wc-analytics/reports/downloads/export']);
	});

	it("reads and saves a product's cost on the engine with the token, even on WooCommerce's figures", async () => {
		const { client, toEngine, toWordPress, request } = setUp({
			engine: (_url, init) =>
				init.method === 'POST'
					? response(200, { product_id: 12, cost: 4.5 })
					: response(200, { product: { id: 12, cost: null } }),
		});
		client.useWooCommerce();
		await request({ path: '/abacus/v1/costs?product=12' });
		await expect(
			request({
				path: '/abacus/v1/costs',
				method: 'POST',
				data: { product_id: 12, cost: '4.50', date_from: '2026-01-01' },
			}),
		).resolves.toEqual({ product_id: 12, cost: 4.5 });
		expect(toWordPress).toEqual([]);
		expect(toEngine[0].url).toBe('http://127.0.0.1:18555/wp-json/abacus/v1/costs?product=12');
		expect(toEngine[1]).toMatchObject({
			url: 'http://127.0.0.1:18555/wp-json/abacus/v1/costs',
			init: {
				method: 'POST',
				credentials: 'omit',
				body: JSON.stringify({ product_id: 12, cost: '4.50', date_from: '2026-01-01' }),
				headers: { Authorization: 'Bearer page-token', 'Content-Type': 'application/json' },
			},
		});
		// A PUT or DELETE of costs is no request the engine takes from the page.
		await request({ path: '/abacus/v1/costs', method: 'PUT', data: {} });
		expect(toWordPress.map((o) => o.method)).toEqual(['PUT']);
	});

	it("fails a read-only token's cost save with the engine's reason, leaving the engine working", async () => {
		const { client, request } = setUp({
			engine: () =>
				response(403, {
					code: 'abacus_engine_token_read_only',
					message:
						"Your account may view the store's reports but not change products' costs.",
					data: { status: 403 },
				}),
		});
		await expect(
			request({ path: '/abacus/v1/costs', method: 'POST', data: { product_id: 12 } }),
		).rejects.toEqual({
			code: 'abacus_engine_token_read_only',
			message: "Your account may view the store's reports but not change products' costs.",
			data: { status: 403 },
		});
		expect(client.getStatus()).toEqual({ kind: 'active' });
	});

	it("leaves an export to WordPress once WooCommerce's figures are chosen", async () => {
		const { client, toEngine, toWordPress, request } = setUp();
		client.useWooCommerce();
		await request({ path: '/wc-analytics/reports/places/export', method: 'POST', data: {} });
		expect(toEngine).toEqual([]);
		expect(toWordPress.map((o) => o.path)).toEqual(['/wc-analytics/reports/places/export']);
	});

	it('classifies the report routes', () => {
		expect(isReportRoute('wc-analytics/reports/products?per_page=25')).toBe(true);
		expect(isReportRoute('/wc-analytics/reports/customers/stats')).toBe(true);
		expect(isReportRoute('/wc-analytics/reports/revenue/export/abc/status')).toBe(false);
		expect(isReportRoute('/wc-analytics/settings/wc_admin')).toBe(false);
		// No download log reaches the engine: downloads stay with WordPress.
		expect(isReportRoute('/wc-analytics/reports/downloads?per_page=25')).toBe(false);
		expect(isReportRoute('/wc-analytics/reports/downloads/stats')).toBe(false);
		expect(
			isReportRoute(
				'/wc-analytics/reports/performance-indicators?stats=revenue%2Ftotal_sales%2Cdownloads%2Fdownload_count',
			),
		).toBe(false);
		expect(
			isReportRoute(
				'/wc-analytics/reports/performance-indicators?stats=revenue/total_sales,orders/orders_count',
			),
		).toBe(true);
	});

	it('renews a token about to expire through WordPress before sending', async () => {
		const { toEngine, request, renewals } = setUp({ now: ENGINE.expires - 30 });
		await request({ path: '/wc-analytics/reports/orders' });
		expect(renewals).toEqual(['/abacus/v1/engine/token']);
		expect(authorizationOf(toEngine[0])).toBe('Bearer renewed-1');
	});

	it('renews once and sends again when the engine says the token expired', async () => {
		let calls = 0;
		const { toEngine, request, renewals } = setUp({
			engine: () => {
				calls += 1;
				return calls === 1
					? response(401, {
							code: 'abacus_engine_token_expired',
							message: 'The engine token has expired.',
							data: { status: 401 },
						})
					: response(200, { totals: {} });
			},
		});
		await expect(request({ path: '/wc-analytics/reports/orders/stats' })).resolves.toEqual({
			totals: {},
		});
		expect(renewals).toHaveLength(1);
		expect(authorizationOf(toEngine[1])).toBe('Bearer renewed-1');
	});

	it('reports an unreachable engine, and after "Use WooCommerce\'s figures" asks WordPress', async () => {
		const { client, toWordPress, request } = setUp({
			engine: () => new TypeError('Failed to fetch'),
		});
		await expect(
			request({ path: '/wc-analytics/reports/revenue/stats' }),
		).rejects.toMatchObject({
			code: 'abacus_engine_unreachable',
			message: expect.stringContaining('http://127.0.0.1:18555 could not be reached'),
		});
		expect(client.getStatus()).toMatchObject({ kind: 'failed', reason: 'unreachable' });

		const refreshed = jest.fn();
		render(<EngineNotice client={client} onChange={refreshed} />);
		expect(screen.getByRole('alert')).toHaveTextContent('The Abacus engine is unreachable');
		await userEvent.click(screen.getByRole('button', { name: "Use WooCommerce's figures" }));
		expect(refreshed).toHaveBeenCalledTimes(1);
		expect(screen.getByRole('status')).toHaveTextContent("WooCommerce's figures");

		await expect(request({ path: '/wc-analytics/reports/revenue/stats' })).resolves.toEqual({
			from: 'wordpress',
		});
		expect(toWordPress[toWordPress.length - 1].path).toBe(
			'/wc-analytics/reports/revenue/stats',
		);

		await userEvent.click(screen.getByRole('button', { name: 'Use the Abacus engine again' }));
		expect(client.getStatus()).toEqual({ kind: 'active' });
		expect(refreshed).toHaveBeenCalledTimes(2);
	});

	it("reports a refused token with the engine's reason and offers Retry", async () => {
		const { client, request } = setUp({
			engine: () =>
				response(401, {
					code: 'abacus_engine_token_invalid',
					message: "The engine token's signature does not match.",
					data: { status: 401 },
				}),
		});
		await expect(request({ path: '/wc-analytics/reports/orders' })).rejects.toMatchObject({
			code: 'abacus_engine_token_invalid',
		});
		const refreshed = jest.fn();
		render(<EngineNotice client={client} onChange={refreshed} />);
		expect(screen.getByRole('alert')).toHaveTextContent(
			"refused this store: The engine token's signature does not match.",
		);
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(client.getStatus()).toEqual({ kind: 'active' });
		expect(screen.queryByRole('alert')).toBeNull();
		expect(refreshed).toHaveBeenCalledTimes(1);
	});

	it('keeps an ordinary report error (400) as it is', async () => {
		const { client, request } = setUp({
			engine: () =>
				response(400, {
					code: 'rest_invalid_param',
					message: 'Invalid parameter(s): after',
					data: { status: 400 },
				}),
		});
		await expect(request({ path: '/wc-analytics/reports/orders' })).rejects.toMatchObject({
			code: 'rest_invalid_param',
		});
		expect(client.getStatus()).toEqual({ kind: 'active' });
	});

	it('fails a request the engine does not answer in time as unreachable', async () => {
		const client = new EngineClient(ENGINE, {
			renew: async () => ({ token: '', expires: 0 }),
			storage: memoryStorage(),
			now: () => NOW,
		});
		const middleware = createEngineMiddleware(client, {
			timeout: 50,
			fetch: (_url, init) =>
				new Promise((_resolve, reject) => {
					init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
				}),
		});
		await expect(
			middleware({ path: '/wc-analytics/reports/orders' }, (() =>
				Promise.resolve({})) as Parameters<typeof middleware>[1]),
		).rejects.toMatchObject({
			code: 'abacus_engine_unreachable',
			message: expect.stringContaining('no answer within 1 second'),
		});
		expect(client.getStatus()).toMatchObject({ kind: 'failed', reason: 'unreachable' });
	});

	it('leaves every request to WordPress without an engine', async () => {
		const client = new EngineClient(null, {
			renew: async () => ({ token: '', expires: 0 }),
			storage: memoryStorage(),
		});
		const sent: APIFetchOptions[] = [];
		const middleware = createEngineMiddleware(client);
		await middleware({ path: '/wc-analytics/reports/orders' }, ((o: APIFetchOptions) => {
			sent.push(o);
			return Promise.resolve({});
		}) as Parameters<typeof middleware>[1]);
		expect(sent[0]).toEqual({ path: '/wc-analytics/reports/orders' });
	});
});
