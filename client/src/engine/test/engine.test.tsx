import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { APIFetchOptions } from '@wordpress/api-fetch';

import { EngineClient, type EngineSettings } from '../client.js';
import { createEngineMiddleware, isReportRoute } from '../middleware.js';
import { EngineNotice } from '../notice.js';

const NOW = 1_800_000_000;
const ENGINE: EngineSettings = {
	url: 'http://127.0.0.1:18555',
	store: 'http://127.0.0.1:18431',
	token: 'page-token',
	expires: NOW + 900,
	tokenRoute: '/abacus/v1/engine/token',
};

function memoryStorage(): Storage {
	const data = new Map<string, string>();
	return {
		get length() {
			return data.size;
		},
		clear: () => data.clear(),
		getItem: (key) => data.get(key) ?? null,
		key: (index) => [...data.keys()][index] ?? null,
		removeItem: (key) => void data.delete(key),
		setItem: (key, value) => void data.set(key, value),
	};
}

function setUp(options: { now?: number; answer?: (o: APIFetchOptions) => unknown } = {}) {
	const renewals: string[] = [];
	const client = new EngineClient(ENGINE, {
		renew: async (route) => {
			renewals.push(route);
			return { token: `renewed-${renewals.length}`, expires: NOW + 1800 };
		},
		storage: memoryStorage(),
		now: () => options.now ?? NOW,
	});
	const sent: APIFetchOptions[] = [];
	const middleware = createEngineMiddleware(client);
	const next = (o: APIFetchOptions) => {
		sent.push(o);
		return Promise.resolve(options.answer ? options.answer(o) : { ok: true });
	};
	const request = (o: APIFetchOptions) =>
		middleware(o, next as Parameters<typeof middleware>[1]) as Promise<unknown>;
	return { client, sent, request, renewals };
}

describe('report requests and the engine', () => {
	it('sends report GETs to the engine with the token, no nonce and no cookies', async () => {
		const { sent, request } = setUp();
		await request({
			path: '/wc-analytics/reports/revenue/stats?interval=day&after=2026-01-01',
			headers: { 'X-WP-Nonce': 'wp-nonce', Accept: 'application/json' },
		});
		expect(sent[0].url).toBe(
			'http://127.0.0.1:18555/wp-json/wc-analytics/reports/revenue/stats?interval=day&after=2026-01-01',
		);
		expect(sent[0].path).toBeUndefined();
		expect(sent[0].credentials).toBe('omit');
		expect(sent[0].headers).toEqual({
			Accept: 'application/json',
			Authorization: 'Bearer page-token',
		});
	});

	it('sends the leaderboards to the engine and everything else to WordPress', async () => {
		const { sent, request } = setUp();
		await request({ path: '/wc-analytics/leaderboards?per_page=5' });
		expect(sent[0].url).toMatch(
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
		await request({ path: '/wc-analytics/reports/orders/export', method: 'POST', data: {} });
		expect(sent.slice(1).map((o) => o.path)).toEqual([
			'/wc-analytics/products?search=hat',
			'/wc-analytics/reports/import/status',
			'/wc-analytics/reports/performance-indicators/allowed',
			'/wc-analytics/leaderboards/allowed',
			'/abacus/v1/favorites/me',
			'/wc-analytics/reports/orders/export',
		]);
		expect(sent.slice(1).every((o) => o.url === undefined)).toBe(true);
	});

	it('classifies the report routes', () => {
		expect(isReportRoute('wc-analytics/reports/products?per_page=25')).toBe(true);
		expect(isReportRoute('/wc-analytics/reports/customers/stats')).toBe(true);
		expect(isReportRoute('/wc-analytics/reports/revenue/export/abc/status')).toBe(false);
		expect(isReportRoute('/wc-analytics/settings/wc_admin')).toBe(false);
	});

	it('renews a token about to expire through WordPress before sending', async () => {
		const { sent, request, renewals } = setUp({ now: ENGINE.expires - 30 });
		await request({ path: '/wc-analytics/reports/orders' });
		expect(renewals).toEqual(['/abacus/v1/engine/token']);
		expect((sent[0].headers as Record<string, string>).Authorization).toBe('Bearer renewed-1');
	});

	it('renews once and sends again when the engine says the token expired', async () => {
		let calls = 0;
		const { sent, request, renewals } = setUp({
			answer: () => {
				calls += 1;
				if (calls === 1) {
					throw {
						code: 'abacus_engine_token_expired',
						message: 'The engine token has expired.',
						data: { status: 401 },
					};
				}
				return { totals: {} };
			},
		});
		await expect(request({ path: '/wc-analytics/reports/orders/stats' })).resolves.toEqual({
			totals: {},
		});
		expect(renewals).toHaveLength(1);
		expect((sent[1].headers as Record<string, string>).Authorization).toBe('Bearer renewed-1');
	});

	it('reports an unreachable engine, and after "Use WooCommerce\'s figures" asks WordPress', async () => {
		const { client, sent, request } = setUp({
			answer: (o) => {
				if (o.url) throw { code: 'fetch_error', message: 'You are probably offline.' };
				return { from: 'wordpress' };
			},
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
		expect(sent[sent.length - 1].path).toBe('/wc-analytics/reports/revenue/stats');

		await userEvent.click(screen.getByRole('button', { name: 'Use the Abacus engine again' }));
		expect(client.getStatus()).toEqual({ kind: 'active' });
		expect(refreshed).toHaveBeenCalledTimes(2);
	});

	it("reports a refused token with the engine's reason and offers Retry", async () => {
		const { client, request } = setUp({
			answer: () => {
				throw {
					code: 'abacus_engine_token_invalid',
					message: "The engine token's signature does not match.",
					data: { status: 401 },
				};
			},
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
			answer: () => {
				throw {
					code: 'rest_invalid_param',
					message: 'Invalid parameter(s): after',
					data: { status: 400 },
				};
			},
		});
		await expect(request({ path: '/wc-analytics/reports/orders' })).rejects.toMatchObject({
			code: 'rest_invalid_param',
		});
		expect(client.getStatus()).toEqual({ kind: 'active' });
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
