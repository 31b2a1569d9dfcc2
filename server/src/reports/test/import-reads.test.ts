/**
 * Reports keep answering while an import batch is being written: the batch runs in a transaction
 * on the writer connection, report reads run on the reader connections and see the last committed
 * state.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../index.js';

let server: RunningServer;
let dir: string;
let batchStarted = 0;

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-import-reads-'));
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 40_000,
		seed: 5,
		quiet: true,
		nonce: 'test-nonce',
		// One batch holding every order: the longest write an import makes.
		importBatchSize: 100_000,
		importPace: async () => {
			batchStarted = Date.now();
		},
	});
}, 300_000);

afterAll(async () => {
	await server?.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

interface Status {
	is_importing: boolean;
	orders?: { imported: number; total: number };
}

const status = async (): Promise<Status> =>
	(await (
		await fetch(
			`${server.url}/wp-json/wc-analytics/reports/import/status?timestamp=${Date.now()}`,
		)
	).json()) as Status;

it('answers a report read while an import batch is being written', async () => {
	const started = await fetch(`${server.url}/wp-json/wc-analytics/reports/import`, {
		method: 'POST',
		headers: { 'X-WP-Nonce': 'test-nonce' },
	});
	expect(((await started.json()) as { status: string }).status).toBe('success');
	while (!batchStarted) await new Promise((resolve) => setTimeout(resolve, 5));
	await new Promise((resolve) => setTimeout(resolve, 50));
	const before = await status();
	const t = Date.now();
	// A query no cache holds (distinct `before` second).
	const read = await fetch(
		`${server.url}/wp-json/wc-analytics/reports/orders/stats?interval=month&after=2020-01-01T00:00:00&before=2030-12-31T23:59:${String(t % 60).padStart(2, '0')}`,
	);
	const readMs = Date.now() - t;
	expect(read.status).toBe(200);
	const during = await status();
	let done = during;
	while (done.is_importing) {
		await new Promise((resolve) => setTimeout(resolve, 50));
		done = await status();
	}
	const batchMs = Date.now() - batchStarted;
	process.stdout.write(`import batch ${batchMs} ms; report read during it ${readMs} ms\n`);
	// The read came back while the batch (no order imported yet) was still being written.
	expect(before.orders?.imported).toBe(0);
	expect(during.is_importing).toBe(true);
	expect(during.orders?.imported).toBe(0);
	expect(done.orders?.imported).toBe(done.orders?.total);
}, 300_000);
