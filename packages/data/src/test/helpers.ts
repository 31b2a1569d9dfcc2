/**
 * Test helpers: a stubbed apiFetch (through `setFetchHandler`) and fresh registries.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRegistry, type StoreDescriptor } from '@wordpress/data';

import type { WCDataRegistry } from '../store-registry.js';

/** A fresh registry, typed over the Abacus stores (the untyped `createRegistry` is cast here once). */
export type TestRegistry = ReturnType<typeof createRegistry> &
	WCDataRegistry & { register: (store: StoreDescriptor) => void };

export interface StubCall {
	/** Path without the `_locale=user` argument apiFetch adds. */
	path: string;
	/** Path without its query string. */
	route: string;
	/** Query arguments (repeated keys keep the last value). */
	query: Record<string, string>;
	method: string;
	data: unknown;
}

export interface StubAnswer {
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export type StubRoute = (call: StubCall) => StubAnswer | Promise<StubAnswer>;

function cleanPath(path: string): string {
	return path
		.replace(/([?&])_locale=user(&|$)/, (_m, sep: string, after: string) => (after ? sep : ''))
		.replace(/\?$/, '');
}

/** A minimal Response (jsdom has none): status, case-insensitive headers, text and json. */
function fakeResponse(text: string, status: number, headers: Record<string, string>) {
	const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
	return {
		status,
		ok: status >= 200 && status < 300,
		headers: {
			get: (name: string) => lower.get(name.toLowerCase()) ?? null,
			has: (name: string) => lower.has(name.toLowerCase()),
		},
		text: async () => text,
		json: async () => JSON.parse(text) as unknown,
	};
}

/** Replaces apiFetch's transport; returns the list of calls made. */
export function stubApiFetch(route: StubRoute): StubCall[] {
	const calls: StubCall[] = [];
	apiFetch.setFetchHandler(async (options) => {
		const path = cleanPath(options.path ?? options.url ?? '');
		const [pathname, search = ''] = path.split('?');
		const query: Record<string, string> = {};
		new URLSearchParams(search).forEach((value, key) => {
			query[key] = value;
		});
		let data: unknown = options.data;
		if (data === undefined && typeof options.body === 'string') {
			data = JSON.parse(options.body);
		}
		const call: StubCall = {
			path,
			route: pathname,
			query,
			method: (
				options.headers?.['X-HTTP-Method-Override'] ??
				options.method ??
				'GET'
			).toUpperCase(),
			data,
		};
		calls.push(call);
		const answer = await route(call);
		const status = answer.status ?? 200;
		if (options.parse === false) {
			const response = fakeResponse(
				answer.body === undefined ? '' : JSON.stringify(answer.body),
				status,
				answer.headers ?? {},
			);
			if (status >= 400) {
				throw response;
			}
			return response;
		}
		if (status >= 400) {
			throw answer.body;
		}
		return answer.body === undefined ? null : answer.body;
	});
	return calls;
}

/** A registry with only the given stores registered. */
export function registryWith(...stores: StoreDescriptor[]) {
	const registry = createRegistry() as unknown as TestRegistry;
	for (const store of stores) {
		registry.register(store);
	}
	return registry;
}

/** An error answer in the WordPress shape. */
export function wpError(status: number, code: string, message: string): StubAnswer {
	return { status, body: { code, message, data: { status } } };
}

/** Lets pending promises and 0-ms timers run. */
export function flush(ms = 5): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Waits until `check` holds (every few milliseconds), for at most `timeoutMs`: answers are stored
 * a task or two after they arrive, later on a busy machine than on a quiet one.
 */
export async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms.`);
		await flush(5);
	}
}
