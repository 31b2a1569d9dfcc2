/**
 * Test harness of the helper screens: a stubbed apiFetch and a fresh data registry per render.
 */
import type { ReactElement } from 'react';
import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider, type StoreDescriptor } from '@wordpress/data';
import { render } from '@testing-library/react';

/** Values of an array query argument (`type[0]=a&type[1]=b` or `type[]=a`). */
export function queryList(query: URLSearchParams, name: string): string[] {
	return [...query.entries()]
		.filter(([key]) => key === name || key.startsWith(`${name}[`))
		.map(([, value]) => value);
}

export interface Call {
	route: string;
	query: URLSearchParams;
	method: string;
	data: unknown;
}

export interface Answer {
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
}

function fakeResponse(body: unknown, status: number, headers: Record<string, string>) {
	const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
	const text = body === undefined ? '' : JSON.stringify(body);
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

/** Replaces apiFetch's transport with `route`; returns the calls made. */
export function stubApiFetch(route: (call: Call) => Answer | Promise<Answer>): Call[] {
	const calls: Call[] = [];
	apiFetch.setFetchHandler(async (options) => {
		const [pathname, search = ''] = (options.path ?? options.url ?? '').split('?');
		let data: unknown = options.data;
		if (data === undefined && typeof options.body === 'string') {
			data = JSON.parse(options.body);
		}
		const call: Call = {
			route: pathname.replace(/^\//, ''),
			query: new URLSearchParams(search),
			method: (
				(options.headers as Record<string, string> | undefined)?.[
					'X-HTTP-Method-Override'
				] ??
				options.method ??
				'GET'
			).toUpperCase(),
			data,
		};
		calls.push(call);
		const answer = await route(call);
		const status = answer.status ?? 200;
		if (options.parse === false) {
			const response = fakeResponse(answer.body, status, answer.headers ?? {});
			if (status >= 400) throw response;
			return response;
		}
		if (status >= 400) throw answer.body;
		return answer.body ?? null;
	});
	return calls;
}

/** A WordPress error answer. */
export function wpError(status: number, code: string, message: string): Answer {
	return { status, body: { code, message, data: { status } } };
}

/** Renders `ui` with a fresh registry holding `stores`. */
export function renderWithStores(ui: ReactElement, ...stores: StoreDescriptor[]) {
	// @wordpress/data's older type declarations leave `register` out of the registry's type.
	const registry = createRegistry() as ReturnType<typeof createRegistry> & {
		register: (store: StoreDescriptor) => void;
	};
	for (const store of stores) {
		registry.register(store);
	}
	return { registry, ...render(<RegistryProvider value={registry}>{ui}</RegistryProvider>) };
}
