/**
 * The unauthenticated crawl of an engine: every registered route, every method (and method
 * override) and path spelling, without credentials. Used by the engine-*-crawl tests.
 */
import http from 'node:http';

import type { RouteEntry } from '../../server/src/core/context.js';

export interface Raw {
	status: number;
	headers: http.IncomingHttpHeaders;
	text: string;
}

/** Raw HTTP request to `base`: the path is sent exactly as written. */
export function raw(
	base: string,
	method: string,
	pathAndQuery: string,
	headers: Record<string, string> = {},
	body?: string,
): Promise<Raw> {
	const url = new URL(base);
	return new Promise((resolve, reject) => {
		const request = http.request(
			{
				host: url.hostname,
				port: url.port,
				method,
				path: pathAndQuery,
				headers: {
					...(body !== undefined
						? { 'Content-Length': String(Buffer.byteLength(body)) }
						: {}),
					...headers,
				},
			},
			(response) => {
				let text = '';
				response.setEncoding('utf8');
				response.on('data', (chunk: string) => (text += chunk));
				response.on('end', () =>
					resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
				);
			},
		);
		request.on('error', reject);
		if (body !== undefined) request.write(body);
		request.end();
	});
}

/** A concrete path for a route pattern. */
export function concrete(url: string): string {
	return url
		.replace(':type', 'revenue')
		.replace(':group', 'general')
		.replace(/:[a-z_]+/g, '1')
		.replace('*', 'standalone/index.js');
}

/** Spellings of one path: as is, percent-encoded, doubled slashes, trailing slash, rest_route. */
export function spellings(route: string): string[] {
	if (!route.startsWith('/wp-json/')) return [route];
	const rest = route.slice('/wp-json'.length);
	const encoded = route.replace(/([a-z])/, (c) => `%${c.charCodeAt(0).toString(16)}`);
	return [
		route,
		encoded,
		route.replace('/wp-json/', '/wp-json//'),
		`${route}/`,
		`/?rest_route=${encodeURIComponent(rest)}`,
		`/index.php?rest_route=${rest}&_method=GET`,
	];
}

/** The routes anyone may reach on an engine (the built files, the sign-in page and its POST). */
export const PUBLIC = new Set([
	'/abacus-build/*',
	'/',
	'/wp-admin',
	'/favicon.ico',
	'/abacus-gallery',
	'/wp-admin/admin.php',
	'/wp-admin/abacus-login',
]);

/** The built client's files and the gallery: code, which names settings and currencies. */
const CODE_ROUTES = new Set(['/abacus-build/*', '/abacus-gallery']);

/** Words that name data in an answer but are plain code in the built client (settings keys). */
export const CODE_WORDS = new Set(['abacusSettings', 'restNonce', '"USD"', '"EUR"', '"GBP"']);

/**
 * Crawls every route of `routes` on `base` without credentials (plus `headers`, e.g. a store
 * header): returns each problem (a body holding one of `secrets`, a non-public route answering
 * below 400, a REST route answering other than 401) and the number of requests sent. The built
 * client's files may hold `CODE_WORDS` (never a secret value: nonce, e-mail, store address).
 */
export async function crawl(
	base: string,
	routes: readonly RouteEntry[],
	secrets: readonly string[],
	headers: Record<string, string> = {},
): Promise<{ problems: string[]; requests: number }> {
	const unique = [...new Map(routes.map((r) => [`${r.method} ${r.url}`, r])).values()];
	const problems: string[] = [];
	let requests = 0;
	for (const route of unique) {
		for (const spelling of spellings(concrete(route.url))) {
			const attempts: Array<[string, Record<string, string>]> = [[route.method, {}]];
			if (['PUT', 'PATCH', 'DELETE'].includes(route.method)) {
				attempts.push(['POST', { 'X-HTTP-Method-Override': route.method }]);
				attempts.push(['POST', {}]);
			}
			for (const [method, extra] of attempts) {
				const url =
					method === 'POST' && route.method !== 'POST'
						? `${spelling}${spelling.includes('?') ? '&' : '?'}_method=${route.method}`
						: spelling;
				const body = method === 'GET' || method === 'HEAD' ? undefined : '{}';
				const answer = await raw(
					base,
					method,
					url,
					{
						...headers,
						...extra,
						...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
					},
					body,
				);
				requests += 1;
				const found = secrets.filter(
					(secret) =>
						secret !== '' &&
						answer.text.includes(secret) &&
						!(CODE_ROUTES.has(route.url) && CODE_WORDS.has(secret)),
				);
				if (found.length) problems.push(`${method} ${url}: ${found.join(', ')}`);
				if (!PUBLIC.has(route.url) && answer.status < 400) {
					problems.push(`${method} ${url}: ${answer.status}`);
				}
				if (route.url.startsWith('/wp-json/') && answer.status !== 401) {
					problems.push(`${method} ${url}: ${answer.status}, not 401`);
				}
			}
		}
	}
	return { problems, requests };
}
