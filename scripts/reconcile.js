#!/usr/bin/env node
/**
 * `npm run reconcile -- --store URL [--after YYYY-MM-DD] [--before YYYY-MM-DD] [--engine URL]`:
 * asks the WooCommerce store (its `wc-analytics` reports, `force_cache_refresh`) and its Abacus
 * engine the same report requests for a range, and prints per report and field whether the two
 * are equal, differ as documented (server/src/metrics/README.md, "Differences from WooCommerce")
 * or differ undocumented, with both values. Exit status 1 when any difference is undocumented, 2
 * on bad input or an unreachable side.
 *
 * The store's credentials as for `npm run connect` (never on the command line): --credentials-file
 * FILE or the environment (ABACUS_WC_CONSUMER_KEY + ABACUS_WC_CONSUMER_SECRET, or ABACUS_WP_USER +
 * ABACUS_WP_APP_PASSWORD). The engine: a running one at --engine URL (the engine secret from
 * --engine-secret-file FILE or ABACUS_ENGINE_SECRET signs the request token), else the engine's
 * database file (--db, default .data/engine.duckdb) answered here, with the engine stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { ensureServerBuild, root } from './command-line.js';

const USAGE = `Usage: npm run reconcile -- --store URL [--after YYYY-MM-DD] [--before YYYY-MM-DD]
       [--engine URL [--engine-secret-file FILE]] [--db .data/engine.duckdb]
       [--credentials-file FILE] [--user NAME] [--allow-private-stores] [--all]

Compares every report of the range (default: the last 90 days to today) between the store's
WooCommerce analytics and its Abacus engine: totals, every interval, every list row, the Overview.
Prints the counts, then each difference with both values; --all also prints the equal fields.
Exit status: 0 when every difference is documented, 1 when one is not, 2 on an error.

The store's credentials, from --credentials-file FILE (NAME=value lines, chmod 600) or the environment:
  ABACUS_WC_CONSUMER_KEY=ck_…  ABACUS_WC_CONSUMER_SECRET=cs_…   (a read-only REST API key), or
  ABACUS_WP_USER=admin         ABACUS_WP_APP_PASSWORD="abcd efgh …"  (an application password)
The engine: --engine URL (a running engine; its secret from --engine-secret-file FILE or
ABACUS_ENGINE_SECRET), else its database --db FILE answered here (stop the engine first).
--allow-private-stores (or ABACUS_ALLOW_PRIVATE_STORES=1): the store is on this machine or a private network.`;

function fail(message) {
	console.error(message);
	process.exit(2);
}

/** A store-local day as the range's bound. */
function day(name, value, fallback) {
	if (value === undefined) return fallback;
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
		fail(`--${name} must be a day written YYYY-MM-DD, got "${value}".\n${USAGE}`);
	return value;
}

