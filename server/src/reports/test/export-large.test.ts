/**
 * A report export larger than 100,000 rows over HTTP: built in the background while other
 * requests keep answering, downloaded whole with the nonce, and cancellable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { cachedStoreFile } from '../../demo/test/store-cache.js';
import { startServer, type RunningServer } from '../../index.js';

let server: RunningServer;
let dir: string;

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-export-large-'));
	// The 105,000-order store is generated (and opened once by a server, which adds what a first
	// start adds) once and kept for the next run (demo/test/store-cache.ts).
	await cachedStoreFile(
		{ store: 'server-opened', orders: 105_000 },
		path.join(dir, 'store.duckdb'),
		async (file) => {
			const first = await startServer({ databasePath: file, orders: 105_000, quiet: true });
			await first.close();
		},
	);
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 105_000,
		quiet: true,
		nonce: 'test-nonce',
	});
}, 600_000);

afterAll(async () => {
	await server?.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

const ARGS = { after: '2000-01-01T00:00:00', before: '2100-12-31T23:59:59' };

async function post<T>(route: string, body: unknown): Promise<{ status: number; body: T }> {
	const res = await fetch(`${server.url}/wp-json${route}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'test-nonce' },
		body: JSON.stringify(body),
	});
	return { status: res.status, body: (await res.json()) as T };
}

interface Status {
	percent_complete: number;
	rows_exported: number;
	total_rows: number;
	download_url?: string;
}

it('exports every row of a 100,000-row report to a downloadable file', async () => {
	const started = Date.now();
	const res = await post<{ export_id: string }>('/wc-analytics/reports/orders/export', {
		report_args: ARGS,
		email: true,
	});
	expect(res.status).toBe(200);
	const id = res.body.export_id;
	let status: Status | undefined;
	const percents: number[] = [];
	let slowest = 0;
	for (;;) {
		const t = Date.now();
		// Another client's report keeps answering while the export is built.
		const other = await fetch(
			`${server.url}/wp-json/wc-analytics/reports/revenue/stats?interval=month&after=2025-01-01T00:00:00&before=2025-12-31T23:59:59`,
		);
		expect(other.status).toBe(200);
		slowest = Math.max(slowest, Date.now() - t);
		status = (await (
			await fetch(`${server.url}/wp-json/wc-analytics/reports/orders/export/${id}/status`)
		).json()) as Status;
		percents.push(status.percent_complete);
		if (status.download_url) break;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	const built = Date.now() - started;
	expect(status.total_rows).toBeGreaterThan(100_000);
	expect(status.rows_exported).toBe(status.total_rows);
	expect(percents.length).toBeGreaterThan(1);
	expect([...percents].sort((a, b) => a - b)).toEqual(percents);
	const download = await fetch(`${server.url}${status.download_url}&_wpnonce=test-nonce`);
	expect(download.status).toBe(200);
	let lines = 0;
	let bytes = 0;
	const reader = download.body?.getReader();
	for (;;) {
		const chunk = await reader?.read();
		if (!chunk || chunk.done) break;
		bytes += chunk.value.length;
		for (const b of chunk.value) if (b === 10) lines += 1;
	}
	expect(lines).toBe(status.total_rows + 1);
	process.stdout.write(
		`100k export: ${status.total_rows} rows, ${(bytes / 1e6).toFixed(1)} MB, built in ${built} ms; slowest other request meanwhile ${slowest} ms; RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB\n`,
	);
}, 600_000);

it('cancels an export being built and deletes it', async () => {
	const res = await post<{ export_id: string }>('/wc-analytics/reports/orders/export', {
		report_args: ARGS,
	});
	const id = res.body.export_id;
	const cancel = await fetch(`${server.url}/wp-json/wc-analytics/reports/orders/export/${id}`, {
		method: 'DELETE',
		headers: { 'X-WP-Nonce': 'test-nonce' },
	});
	expect(cancel.status).toBe(200);
	const after = await fetch(
		`${server.url}/wp-json/wc-analytics/reports/orders/export/${id}/status`,
	);
	expect(after.status).toBe(404);
	// Without the nonce a cancel is refused.
	const again = await post<{ export_id: string }>('/wc-analytics/reports/orders/export', {
		report_args: ARGS,
	});
	const refused = await fetch(
		`${server.url}/wp-json/wc-analytics/reports/orders/export/${again.body.export_id}/cancel`,
		{ method: 'POST' },
	);
	expect(refused.status).toBe(403);
	await fetch(
		`${server.url}/wp-json/wc-analytics/reports/orders/export/${again.body.export_id}/cancel`,
		{ method: 'POST', headers: { 'X-WP-Nonce': 'test-nonce' } },
	);
}, 120_000);
