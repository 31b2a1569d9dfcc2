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
	globalThis.__ABACUS_E2E__ = { server, dir };
	process.env.ABACUS_E2E_URL = String(server.url).replace(/\/$/, '');
}
