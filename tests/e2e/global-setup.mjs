/**
 * Starts one pair of standalone servers per jest worker, each on its own temporary database: the
 * store (1000 seeded orders) and a small store whose names carry markup and formulas
 * (tests/e2e/store-markup.test.ts). Tests that change a server's state (settings, saved views,
 * imports) thus never disturb a test running in another worker. Each store is generated once and
 * its file copied for every worker (generating is the slow part of a start). Worker n
 * (JEST_WORKER_ID) reads its URLs from ABACUS_E2E_URL_<n> and ABACUS_E2E_MARKUP_URL_<n>;
 * tests/e2e/worker-server.cjs copies them to ABACUS_E2E_URL and ABACUS_E2E_MARKUP_URL.
 *
 * It also starts one Chromium per worker (Playwright's browser server, in a process of its own:
 * tests/e2e/browser-server.mjs): the worker's test files connect to it (ABACUS_E2E_BROWSER_<n>,
 * see launch() in tests/e2e/helpers.ts) instead of each launching a browser of their own; a
 * file's contexts close when it disconnects.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Starts tests/e2e/browser-server.mjs; resolves with its endpoint and a way to stop it. */
function startBrowserServer() {
	const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'browser-server.mjs');
	const child = spawn(process.execPath, [script, 'serve'], {
		stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
		env: process.env,
	});
	return new Promise((resolve, reject) => {
		let out = '';
		child.stdout.on('data', (chunk) => {
			out += chunk.toString();
			const m = /WS (\S+)/.exec(out);
			if (m) {
				resolve({
					wsEndpoint: () => m[1],
					close: () =>
						new Promise((done) => {
							if (child.exitCode !== null) return done();
							child.once('exit', () => done());
							child.kill('SIGTERM');
						}),
				});
			}
		});
		child.once('exit', (code) => reject(new Error(`The browser server exited (${code}).`)));
	});
}

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
	const browsers = [];
	// The browsers start while the stores are generated.
	const launching = Promise.all(Array.from({ length: workers }, () => startBrowserServer()));
	try {
		/** Generates a store into `name`.duckdb once (then closed), for each worker to copy. */
		const generate = async (name, orders, seed) => {
			const file = path.join(dir, `${name}.duckdb`);
			const server = await startServer({
				databasePath: file,
				port: 0,
				orders,
				seed,
				quiet: true,
				buildDir,
			});
			await server.close();
			return file;
		};
		const copyFor = (template, file) => {
			copyFileSync(template, file);
			if (existsSync(`${template}.wal`)) copyFileSync(`${template}.wal`, `${file}.wal`);
			return file;
		};
		const storeTemplate = await generate('store-template', 1000, 1);
		const markupTemplate = await generate('markup-template', 300, 7);
		for (let worker = 1; worker <= workers; worker++) {
			const server = await startServer({
				databasePath: copyFor(storeTemplate, path.join(dir, `e2e-${worker}.duckdb`)),
				port: 0,
				orders: 1000,
				seed: 1,
				quiet: true,
				buildDir,
			});
			servers.push(server);
			const markupServer = await startServer({
				databasePath: copyFor(markupTemplate, path.join(dir, `markup-${worker}.duckdb`)),
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
	} finally {
		browsers.push(...(await launching));
		globalThis.__ABACUS_E2E__ = { servers, browsers, dir };
	}
	for (const [index, browser] of browsers.entries()) {
		process.env[`ABACUS_E2E_BROWSER_${index + 1}`] = browser.wsEndpoint();
	}
	// A run in band (one worker) reads the first pair directly.
	process.env.ABACUS_E2E_URL = process.env.ABACUS_E2E_URL_1;
	process.env.ABACUS_E2E_MARKUP_URL = process.env.ABACUS_E2E_MARKUP_URL_1;
	process.env.ABACUS_E2E_BROWSER = process.env.ABACUS_E2E_BROWSER_1;
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
