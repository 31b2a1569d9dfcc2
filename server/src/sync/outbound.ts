/**
 * What the engine's requests to a store may reach. A store address is typed by whoever connects
 * the store, so it must not become a way into the engine's own network: an address whose host
 * resolves to a loopback, private, link-local, shared (CGNAT), multicast or unspecified address, or
 * to the ClickHouse cluster's own address, is refused unless the engine was started with
 * `--allow-private-stores` (or `ABACUS_ALLOW_PRIVATE_STORES=1`): a store on the same machine or
 * network, and the tests' stores on 127.0.0.1. Even then the cluster's own address and port stay
 * refused.
 *
 * The check is made when the connection is opened, on the very addresses it connects to
 * (`guardedLookup`, the `lookup` of each request of `outboundFetch`), so a host name that resolves
 * to a public address for a check and to a private one a moment later (DNS rebinding) gains
 * nothing. Redirects are not followed here: the client follows those within the store's origin
 * only (`woo-client.ts`).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';

export interface OutboundPolicy {
	/** Stores on loopback, private, link-local… addresses are allowed. */
	allowPrivate: boolean;
	/** The ClickHouse cluster's nodes (`http://host:port`): never a store. */
	cluster: string[];
}

/** `ABACUS_ALLOW_PRIVATE_STORES` set to 1, true or yes. */
export function allowPrivateFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
	return /^(1|true|yes)$/i.test((env.ABACUS_ALLOW_PRIVATE_STORES ?? '').trim());
}

let current: OutboundPolicy = { allowPrivate: allowPrivateFromEnv(), cluster: [] };

/** Sets the process's policy (the server's command line does, before any sync starts). */
export function configureOutbound(changes: Partial<OutboundPolicy>): OutboundPolicy {
	current = { ...current, ...changes };
	return current;
}

export function outboundPolicy(): OutboundPolicy {
	return current;
}

/** A store address the policy refuses. */
export class OutboundRefusedError extends Error {
	readonly code = 'abacus_store_address_refused';
	constructor(message: string) {
		super(message);
		this.name = 'OutboundRefusedError';
	}
}

