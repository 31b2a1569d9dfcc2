/**
 * The api-fetch middleware that sends report requests to the Abacus engine: GET requests of the
 * report routes (`wc-analytics/reports/*` except the import, the exports and the `allowed` lists,
 * and `wc-analytics/leaderboards`) go to `<engine>/wp-json/<route>` with the page's token in
 * `Authorization`, without WordPress's nonce or cookies (sent with fetch directly: WordPress's own
 * nonce middleware runs after this one); everything else goes to WordPress. The whole-report
 * exports of every report whose figures the engine shows (`ENGINE_EXPORTS`: all but downloads) go
 * to the engine too, so the file agrees with the screen: the start (POST), its status, and cancel
 * (DELETE or POST …/cancel); when the status says the file is ready, the file is fetched with the
 * token and its `download_url` becomes a `blob:` address of it (a link cannot send the token). The
 * engine's own routes (`abacus/v1/sync`) and the products' costs the Profit page reads and saves
 * (`GET`/`POST abacus/v1/costs`: they live in the engine's database) always go to the engine. A
 * network failure or a refused token marks the engine failed (the page offers WooCommerce's
 * figures); an expired token is renewed once and the request sent again. A token that may not
 * record costs (`abacus_engine_token_read_only`) fails that save only, with the engine's reason.
 */
import type { APIFetchMiddleware, APIFetchOptions } from '@wordpress/api-fetch';
import { __, _n, sprintf } from '@wordpress/i18n';

import { createBatchingFetch } from './batch.js';
import { failureMessage, type EngineClient } from './client.js';

/** The route of a request path, without leading slash and query. */
function routeOf(path: string): string {
	return path.replace(/^\/+/, '').split('?', 1)[0].replace(/\/+$/, '');
}

/**
 * Whether a GET of this path is a report request the engine answers. The downloads report (and
 * indicators asking for download figures) stays with WordPress: the engine's sync copies no
 * download log (WooCommerce's REST API has none).
 */
