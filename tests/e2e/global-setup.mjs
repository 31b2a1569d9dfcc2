/**
 * Starts one pair of standalone servers per jest worker, each on its own temporary database: the
 * store (1000 seeded orders) and a small store whose names carry markup and formulas
 * (tests/e2e/store-markup.test.ts). Tests that change a server's state (settings, saved views,
 * imports) thus never disturb a test running in another worker. Worker n (JEST_WORKER_ID) reads its
 * URLs from ABACUS_E2E_URL_<n> and ABACUS_E2E_MARKUP_URL_<n>; tests/e2e/worker-server.cjs copies
 * them to ABACUS_E2E_URL and ABACUS_E2E_MARKUP_URL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export default async function globalSetup(globalConfig) {
	const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
	const { startServer } = await import(
		pathToFileURL(path.join(root, 'server/build/index.js')).href
	);
	// Another client build (e.g. a development build) when set; the repository's build/ otherwise.
	const buildDir = process.env.ABACUS_E2E_BUILD_DIR || undefined;
	const workers = Math.max(1, globalConfig?.maxWorkers ?? 1);
	const dir = mkdtempSync(path.join(tmpdir(), 'abacus-e2e-'));
	const servers = [];
	for (let worker = 1; worker <= workers; worker++) {
		const server = await startServer({
			databasePath: path.join(dir, `e2e-${worker}.duckdb`),
			port: 0,
			orders: 1000,
			seed: 1,
			quiet: true,
			buildDir,
		});
		servers.push(server);
		const markupServer = await startServer({
			databasePath: path.join(dir, `markup-${worker}.duckdb`),
			port: 0,
			orders: 300,
			seed: 7,
			quiet: true,
			buildDir,
		});
		servers.push(markupServer);
		await giveNamesMarkup(markupServer);
		process.env[`ABACUS_E2E_URL_${worker}`] = String(server.url).replace(/\/$/, '');
		process.env[`ABACUS_E2E_MARKUP_URL_${worker}`] = String(markupServer.url).replace(
			/\/$/,
			'',
		);
	}
	globalThis.__ABACUS_E2E__ = { servers, dir };
	// A run in band (one worker) reads the first pair directly.
	process.env.ABACUS_E2E_URL = process.env.ABACUS_E2E_URL_1;
	process.env.ABACUS_E2E_MARKUP_URL = process.env.ABACUS_E2E_MARKUP_URL_1;
}

/** Names with HTML, script and spreadsheet formulas, as a hostile shop manager could type them. */
export const MARKUP = {
	product: '<img src=x onerror="window.__pwned=1">Mug',
	coupon: '=HYPERLINK("http://evil.test")<script>window.__pwned=1</script>',
	customer: '@SUM(1)<svg onload="window.__pwned=1">',
};

/** Renames every product, coupon and customer of the store to a hostile name (keeping them unique). */
async function giveNamesMarkup(server) {
	const { db } = server.ctx;
	await db.run("UPDATE products SET name = ? || ' ' || CAST(id AS VARCHAR)", [MARKUP.product]);
	await db.run("UPDATE order_items SET name = ? || ' ' || CAST(product_id AS VARCHAR)", [
		MARKUP.product,
	]);
	await db.run('UPDATE coupons SET code = ? || CAST(id AS VARCHAR)', [MARKUP.coupon]);
	await db.run(
		'UPDATE customer_lookup SET first_name = ?, last_name = CAST(customer_id AS VARCHAR)',
		[MARKUP.customer],
	);
	await db.run('UPDATE users SET first_name = ?', [MARKUP.customer]);
	server.ctx.notifyWrite();
}
