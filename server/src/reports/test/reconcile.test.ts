/**
 * A generated 1k store on a DuckDB server reconciles (`reconcile-suite.ts`; the same suite runs on
 * a ClickHouse engine in `clickhouse/test/reconcile.test.ts`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../index.js';
import { get } from './fixtures.js';
import { reconcileSuite } from './reconcile-suite.js';

let server: RunningServer;
const today = new Date().toISOString().slice(0, 10);
const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

/** The store's folder, removed after the tests. */
let dir = '';
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-reconcile-'));
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 1000,
		seed: 3,
		quiet: true,
	});
}, 120000);

afterAll(async () => {
	await server.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

describe('a generated 1k store reconciles', () => {
	reconcileSuite(
		() =>
			<T>(route: string) =>
				get<T>(server, route),
		() => ({ first: lastYear, last: today }),
	);
});
