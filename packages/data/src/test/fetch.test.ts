import { fetchJson, fetchWithHeaders } from '../fetch.js';
import { stubApiFetch, wpError } from './helpers.js';

describe('fetchWithHeaders', () => {
	it('resolves with headers, status and the parsed body', async () => {
		stubApiFetch(() => ({ body: [{ id: 1 }], headers: { 'X-WP-Total': '7' } }));
		const result = await fetchWithHeaders<Array<{ id: number }>>({ path: '/wc-analytics/x' });
		expect(result.status).toBe(200);
		expect(result.data).toEqual([{ id: 1 }]);
		expect(result.headers.get('x-wp-total')).toBe('7');
	});

	it('rejects with the WordPress error of a failed response', async () => {
		stubApiFetch(() => wpError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page'));
		await expect(fetchWithHeaders({ path: '/wc-analytics/x' })).rejects.toEqual({
			code: 'rest_invalid_param',
			message: 'Invalid parameter(s): per_page',
			data: { status: 400 },
		});
	});

	it('makes identical requests in flight once', async () => {
		const calls = stubApiFetch(() => ({ body: { ok: true } }));
		const [a, b] = await Promise.all([
			fetchWithHeaders({ path: '/wc-analytics/same' }),
			fetchWithHeaders({ path: '/wc-analytics/same' }),
		]);
		expect(calls).toHaveLength(1);
		expect(a.data).toEqual(b.data);
		await fetchJson({ path: '/wc-analytics/same' });
		expect(calls).toHaveLength(2);
	});

	it('never shares write requests', async () => {
		const calls = stubApiFetch(() => ({ body: {} }));
		await Promise.all([
			fetchJson({ path: '/wc-admin/options', method: 'POST', data: { a: 1 } }),
			fetchJson({ path: '/wc-admin/options', method: 'POST', data: { a: 1 } }),
		]);
		expect(calls).toHaveLength(2);
	});
});
