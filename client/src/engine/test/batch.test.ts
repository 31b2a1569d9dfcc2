/**
 * @jest-environment node
 */
/**
 * The report GETs of one task go to the engine as one request, and each caller gets its own answer
 * as if sent alone.
 */
import type { APIFetchOptions } from '@wordpress/api-fetch';

import { BATCH_MAX_PATHS, createBatchingFetch } from '../batch.js';
import { EngineClient } from '../client.js';
import { createEngineMiddleware } from '../middleware.js';
import { memoryStorage } from './memory-storage.js';

const ENGINE = 'http://127.0.0.1:18555';
const STATS = '/wp-json/wc-analytics/reports/revenue/stats?interval=day&page=';

const init = (token = 'Bearer page-token', signal?: AbortSignal): RequestInit => ({
	method: 'GET',
	headers: { Accept: 'application/json', Authorization: token },
	credentials: 'omit',
	...(signal ? { signal } : {}),
});

/** The sub-answer the engine gives a path: its page number as total and body. */
function answerOf(path: string) {
	const page = Number(new URL(path, ENGINE).searchParams.get('page'));
	return {
		status: page === 0 ? 400 : 200,
		headers: { 'content-type': 'application/json', 'x-wp-total': String(page * 10) },
		body: JSON.stringify(page === 0 ? { code: 'rest_invalid_param' } : { page }),
	};
}

/** A fake engine: the batch route answers each path; `batch` replaces that answer. */
function engine(batch?: (paths: string[]) => Response | Error) {
	const sent: Array<{ url: string; init: RequestInit }> = [];
	const fetch = async (url: string, requestInit: RequestInit): Promise<Response> => {
		sent.push({ url, init: requestInit });
		const parsed = new URL(url);
		if (parsed.pathname === '/wp-json/abacus/v1/engine/batch') {
			const paths = parsed.searchParams.getAll('path');
			const answer = batch?.(paths);
			if (answer instanceof Error) throw answer;
			return answer ?? Response.json({ responses: paths.map(answerOf) });
		}
		const alone = answerOf(`${parsed.pathname}${parsed.search}`);
		return new Response(alone.body, { status: alone.status, headers: alone.headers });
	};
	return { sent, fetch };
}

const pathsOf = (url: string) => new URL(url).searchParams.getAll('path');

