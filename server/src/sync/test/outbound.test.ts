/**
 * Where the sync's requests may go (outbound.ts, woo-client.ts): a store on 127.0.0.1 is refused
 * unless private stores are allowed, and reached when they are; 169.254.169.254 (a cloud's metadata
 * service), private, CGNAT, multicast and IPv6 private addresses are refused, a host name resolving
 * to loopback too; the ClickHouse cluster's own address is refused even with private stores
 * allowed; redirects are followed within the store's origin only (a redirect to another origin is an
 * error naming both, never followed with the credentials), at most five times.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import {
	checkStoreUrl,
	configureOutbound,
	nonPublicReason,
	OutboundRefusedError,
	outboundFetch,
} from '../outbound.js';
import { StoreError, WooClient } from '../woo-client.js';

jest.setTimeout(60_000);

const auth = { kind: 'keys' as const, key: 'ck_outbound_key', secret: 'cs_outbound_secret' };

/** A local HTTP server answering each request with `handle`; records what it was asked. */
async function serve(
	handle: (request: http.IncomingMessage, response: http.ServerResponse) => void,
): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
	const seen: string[] = [];
	const server = http.createServer((request, response) => {
		seen.push(`${request.url} ${request.headers.authorization ?? ''}`);
		handle(request, response);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		seen,
		close: () => {
			server.closeAllConnections();
			return new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

function json(response: http.ServerResponse, body: unknown): void {
	response.writeHead(200, { 'Content-Type': 'application/json' });
	response.end(JSON.stringify(body));
}

function client(url: string): WooClient {
	return new WooClient({ url, auth, retries: 2, backoffMs: 1, sleep: async () => undefined });
}

afterEach(() => configureOutbound({ allowPrivate: false, cluster: [] }));

describe('addresses', () => {
	test.each([
		['127.0.0.1', 'loopback'],
		['127.8.9.10', 'loopback'],
		['10.1.2.3', 'private'],
		['172.16.0.1', 'private'],
		['172.31.255.254', 'private'],
		['192.168.1.1', 'private'],
		['169.254.169.254', 'link-local'],
		['100.64.0.1', 'carrier-grade NAT'],
		['0.0.0.0', 'unspecified'],
		['224.0.0.1', 'multicast'],
		['::1', 'loopback'],
		['::', 'unspecified'],
		['fd12:3456::1', 'private'],
		['fe80::1', 'link-local'],
		['ff02::1', 'multicast'],
		['::ffff:127.0.0.1', 'loopback'],
		['::ffff:a9fe:a9fe', 'link-local'],
	])('%s is not public (%s)', (address, word) => {
		expect(nonPublicReason(address)).toContain(word);
	});

	test.each(['93.184.216.34', '172.32.0.1', '100.128.0.1', '8.8.8.8', '2606:4700::1111'])(
		'%s is public',
		(address) => {
			expect(nonPublicReason(address)).toBeNull();
		},
	);

	test('a store address resolving to loopback is refused with the flag that allows it', async () => {
		await expect(checkStoreUrl('http://localhost:8080')).rejects.toThrow(
			/localhost \((127\.0\.0\.1|::1)\) is a loopback address.*--allow-private-stores/,
		);
		await expect(checkStoreUrl('http://169.254.169.254')).rejects.toThrow(
			/169\.254\.169\.254 is a link-local address/,
		);
		configureOutbound({ allowPrivate: true });
		await expect(checkStoreUrl('http://localhost:8080')).resolves.toBeUndefined();
	});

	test("the ClickHouse cluster's own address is refused, even with private stores allowed", async () => {
		configureOutbound({ allowPrivate: true, cluster: ['http://127.0.0.1:8123'] });
		await expect(checkStoreUrl('http://127.0.0.1:8123/shop')).rejects.toThrow(
			/ClickHouse cluster's own address/,
		);
		// Another port of that machine is another program: allowed with private stores.
		await expect(checkStoreUrl('http://127.0.0.1:8124')).resolves.toBeUndefined();
		configureOutbound({ allowPrivate: false });
		await expect(checkStoreUrl('http://127.0.0.1:9000')).rejects.toThrow(
			/ClickHouse cluster's own address/,
		);
	});
});

describe('a store on 127.0.0.1', () => {
	test('is refused without --allow-private-stores, never asked, and not retried', async () => {
		const store = await serve((_request, response) => json(response, [{ id: 1 }]));
		try {
			const error = await client(store.url)
				.getPage('wc/v3/orders')
				.catch((e: unknown) => e);
			expect(error).toBeInstanceOf(StoreError);
			expect((error as StoreError).code).toBe('abacus_store_address_refused');
			expect((error as Error).message).toMatch(
				/127\.0\.0\.1 is a loopback address \(this machine\).*--allow-private-stores/,
			);
			expect(store.seen).toEqual([]);
		} finally {
			await store.close();
		}
	});

	test('is reached with --allow-private-stores', async () => {
		configureOutbound({ allowPrivate: true });
		const store = await serve((_request, response) => json(response, [{ id: 1 }, { id: 2 }]));
		try {
			const page = await client(store.url).getPage<{ id: number }>('wc/v3/orders');
			expect(page.items.map((o) => o.id)).toEqual([1, 2]);
			expect(store.seen).toHaveLength(1);
		} finally {
			await store.close();
		}
	});

	test('named localhost is refused when connecting too (the lookup checks what it connects to)', async () => {
		const store = await serve((_request, response) => json(response, []));
		try {
			const port = new URL(store.url).port;
			await expect(outboundFetch(`http://localhost:${port}/wp-json/`)).rejects.toBeInstanceOf(
				OutboundRefusedError,
			);
			expect(store.seen).toEqual([]);
		} finally {
			await store.close();
		}
	});
});

test('169.254.169.254 is refused before any connection', async () => {
	const error = await new WooClient({ url: 'http://169.254.169.254', auth, retries: 0 })
		.getObject('wc/v3/system_status')
		.catch((e: unknown) => e);
	expect(error).toBeInstanceOf(StoreError);
	expect((error as Error).message).toMatch(/169\.254\.169\.254 is a link-local address/);
});

describe('redirects', () => {
	beforeEach(() => configureOutbound({ allowPrivate: true }));

	test('to another origin: refused, naming both addresses, the other origin never asked', async () => {
		const elsewhere = await serve((_request, response) => json(response, [{ id: 99 }]));
		const store = await serve((request, response) => {
			response.writeHead(302, { Location: `${elsewhere.url}${request.url}` });
			response.end();
		});
		try {
			const error = await client(store.url)
				.getPage('wc/v3/orders')
				.catch((e: unknown) => e);
			expect(error).toBeInstanceOf(StoreError);
			expect((error as StoreError).code).toBe('abacus_store_cross_origin_redirect');
			expect((error as Error).message).toContain(`from ${store.url} to ${elsewhere.url}`);
			expect((error as Error).message).not.toMatch(/cs_outbound_secret|ck_outbound_key/);
			expect(elsewhere.seen).toEqual([]);
			// Not retried: the store answered, and it will answer the same.
			expect(store.seen).toHaveLength(1);
		} finally {
			await store.close();
			await elsewhere.close();
		}
	});

	test('within the store: followed', async () => {
		const store = await serve((request, response) => {
			if (request.url?.startsWith('/wp-json/')) {
				response.writeHead(301, {
					Location: request.url.replace('/wp-json/', '/shop/wp-json/'),
				});
				response.end();
			} else json(response, [{ id: 5 }]);
		});
		try {
			const page = await client(store.url).getPage<{ id: number }>('wc/v3/orders');
			expect(page.items).toEqual([{ id: 5 }]);
			expect(store.seen.map((s) => s.split('?')[0])).toEqual([
				'/wp-json/wc/v3/orders',
				'/shop/wp-json/wc/v3/orders',
			]);
		} finally {
			await store.close();
		}
	});

	test('within the store, more than five: an error', async () => {
		let hops = 0;
		const store = await serve((_request, response) => {
			hops += 1;
			response.writeHead(307, { Location: `/loop/${hops}` });
			response.end();
		});
		try {
			await expect(client(store.url).getPage('wc/v3/orders')).rejects.toThrow(
				/redirected wc\/v3\/orders more than 5 times/,
			);
			expect(hops).toBe(6);
		} finally {
			await store.close();
		}
	});
});

test("a store's answer echoing the credentials is redacted in the error", async () => {
	configureOutbound({ allowPrivate: true });
	const store = await serve((request, response) => {
		response.writeHead(401, { 'Content-Type': 'application/json' });
		response.end(
			JSON.stringify({
				code: 'woocommerce_rest_authentication_error',
				message: `Invalid signature for ${request.url}`,
			}),
		);
	});
	try {
		const error = await client(store.url)
			.getPage('wc/v3/orders')
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(StoreError);
		expect((error as Error).message).toContain('oauth_consumer_key=[redacted]');
		expect((error as Error).message).not.toContain('ck_outbound_key');
	} finally {
		await store.close();
	}
});