const RANGES: Array<[string, number, 'ipv4' | 'ipv6', string]> = [
	['0.0.0.0', 8, 'ipv4', 'an unspecified address'],
	['127.0.0.0', 8, 'ipv4', 'a loopback address (this machine)'],
	['10.0.0.0', 8, 'ipv4', 'a private network address'],
	['172.16.0.0', 12, 'ipv4', 'a private network address'],
	['192.168.0.0', 16, 'ipv4', 'a private network address'],
	['169.254.0.0', 16, 'ipv4', 'a link-local address (e.g. a cloud metadata service)'],
	['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
	['192.0.0.0', 24, 'ipv4', 'a reserved address'],
	['198.18.0.0', 15, 'ipv4', 'a reserved address'],
	['224.0.0.0', 4, 'ipv4', 'a multicast address'],
	['240.0.0.0', 4, 'ipv4', 'a reserved address'],
	['::', 128, 'ipv6', 'an unspecified address'],
	['::1', 128, 'ipv6', 'a loopback address (this machine)'],
	['fc00::', 7, 'ipv6', 'a private network address'],
	['fe80::', 10, 'ipv6', 'a link-local address'],
	['ff00::', 8, 'ipv6', 'a multicast address'],
];

const lists = RANGES.map(([address, prefix, type, label]) => {
	const list = new net.BlockList();
	list.addSubnet(address, prefix, type);
	return { list, type, label };
});

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 IPv6 address, if any. */
function embeddedIpv4(address: string): string | null {
	const lower = address.toLowerCase();
	const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
	if (dotted) return dotted[1];
	const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
	if (hex) {
		const high = parseInt(hex[1], 16);
		const low = parseInt(hex[2], 16);
		return [high >> 8, high & 255, low >> 8, low & 255].join('.');
	}
	return null;
}

/**
 * Why an IP address is not a public one ("a loopback address (this machine)", …), or null when it
 * is public.
 */
export function nonPublicReason(address: string): string | null {
	const family = net.isIP(address);
	if (family === 0) return 'not an IP address';
	if (family === 6) {
		const inner = embeddedIpv4(address);
		if (inner) return nonPublicReason(inner);
	}
	const type = family === 4 ? 'ipv4' : 'ipv6';
	for (const range of lists) {
		if (range.type === type && range.list.check(address, type)) return range.label;
	}
	if (address === '255.255.255.255') return 'a broadcast address';
	return null;
}

function defaultPort(protocol: string): number {
	return protocol === 'https:' ? 443 : 80;
}

async function lookupAll(host: string): Promise<string[]> {
	if (net.isIP(host)) return [host];
	const found = await dns.promises.lookup(host, { all: true, verbatim: true });
	return found.map((entry) => entry.address);
}

/** The cluster's addresses and ports (resolved now; a node that does not resolve is skipped). */
async function clusterAddresses(policy: OutboundPolicy): Promise<Array<[string, number]>> {
	const out: Array<[string, number]> = [];
	for (const node of policy.cluster) {
		let url: URL;
		try {
			url = new URL(node);
		} catch {
			continue;
		}
		const host = url.hostname.replace(/^\[|\]$/g, '');
		const port = url.port ? Number(url.port) : defaultPort(url.protocol);
		try {
			for (const address of await lookupAll(host)) out.push([address, port]);
		} catch {
			// A node name that does not resolve is no address a store could resolve to either.
		}
	}
	return out;
}

const HINT =
	'If the store really is on this machine or a private network, allow it with --allow-private-stores (of the engine and of npm run connect) or ABACUS_ALLOW_PRIVATE_STORES=1.';

/**
 * Throws an OutboundRefusedError when one of `addresses` (what `host` resolved to) may not be
 * reached for a store at `port` under `policy`.
 */
export async function checkAddresses(
	host: string,
	port: number,
	addresses: string[],
	policy: OutboundPolicy = current,
): Promise<void> {
	const cluster = policy.cluster.length ? await clusterAddresses(policy) : [];
	for (const address of addresses) {
		const named = address === host ? host : `${host} (${address})`;
		const node = cluster.find(
			([a, p]) => a === address && (!policy.allowPrivate || p === port),
		);
		if (node) {
			throw new OutboundRefusedError(
				`The store address ${named}${policy.allowPrivate ? `:${port}` : ''} is the ClickHouse cluster's own address: the engine never sends a store's requests there.`,
			);
		}
		if (policy.allowPrivate) continue;
		const reason = nonPublicReason(address);
		if (reason) {
			throw new OutboundRefusedError(
				`The store address ${named} is ${reason}: the engine reaches stores on public addresses only. ${HINT}`,
			);
		}
	}
}

/**
 * Resolves a store URL's host and checks every address it resolves to (a clear error before a
 * store is registered). The connection itself checks again (`guardedLookup`).
 */
export async function checkStoreUrl(url: string, policy: OutboundPolicy = current): Promise<void> {
	const parsed = new URL(url);
	const host = parsed.hostname.replace(/^\[|\]$/g, '');
	const port = parsed.port ? Number(parsed.port) : defaultPort(parsed.protocol);
	let addresses: string[];
	try {
		addresses = await lookupAll(host);
	} catch (error) {
		throw new Error(
			`The store's host ${host} could not be resolved: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
	await checkAddresses(host, port, addresses, policy);
}

type LookupCallback = (
	error: NodeJS.ErrnoException | null,
	address: string | dns.LookupAddress[],
	family?: number,
) => void;

/**
 * A `lookup` for a connection to a store at `port`: resolves the host, refuses it when any of its
 * addresses is not allowed, and connects to what it resolved (so the address checked is the
 * address connected to).
 */
export function guardedLookup(port: number, policy: OutboundPolicy = current) {
	return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
		dns.lookup(hostname, { ...options, all: true }, (error, found) => {
			if (error) {
				callback(error, '', 0);
				return;
			}
			const addresses = found.filter(
				(entry) => !options.family || entry.family === options.family,
			);
			checkAddresses(
				hostname,
				port,
				addresses.map((entry) => entry.address),
				policy,
			).then(
				() => {
					if (!addresses.length) {
						const none: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
						none.code = 'ENOTFOUND';
						callback(none, '', 0);
					} else if (options.all) {
						callback(null, addresses);
					} else {
						callback(null, addresses[0].address, addresses[0].family);
					}
				},
				(refused: unknown) => callback(refused as NodeJS.ErrnoException, '', 0),
			);
		});
	};
}

/** The most of a store's answer read (a page of 100 orders is a few hundred kB). */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

const agents = {
	http: new http.Agent({ keepAlive: true, maxSockets: 8 }),
	https: new https.Agent({ keepAlive: true, maxSockets: 8 }),
};

function decoded(response: http.IncomingMessage): Readable {
	const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
	if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(zlib.createGunzip());
	if (encoding === 'deflate') return response.pipe(zlib.createInflate());
	if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
	return response;
}

/**
 * A GET for the sync with the `fetch` signature it uses: the connection goes through
 * `guardedLookup` (an IP address in the URL is checked before connecting), a redirect is returned
 * as it is (never followed), the answer is read up to MAX_ANSWER_BYTES.
 */
export async function outboundFetch(
	input: string | URL | Request,
	init: RequestInit = {},
): Promise<Response> {
	const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new Error(`Only http and https store addresses are read, not ${url.protocol}`);
	}
	const policy = current;
	const host = url.hostname.replace(/^\[|\]$/g, '');
	const port = url.port ? Number(url.port) : defaultPort(url.protocol);
	if (net.isIP(host)) await checkAddresses(host, port, [host], policy);
	const headers: Record<string, string> = { 'Accept-Encoding': 'gzip, deflate, br' };
	new Headers(init.headers).forEach((value, key) => {
		headers[key] = value;
	});
	const module = url.protocol === 'https:' ? https : http;
	return new Promise<Response>((resolve, reject) => {
		const request = module.request(
			url,
			{
				method: init.method ?? 'GET',
				headers,
				agent: url.protocol === 'https:' ? agents.https : agents.http,
				lookup: guardedLookup(port, policy),
				signal: init.signal ?? undefined,
			},
			(response) => {
				const chunks: Buffer[] = [];
				let size = 0;
				const body = decoded(response);
				body.on('data', (chunk: Buffer) => {
					size += chunk.length;
					if (size > MAX_ANSWER_BYTES) {
						request.destroy(
							new Error(
								`the store's answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB`,
							),
						);
						return;
					}
					chunks.push(chunk);
				});
				body.on('error', reject);
				response.on('error', reject);
				body.on('end', () => {
					const answerHeaders = new Headers();
					for (const [name, value] of Object.entries(response.headers)) {
						if (value === undefined) continue;
						for (const item of Array.isArray(value) ? value : [value]) {
							answerHeaders.append(name, item);
						}
					}
					answerHeaders.delete('content-encoding');
					answerHeaders.delete('content-length');
					const status = response.statusCode ?? 502;
					const empty = [101, 204, 205, 304].includes(status);
					try {
						resolve(
							new Response(empty ? null : Buffer.concat(chunks), {
								status: status < 200 || status > 599 ? 502 : status,
								statusText: response.statusMessage,
								headers: answerHeaders,
							}),
						);
					} catch (error) {
						reject(error);
					}
				});
			},
		);
		request.on('error', reject);
		request.end();
	});
}