describe('report GETs of one task', () => {
	it('go as one request, each caller answered as alone', async () => {
		const { sent, fetch } = engine();
		const batched = createBatchingFetch(fetch);
		const answers = await Promise.all(
			[1, 2, 0].map((page) => batched(ENGINE, `${STATS}${page}`, init())),
		);
		expect(sent).toHaveLength(1);
		expect(pathsOf(sent[0].url)).toEqual([`${STATS}1`, `${STATS}2`, `${STATS}0`]);
		expect((sent[0].init.headers as Record<string, string>).Authorization).toBe(
			'Bearer page-token',
		);
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400]);
		expect(answers[1].headers.get('x-wp-total')).toBe('20');
		expect(await answers[1].json()).toEqual({ page: 2 });
		expect(await answers[2].json()).toEqual({ code: 'rest_invalid_param' });
	});

	it('go alone when alone, and in batches of at most twelve', async () => {
		const { sent, fetch } = engine();
		const batched = createBatchingFetch(fetch);
		const one = await batched(ENGINE, `${STATS}3`, init());
		expect(sent.map((entry) => entry.url)).toEqual([`${ENGINE}${STATS}3`]);
		expect(await one.json()).toEqual({ page: 3 });
		sent.length = 0;
		const many = Array.from({ length: BATCH_MAX_PATHS + 2 }, (_, i) => i + 1);
		const answers = await Promise.all(
			many.map((page) => batched(ENGINE, `${STATS}${page}`, init())),
		);
		expect(sent.map((entry) => pathsOf(entry.url).length)).toEqual([BATCH_MAX_PATHS, 2]);
		expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual(
			many.map((page) => ({ page })),
		);
	});

	it('go in batches short enough for a request line, a long path alone', async () => {
		const { sent, fetch } = engine();
		const batched = createBatchingFetch(fetch);
		const long = `${STATS}5&${'fields[]=net_revenue&'.repeat(300)}`;
		const answers = await Promise.all([
			batched(ENGINE, `${STATS}1`, init()),
			batched(ENGINE, long, init()),
			batched(ENGINE, `${STATS}2`, init()),
		]);
		expect(sent.every((entry) => entry.url.length < 8000)).toBe(true);
		expect(sent.map((entry) => pathsOf(entry.url).length || 1)).toEqual([1, 1, 1]);
		expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual([
			{ page: 1 },
			{ page: 5 },
			{ page: 2 },
		]);
	});

	it('go in one batch per token', async () => {
		const { sent, fetch } = engine();
		const batched = createBatchingFetch(fetch);
		await Promise.all([
			batched(ENGINE, `${STATS}1`, init('Bearer a')),
			batched(ENGINE, `${STATS}2`, init('Bearer b')),
			batched(ENGINE, `${STATS}3`, init('Bearer a')),
		]);
		expect(sent.map((entry) => entry.url).sort()).toEqual(
			[
				`${ENGINE}${STATS}2`,
				`${ENGINE}/wp-json/abacus/v1/engine/batch?path=${encodeURIComponent(`${STATS}1`)}&path=${encodeURIComponent(`${STATS}3`)}`,
			].sort(),
		);
	});

	it.each([404, 400, 500])(
		'go one by one to an engine that answers a batch %i, from then on',
		async (status) => {
			const { sent, fetch } = engine(() => new Response('{}', { status }));
			const batched = createBatchingFetch(fetch);
			const first = await Promise.all(
				[1, 2].map((p) => batched(ENGINE, `${STATS}${p}`, init())),
			);
			expect(await Promise.all(first.map((answer) => answer.json()))).toEqual([
				{ page: 1 },
				{ page: 2 },
			]);
			const later = await Promise.all(
				[4, 5].map((p) => batched(ENGINE, `${STATS}${p}`, init())),
			);
			expect(later.map((answer) => answer.status)).toEqual([200, 200]);
			expect(sent.filter((entry) => entry.url.includes('/engine/batch'))).toHaveLength(1);
			expect(sent).toHaveLength(1 + 2 + 2);
		},
	);

	it('give each caller a refused batch’s answer (an expired token is renewed by each)', async () => {
		const expired = { code: 'abacus_engine_token_expired', message: 'Expired.' };
		const { fetch } = engine(() => Response.json(expired, { status: 401 }));
		const batched = createBatchingFetch(fetch);
		const answers = await Promise.all(
			[1, 2].map((p) => batched(ENGINE, `${STATS}${p}`, init())),
		);
		for (const answer of answers) {
			expect(answer.status).toBe(401);
			expect(await answer.json()).toEqual(expired);
		}
	});

	it('fail each caller when the engine cannot be reached or answers nonsense', async () => {
		const down = createBatchingFetch(engine(() => new TypeError('Failed to fetch')).fetch);
		await expect(
			Promise.all([1, 2].map((p) => down(ENGINE, `${STATS}${p}`, init()))),
		).rejects.toThrow('Failed to fetch');
		const odd = createBatchingFetch(
			engine(() => Response.json({ responses: [{ status: 200 }] })).fetch,
		);
		const results = await Promise.allSettled(
			[1, 2].map((p) => odd(ENGINE, `${STATS}${p}`, init())),
		);
		expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
	});

	it('answer a caller that gives up (its time out) at once, the others as usual', async () => {
		const { sent, fetch } = engine();
		const batched = createBatchingFetch(fetch);
		const controller = new AbortController();
		const given = batched(ENGINE, `${STATS}1`, init('Bearer page-token', controller.signal));
		const kept = [2, 3].map((p) => batched(ENGINE, `${STATS}${p}`, init()));
		controller.abort();
		await expect(given).rejects.toMatchObject({ name: 'AbortError' });
		expect(await Promise.all(kept.map(async (answer) => (await answer).json()))).toEqual([
			{ page: 2 },
			{ page: 3 },
		]);
		expect(pathsOf(sent[0].url)).toEqual([`${STATS}2`, `${STATS}3`]);
	});
});

describe('the engine middleware', () => {
	it('sends the report GETs of one task as one request, each caller answered as alone', async () => {
		const now = 1_800_000_000;
		const client = new EngineClient(
			{
				url: ENGINE,
				store: 'http://127.0.0.1:18431',
				token: 'page-token',
				expires: now + 900,
				tokenRoute: '/abacus/v1/engine/token',
			},
			{
				renew: async () => ({ token: 'renewed', expires: now + 1800 }),
				storage: memoryStorage(),
				now: () => now,
			},
		);
		const { sent, fetch } = engine();
		const middleware = createEngineMiddleware(client, { fetch, batch: true });
		const next = () => Promise.reject(new Error('not for WordPress'));
		const request = (options: APIFetchOptions) =>
			middleware(options, next as Parameters<typeof middleware>[1]) as Promise<unknown>;
		const answers = await Promise.all([
			request({ path: '/wc-analytics/reports/revenue/stats?interval=day&page=1' }),
			request({ path: '/wc-analytics/reports/revenue/stats?interval=day&page=2' }),
			request({
				path: '/wc-analytics/reports/revenue/stats?interval=day&page=3',
				parse: false,
			}),
		]);
		expect(sent).toHaveLength(1);
		expect(pathsOf(sent[0].url)).toEqual([1, 2, 3].map((page) => `${STATS}${page}`));
		expect((sent[0].init.headers as Record<string, string>).Authorization).toBe(
			'Bearer page-token',
		);
		expect(answers.slice(0, 2)).toEqual([{ page: 1 }, { page: 2 }]);
		expect((answers[2] as Response).headers.get('x-wp-total')).toBe('30');
		// A single request goes alone.
		await request({ path: '/wc-analytics/reports/revenue/stats?interval=day&page=4' });
		expect(sent[1].url).toBe(`${ENGINE}${STATS}4`);
	});
});
