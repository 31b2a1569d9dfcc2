/**
 * Starts the standalone server on a temporary database (1000 seeded orders) and shares its URL
 * with the tests through ABACUS_E2E_URL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export default async function globalSetup() {
	const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
	const { startServer } = await import(
		pathToFileURL(path.join(root, 'server/build/index.js')).href
	);
	const dir = mkdtempSync(path.join(tmpdir(), 'abacus-e2e-'));
	const server = await startServer({
		databasePath: path.join(dir, 'e2e.duckdb'),
		port: 0,
		orders: 1000,
		seed: 1,
		quiet: true,
		// Another client build (e.g. a development build) when set; the repository's build/ otherwise.
		buildDir: process.env.ABACUS_E2E_BUILD_DIR || undefined,
	});
	// A second, small store whose names carry markup and formulas (tests/e2e/store-markup.test.ts).
	const markupServer = await startServer({
		databasePath: path.join(dir, 'markup.duckdb'),
		port: 0,
		orders: 300,
		seed: 7,
		quiet: true,
		buildDir: process.env.ABACUS_E2E_BUILD_DIR || undefined,
	});
	await giveNamesMarkup(markupServer);
	globalThis.__ABACUS_E2E__ = { server, markupServer, dir };
	process.env.ABACUS_E2E_URL = String(server.url).replace(/\/$/, '');
	process.env.ABACUS_E2E_MARKUP_URL = String(markupServer.url).replace(/\/$/, '');
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