export function isReportRoute(path: string): boolean {
	const route = routeOf(path);
	if (route.endsWith('/allowed')) return false;
	if (
		route === 'wc-analytics/reports/downloads' ||
		route.startsWith('wc-analytics/reports/downloads/')
	) {
		return false;
	}
	if (route === 'wc-analytics/reports/performance-indicators') {
		const query = new URLSearchParams(path.split('?')[1] ?? '');
		const stats = [...query.entries()]
			.filter(([name]) => name === 'stats' || name.startsWith('stats['))
			.map(([, value]) => value)
			.join(',');
		if (/(^|,)downloads\//.test(stats)) return false;
	}
	if (route === 'wc-analytics/leaderboards' || route.startsWith('wc-analytics/leaderboards/')) {
		return true;
	}
	if (!route.startsWith('wc-analytics/reports/') && route !== 'wc-analytics/reports') {
		return false;
	}
	return !/^wc-analytics\/reports\/(import(\/|$)|[^/]+\/export(\/|$))/.test(route);
}

/**
 * The reports WooCommerce does not have, whose whole-report export the engine builds (order times:
 * one row per order; cohorts: one row per customer).
 */
export const ENGINE_ONLY_EXPORTS = [
	'payment-methods',
	'shipping-methods',
	'origins',
	'places',
	'profit',
	'order-times',
	'cohorts',
] as const;

/**
 * The reports whose whole-report export the engine builds when it answers the page: those it
 * alone computes, and WooCommerce's own except downloads (whose figures stay with WordPress, see
 * `isReportRoute`), so the file has the figures on the screen.
 */
export const ENGINE_EXPORTS = [
	'revenue',
	'orders',
	'products',
	'variations',
	'categories',
	'coupons',
	'taxes',
	'stock',
	'customers',
	...ENGINE_ONLY_EXPORTS,
] as const;

/**
 * Whether a request (method and path) is part of a whole-report export the engine builds
 * (`ENGINE_EXPORTS`):
 * `POST reports/<r>/export`, `GET …/export/<id>/status`, `GET …/export/<id>/download`,
 * `DELETE …/export/<id>` or `POST …/export/<id>/cancel`.
 */
export function isEngineExportRequest(method: string, path: string): boolean {
	const match =
		/^wc-analytics\/reports\/([a-z-]+)\/export(?:\/(\d{1,30})(\/status|\/download|\/cancel)?)?$/.exec(
			routeOf(path),
		);
	if (!match || !(ENGINE_EXPORTS as readonly string[]).includes(match[1])) return false;
	const [, , id, action] = match;
	switch (method.toUpperCase()) {
		case 'POST':
			return id === undefined || action === '/cancel';
		case 'GET':
			return action === '/status' || action === '/download';
		case 'DELETE':
			return id !== undefined && action === undefined;
		default:
			return false;
	}
}

/** Whether a request reads or records products' costs (`GET`/`POST abacus/v1/costs`). */
export function isEngineCostRequest(method: string, path: string): boolean {
	return (
		routeOf(path) === 'abacus/v1/costs' &&
		['GET', 'HEAD', 'POST'].includes(method.toUpperCase())
	);
}

/** Whether this path is one of the engine's own routes (never WordPress's). */
export function isEngineOnlyRoute(path: string): boolean {
	const route = routeOf(path);
	return route === 'abacus/v1/sync' || route.startsWith('abacus/v1/sync/');
}

interface Problem {
	code: string;
	message: string;
	status: number;
}

function isResponse(value: unknown): value is Response {
	return (
		typeof value === 'object' &&
		value !== null &&
		'status' in value &&
		typeof (value as Response).clone === 'function'
	);
}

/** The WordPress error inside whatever api-fetch threw (a Response when `parse: false`). */
async function problemOf(error: unknown): Promise<Problem | null> {
	if (isResponse(error)) {
		try {
			const body = (await error.clone().json()) as { code?: unknown; message?: unknown };
			return {
				code: typeof body.code === 'string' ? body.code : '',
				message: typeof body.message === 'string' ? body.message : '',
				status: error.status,
			};
		} catch {
			return { code: '', message: '', status: error.status };
		}
	}
	if (typeof error === 'object' && error !== null && 'code' in error) {
		const e = error as { code: unknown; message?: unknown; data?: { status?: unknown } };
		return {
			code: typeof e.code === 'string' ? e.code : '',
			message: typeof e.message === 'string' ? e.message : '',
			status: typeof e.data?.status === 'number' ? e.data.status : 0,
		};
	}
	return null;
}

/** What `engineFetch` needs: the browser's fetch (tests pass their own) and the time limit. */
export interface EngineFetchOptions {
	fetch?: (url: string, init: RequestInit) => Promise<Response>;
	/** Milliseconds before an unanswered request fails as `request_timeout` (0: never). */
	timeout?: number;
	/** Makes the page-local address of a downloaded file (default `URL.createObjectURL`). */
	objectUrl?: (file: Blob) => string;
	/** Report GETs of one task sent as one request (batch.ts); the app's middleware sets it. */
	batch?: boolean;
}

/** The request body api-fetch would send: `data` as JSON, or a `body` string as it is. */
function bodyOf(options: APIFetchOptions): { body?: string; type?: string } {
	if (options.data !== undefined) {
		return { body: JSON.stringify(options.data), type: 'application/json' };
	}
	return typeof options.body === 'string' ? { body: options.body } : {};
}

/**
 * One GET to the engine, answered as api-fetch answers: the parsed body (or the Response when
 * `parse` is false); a failed answer throws its WordPress error (or the Response); a network
 * failure throws `fetch_error`, no answer in time `request_timeout`. Sent with fetch itself, not
 * through api-fetch's later middlewares: WordPress's own nonce middleware would add its nonce.
 */
async function engineFetch(
	url: string,
	options: APIFetchOptions,
	authorization: string,
	{ fetch: fetchImpl = (u, init) => window.fetch(u, init), timeout = 30000 }: EngineFetchOptions,
): Promise<unknown> {
	const controller = new AbortController();
	const outer = options.signal;
	if (outer?.aborted) controller.abort();
	outer?.addEventListener('abort', () => controller.abort(), { once: true });
	let timedOut = false;
	const timer =
		timeout > 0
			? setTimeout(() => {
					timedOut = true;
					controller.abort();
				}, timeout)
			: null;
	let response: Response;
	const { body, type } = bodyOf(options);
	try {
		response = await fetchImpl(url, {
			method: (options.method ?? 'GET').toUpperCase(),
			headers: {
				Accept: 'application/json, */*;q=0.1',
				Authorization: authorization,
				...(type ? { 'Content-Type': type } : {}),
			},
			...(body !== undefined ? { body } : {}),
			credentials: 'omit',
			signal: controller.signal,
		});
	} catch (error) {
		if (timedOut) {
			throw {
				code: 'request_timeout',
				message: sprintf(
					/* translators: %d: seconds waited for the engine's answer. */
					_n(
						'no answer within %d second',
						'no answer within %d seconds',
						Math.max(1, Math.round(timeout / 1000)),
						'abacus',
					),
					Math.max(1, Math.round(timeout / 1000)),
				),
				data: { status: 0 },
			};
		}
		if (outer?.aborted) throw error;
		throw {
			code: 'fetch_error',
			message:
				error instanceof Error && error.message
					? error.message
					: __('network error', 'abacus'),
			data: { status: 0 },
		};
	} finally {
		if (timer !== null) clearTimeout(timer);
	}
	const parse = options.parse !== false;
	if (!response.ok) {
		if (!parse) throw response;
		let body: unknown = null;
		try {
			body = await response.json();
		} catch {
			body = null;
		}
		throw body !== null && typeof body === 'object' && 'message' in body
			? body
			: {
					code: 'invalid_json',
					message: __('The response is not a valid JSON response.', 'abacus'),
					data: { status: response.status },
				};
	}
	if (!parse) return response;
	if (response.status === 204) return null;
	try {
		return await response.json();
	} catch {
		throw {
			code: 'invalid_json',
			message: __('The response is not a valid JSON response.', 'abacus'),
			data: { status: response.status },
		};
	}
}

export function createEngineMiddleware(
	engine: EngineClient,
	fetchOptions: EngineFetchOptions = {},
): APIFetchMiddleware {
	const batched = fetchOptions.batch
		? createBatchingFetch(fetchOptions.fetch ?? ((u, init) => window.fetch(u, init)))
		: null;
	return (options, next) => {
		const settings = engine.getSettings();
		const method = (options.method ?? 'GET').toUpperCase();
		const path = typeof options.path === 'string' ? options.path : null;
		if (!settings || path === null) {
			return next(options);
		}
		const exporting = isEngineExportRequest(method, path);
		const costs = isEngineCostRequest(method, path);
		if (!exporting && !costs && method !== 'GET' && method !== 'HEAD') {
			return next(options);
		}
		const engineOnly = costs || (!exporting && isEngineOnlyRoute(path));
		if (!engineOnly && !((exporting || isReportRoute(path)) && engine.isRouting())) {
			return next(options);
		}
		const url = `${settings.url}/wp-json/${path.replace(/^\/+/, '')}`;
		const exportStatus =
			exporting &&
			method === 'GET' &&
			routeOf(path).endsWith('/status') &&
			options.parse !== false;
		const objectUrl = fetchOptions.objectUrl ?? ((file: Blob) => URL.createObjectURL(file));
		// A report's read (no caller's abort signal) goes with the others of its task.
		const requestOptions: EngineFetchOptions =
			batched !== null && method === 'GET' && !exporting && !engineOnly && !options.signal
				? {
						...fetchOptions,
						fetch: (_url, init) =>
							batched(settings.url, `/wp-json/${path.replace(/^\/+/, '')}`, init),
					}
				: fetchOptions;

		/** The ready export's file, fetched with the token, as a page-local address. */
		const localDownload = async (status: unknown, authorization: string): Promise<unknown> => {
			if (status === null || typeof status !== 'object') return status;
			const link = (status as { download_url?: unknown }).download_url;
			if (typeof link !== 'string' || !link.startsWith('/wp-json/')) return status;
			const file = (await engineFetch(
				`${settings.url}${link}`,
				{ method: 'GET', parse: false, signal: options.signal },
				authorization,
				fetchOptions,
			)) as Response;
			return { ...status, download_url: objectUrl(await file.blob()) };
		};

		const send = async (renewed: boolean): Promise<unknown> => {
			let authorization: string;
			try {
				authorization = await engine.authorization(renewed);
			} catch (error) {
				const problem = await problemOf(error);
				const message =
					problem?.message ||
					__('WordPress did not renew the page’s engine token.', 'abacus');
				engine.reportFailure('refused', message);
				throw {
					code: 'abacus_engine_token_renewal_failed',
					message: failureMessage('refused', settings.url, message),
					data: { status: problem?.status ?? 0 },
				};
			}
			try {
				const result = await engineFetch(url, options, authorization, requestOptions);
				const answer = exportStatus ? await localDownload(result, authorization) : result;
				if (!engineOnly) engine.reportSuccess();
				return answer;
			} catch (error) {
				const problem = await problemOf(error);
				if (!problem) throw error;
				if (problem.code === 'abacus_engine_token_expired' && !renewed) {
					return send(true);
				}
				const unreachable =
					problem.code === 'fetch_error' || problem.code === 'request_timeout';
				const refused =
					problem.code.startsWith('abacus_engine_') &&
					problem.code !== 'abacus_engine_token_read_only' &&
					(problem.status === 401 || problem.status === 403);
				if (!unreachable && !refused) throw error;
				const detail =
					problem.message ||
					(unreachable
						? __('no answer', 'abacus')
						: __('the engine refused the token', 'abacus'));
				if (!engineOnly)
					engine.reportFailure(unreachable ? 'unreachable' : 'refused', detail);
				throw {
					code: unreachable ? 'abacus_engine_unreachable' : problem.code,
					message: failureMessage(
						unreachable ? 'unreachable' : 'refused',
						settings.url,
						detail,
					),
					data: { status: problem.status },
				};
			}
		};
		return send(false);
	};
}
