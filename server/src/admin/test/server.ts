/**
 * Test harness: a generated demo store in a temporary DuckDB file, the full app listening on a
 * loopback port, and a small fetch helper that sends the nonce on mutating calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { createApp } from '../../app.js';
import { createContext, type ServerContext } from '../../core/context.js';
import { allowedHostList } from '../../http/security.js';
import { Db } from '../../core/db.js';
import { generateStore } from '../../demo/generate.js';

export const NONCE = 'test-nonce';

export interface TestServer {
	url: string;
	ctx: ServerContext;
	app: FastifyInstance;
	writes: () => number;
	buildDir: string;
	close(): Promise<void>;
}

export interface CallResult<T = unknown> {
	status: number;
	headers: Headers;
	body: T;
}

export async function startServer(options: { buildDir?: string } = {}): Promise<TestServer> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-admin-test-'));
	const databasePath = path.join(dir, 'store.duckdb');
	const db = await Db.open(databasePath);
	await generateStore(db, { orders: 150, seed: 7, days: 120 });
	const buildDir = options.buildDir ?? path.join(dir, 'build');
	const ctx = createContext(db, {
		databasePath,
		nonce: NONCE,
		buildDir,
		host: '127.0.0.1',
		port: 0,
		importBatchSize: 50_000,
		allowedHosts: allowedHostList([], '127.0.0.1'),
	});
	let writeCount = 0;
	ctx.onWrite(() => {
		writeCount += 1;
	});
	const app = await createApp(ctx);
	await app.listen({ port: 0, host: '127.0.0.1' });
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		url: `http://127.0.0.1:${port}`,
		ctx,
		app,
		buildDir,
		writes: () => writeCount,
		async close() {
			await app.close();
			db.close();
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** Calls the REST API (`route` without the /wp-json prefix). */
export async function call<T = unknown>(
	server: TestServer,
	method: string,
	route: string,
	body?: unknown,
	options: { nonce?: string | null } = {},
): Promise<CallResult<T>> {
	const headers: Record<string, string> = {};
	const nonce = options.nonce === undefined ? NONCE : options.nonce;
	if (nonce !== null && method !== 'GET') headers['X-WP-Nonce'] = nonce;
	if (body !== undefined) headers['Content-Type'] = 'application/json';
	const response = await fetch(`${server.url}/wp-json${route}`, {
		method,
		headers,
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return {
		status: response.status,
		headers: response.headers,
		body: (text ? JSON.parse(text) : null) as T,
	};
}