async function main() {
	let values;
	try {
		({ values } = parseArgs({
			options: {
				store: { type: 'string' },
				after: { type: 'string' },
				before: { type: 'string' },
				engine: { type: 'string' },
				'engine-secret-file': { type: 'string' },
				db: { type: 'string' },
				'credentials-file': { type: 'string' },
				user: { type: 'string' },
				'allow-private-stores': { type: 'boolean' },
				all: { type: 'boolean' },
				help: { type: 'boolean', short: 'h' },
			},
		}));
	} catch (error) {
		fail(`${error.message}\n${USAGE}`);
	}
	if (values.help) {
		console.log(USAGE);
		return 0;
	}
	if (!values.store) fail(`Give the store's address: --store https://shop.example\n${USAGE}`);
	const today = new Date().toISOString().slice(0, 10);
	const before = day('before', values.before, today);
	const after = day(
		'after',
		values.after,
		new Date(Date.parse(`${before}T00:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10),
	);
	if (after > before) fail(`--after ${after} is later than --before ${before}.`);

	ensureServerBuild();
	const load = (file) => import(pathToFileURL(path.join(root, 'server/build', file)).href);
	const secrets = await load('secret-files.js');
	const outbound = await load('sync/outbound.js');
	const { WooClient } = await load('sync/woo-client.js');
	const { storeId, listEngineStores } = await load('sync/registry.js');
	const { reconcile, reconcileReport, trashedContext } = await load('sync/reconcile.js');
	const { signEngineToken, REPORTS_CAPABILITY } = await load('engine-auth/index.js');

	let auth;
	try {
		if (values['credentials-file']) {
			const file = path.resolve(values['credentials-file']);
			const text = secrets.readPrivateFile(file, 'The credentials file');
			auth = secrets.credentialsFrom(
				secrets.parseEnvLines(text, `The credentials file ${file}`),
				`The credentials file ${file}`,
				values.user,
			);
		} else {
			auth = secrets.credentialsFrom(process.env, 'The environment', values.user);
		}
	} catch (error) {
		fail(error.message);
	}
	if (!auth) {
		fail(
			`Give the store's REST API key or an application password: --credentials-file FILE, or the environment variables below.\n${USAGE}`,
		);
	}
	if (values['allow-private-stores'] || process.env.ABACUS_ALLOW_PRIVATE_STORES === '1') {
		outbound.configureOutbound({ allowPrivate: true });
	}
	let id;
	try {
		id = storeId(values.store);
	} catch (error) {
		fail(error.message);
	}
	const client = new WooClient({ url: values.store, auth, retries: 2 });
	const woocommerce = async (route, query) => {
		const q = route.startsWith('wc-analytics/')
			? { ...query, force_cache_refresh: true }
			: query;
		if (/\/stats$/.test(route) || /^wc\/v3\/products\/\d+$/.test(route)) {
			const { ms, ...body } = await client.getObject(route, q);
			void ms;
			return body;
		}
		return (await client.getPage(route, q)).items;
	};

	// The engine: a running one, or its database answered by a server started here.
	let engineUrl = values.engine;
	let secret = null;
	let local = null;
	if (engineUrl) {
		if (values['engine-secret-file']) {
			secret = secrets.readSecretFile(
				path.resolve(values['engine-secret-file']),
				'The engine secret file',
			);
		} else if ((process.env.ABACUS_ENGINE_SECRET ?? '') !== '') {
			secret = process.env.ABACUS_ENGINE_SECRET;
		}
	} else {
		const file = path.resolve(values.db ?? path.join(root, '.data/engine.duckdb'));
		if (!fs.existsSync(file))
			fail(`No engine database at ${file}: give --db FILE, or --engine URL.`);
		const { startServer } = await load('index.js');
		try {
			local = await startServer({ databasePath: file, port: 0, quiet: true, sync: false });
		} catch (error) {
			fail(
				`The engine database ${file} could not be opened (${error.message}). Stop the engine using it, or give --engine URL.`,
			);
		}
		engineUrl = local.url;
		const stores = await listEngineStores(local.ctx.db);
		secret = stores.find((s) => s.id === id)?.secret ?? null;
	}
	const now = Math.floor(Date.now() / 1000);
	const token = secret
		? signEngineToken(
				{
					store: id,
					sub: 1,
					cap: REPORTS_CAPABILITY,
					iat: now,
					exp: now + 3000,
					aud: engineUrl,
				},
				secret,
			)
		: null;
	const engine = async (route, query) => {
		const search = new URLSearchParams(
			Object.entries(query).map(([k, v]) => [k, String(v)]),
		).toString();
		const response = await fetch(`${engineUrl.replace(/\/$/, '')}/wp-json/${route}?${search}`, {
			headers: token ? { Authorization: `Bearer ${token}` } : {},
		});
		const text = await response.text();
		if (!response.ok)
			throw new Error(
				`The engine answered ${route} with ${response.status}: ${text.slice(0, 300)}`,
			);
		return JSON.parse(text);
	};

	try {
		console.log(
			`Comparing ${values.store} with its engine at ${engineUrl}, ${after} to ${before}…`,
		);
		const context = await trashedContext(woocommerce);
		const results = await reconcile({
			after: `${after}T00:00:00`,
			before: `${before}T23:59:59`,
			woocommerce,
			engine,
			context,
		});
		console.log(reconcileReport(results));
		if (values.all) {
			console.log('\nEqual:');
			for (const r of results.filter((x) => x.verdict === 'equal'))
				console.log(`  ${r.query} ${r.field}: ${JSON.stringify(r.engine)}`);
		}
		return results.some((r) => r.verdict === 'undocumented') ? 1 : 0;
	} catch (error) {
		console.error(`The comparison stopped: ${error.message}`);
		return 2;
	} finally {
		await local?.close();
	}
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(error.message);
		process.exit(2);
	},
);
