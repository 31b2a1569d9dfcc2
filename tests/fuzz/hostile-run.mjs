#!/usr/bin/env node
/**
 * A hostile client against every route of a fresh server on 127.0.0.1 (never another host):
 * huge numbers, empty lists, path spellings, method overrides, writes without the nonce, foreign
 * Origin and Host, text/plain and form bodies, prototype keys, deep JSON, huge intervals and
 * unpaged collections. Prints the count of 5xx answers, answers slower than 2 s and writes
 * accepted without a valid nonce (all three must be 0).
 *
 *   npx tsc -b server && node tests/fuzz/hostile-run.mjs [requests=50000] [orders=5000] [engine]
 *
 * With `engine`, the server is an engine (a store secret configured) and no request carries a
 * store token or an operator session: every answer below 400 (the server-wide nonce included) is
 * counted as `engineOpen`, which must be 0 too.
 *
 * Bounded: a fixed number of requests, 4 at a time, seeded random choices.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { startServer } = await import(path.join(root, 'server/build/index.js'));

const TOTAL = Number(process.argv[2] ?? 50000);
const ORDERS = Number(process.argv[3] ?? 5000);
const ENGINE = process.argv[4] === 'engine';
const CONCURRENCY = 4;
const SLOW_MS = 2000;

let state = 20261123;
const random = () => {
	state = (state * 1103515245 + 12345) % 2147483648;
	return state / 2147483648;
};
const pick = (list) => list[Math.floor(random() * list.length)];

const server = await startServer({
	port: 0,
	host: '127.0.0.1',
	orders: ORDERS,
	quiet: true,
	sync: false,
	...(ENGINE
		? {
				engineStores: [
					{ url: 'https://shop.example', secret: 'hostile-run-secret-0123456789' },
				],
			}
		: {}),
});
const port = server.port;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const routes = server.ctx.routes.filter(({ url }) => url.startsWith('/wp-json/'));
const reads = routes.filter(({ method }) => method === 'GET');
const writes = routes.filter(({ method }) => !SAFE.has(method));

const VALUES = [
	'1e308',
	'9223372036854775808',
	'-9223372036854775809',
	'Infinity',
	'NaN',
	'',
	'-1',
	'0',
	'1,Infinity',
	'2147483648',
	"' OR 1=1 --",
	'<script>',
	'__proto__',
	'constructor',
	'toString',
	'1000-01-01T00:00:00',
	'9999-12-31T23:59:59',
	'hour',
	'day',
	'%00',
	'[]',
];
const PARAMS = [
	'include',
	'exclude',
	'product',
	'products',
	'categories',
	'customer',
	'days',
	'status',
	'status_is',
	'per_page',
	'page',
	'offset',
	'after',
	'before',
	'interval',
	'orderby',
	'order',
	'search',
	'fields',
	'segmentby',
	'product_includes',
	'extended_info',
	'__proto__[x]',
	'constructor[prototype][x]',
];
const BODIES = [
	'{}',
	'{"__proto__":{"x":1}}',
	'{"constructor":{"prototype":{"x":1}}}',
	'{"settings":{"__proto__":1}}',
	'{"id":1e308}',
	'{"stock_quantity":9223372036854775808}',
	'{"update":[{"id":"woocommerce_currency","value":"constructor"}]}',
	`${'['.repeat(5000)}${']'.repeat(5000)}`,
	'{"status":"trash"}',
	'{"noteIds":[1,2,3]}',
	'{',
];
const SPELL = [
	(r) => `/wp-json${r}`,
	(r) => `/%77p-json${r}`,
	(r) => `/wp-json${r}/`,
	(r) => `/?rest_route=${encodeURIComponent(r)}`,
	(r) => `//wp-json${r}`,
];

const fill = (url, value) =>
	url.replace(/:group/g, 'general').replace(/:[A-Za-z_]+/g, () => encodeURIComponent(value));

function build() {
	const hostile = random() < 0.5;
	if (random() < 0.55) {
		const { url } = pick(reads);
		const query = Array.from(
			{ length: 1 + Math.floor(random() * 3) },
			() => `${pick(PARAMS)}=${encodeURIComponent(pick(VALUES))}`,
		).join('&');
		const target = `${fill(url.slice(8), hostile ? pick(VALUES) : '1')}`;
		return {
			method: 'GET',
			path: `${pick(SPELL)(target)}${target.includes('?') ? '&' : '?'}${query}`,
			headers: random() < 0.05 ? { Host: 'evil.example' } : {},
			write: false,
			nonce: false,
		};
	}
	const { method, url } = pick(writes);
	const target = fill(url.slice(8), hostile ? pick(VALUES) : '1');
	const withNonce = random() < 0.4;
	const override = random() < 0.4;
	const headers = {
		'Content-Type': pick([
			'application/json',
			'application/json',
			'text/plain',
			'application/x-www-form-urlencoded',
		]),
		...(withNonce ? { 'X-WP-Nonce': random() < 0.2 ? 'forged' : server.nonce } : {}),
		...(random() < 0.2
			? { Origin: pick(['http://evil.example', 'null', `http://127.0.0.1:${port}`]) }
			: {}),
		...(override ? { 'X-HTTP-Method-Override': method } : {}),
	};
	const validNonce = headers['X-WP-Nonce'] === server.nonce;
	return {
		method: override ? 'POST' : method,
		path: pick(SPELL)(`${target}${random() < 0.3 ? `?_method=${method}` : ''}`),
		headers,
		body: pick(BODIES),
		write: true,
		nonce: validNonce,
	};
}

function send(request) {
	return new Promise((resolve) => {
		const started = Date.now();
		const body = request.body;
		const req = http.request(
			{
				host: '127.0.0.1',
				port,
				method: request.method,
				path: request.path,
				headers: {
					...(body !== undefined ? { 'Content-Length': Buffer.byteLength(body) } : {}),
					...request.headers,
				},
			},
			(response) => {
				response.resume();
				response.on('end', () =>
					resolve({ status: response.statusCode ?? 0, ms: Date.now() - started }),
				);
			},
		);
		req.setTimeout(30000, () => req.destroy(new Error('timeout')));
		req.on('error', () => resolve({ status: 0, ms: Date.now() - started }));
		if (body !== undefined) req.write(body);
		req.end();
	});
}

const counts = {
	requests: 0,
	status5xx: 0,
	slow: 0,
	failed: 0,
	writesWithoutNonce: 0,
	engineOpen: 0,
	byStatus: {},
};
const examples = { status5xx: [], slow: [], writesWithoutNonce: [], engineOpen: [] };
let maxMs = 0;
const started = Date.now();
let next = 0;
async function worker() {
	while (next < TOTAL) {
		next += 1;
		const request = build();
		const { status, ms } = await send(request);
		counts.requests += 1;
		counts.byStatus[status] = (counts.byStatus[status] ?? 0) + 1;
		maxMs = Math.max(maxMs, ms);
		const label = `${request.method} ${request.path.slice(0, 160)} -> ${status} ${ms} ms`;
		if (status === 0) counts.failed += 1;
		if (status >= 500) {
			counts.status5xx += 1;
			if (examples.status5xx.length < 10) examples.status5xx.push(label);
		}
		if (ms > SLOW_MS) {
			counts.slow += 1;
			if (examples.slow.length < 10) examples.slow.push(label);
		}
		// An engine answers nothing to a request without a store token or an operator session.
		if (ENGINE && status >= 200 && status < 400) {
			counts.engineOpen += 1;
			if (examples.engineOpen.length < 10) examples.engineOpen.push(label);
		}
		if (request.write && !request.nonce && status >= 200 && status < 400) {
			counts.writesWithoutNonce += 1;
			if (examples.writesWithoutNonce.length < 10) examples.writesWithoutNonce.push(label);
		}
	}
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const polluted = Object.keys(Object.prototype).concat(Object.keys(Array.prototype));
console.log(
	JSON.stringify(
		{
			...counts,
			maxMs,
			seconds: Math.round((Date.now() - started) / 1000),
			prototypeKeys: polluted,
			examples,
		},
		null,
		2,
	),
);
await server.close();
process.exit(
	counts.status5xx +
		counts.slow +
		counts.writesWithoutNonce +
		counts.engineOpen +
		polluted.length >
		0
		? 1
		: 0,
);
