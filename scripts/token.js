#!/usr/bin/env node
/**
 * `npm run token -- --store URL --engine-url URL [--user 1] [--scope edit_costs] [--ttl 900]
 * [--db .data/engine.duckdb]`: prints an engine token for a store, as the WordPress plugin signs
 * them, for trying the engine's routes by hand (`curl -H "Authorization: Bearer …"`). The secret
 * is the store's engine secret, read from ABACUS_ENGINE_SECRET, else from the file named by
 * --secret-file, else from the engine database's store registry; never from the command line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import {
	ensureServerBuild,
	lockedDatabaseMessage,
	parseCommandLine,
	root,
	usageError,
	wholeNumber,
} from './command-line.js';

const USAGE = `Usage: npm run token -- --store URL --engine-url URL [--user 1] [--scope edit_costs]... [--ttl 900]
       [--db .data/engine.duckdb] [--secret-file PATH]
  Prints "Authorization: Bearer <token>": an engine token for the store, signed with its engine secret.
  --store URL         the store's address (the token's store)
  --engine-url URL    the engine's address as the store reaches it (the token's aud: its origin)
  --user N            the WordPress user id (sub), default 1
  --scope NAME        a write the token allows (edit_costs); repeat for more; none: reads only
  --ttl SECONDS       lifetime, default 900, at most 3600
  --db PATH           the engine database whose store registry holds the secret
  --secret-file PATH  a file holding the secret (instead of the registry)
  The secret is read from ABACUS_ENGINE_SECRET first, then --secret-file, then the registry.
  --help              this text`;

if (process.argv.slice(2).some((arg) => /^--(secret|engine-secret)(=|$)/.test(arg)))
	usageError(
		'A secret is never taken on the command line (other users see it in the process list): set ABACUS_ENGINE_SECRET or give --secret-file.',
		USAGE,
	);
const { values } = parseCommandLine({
	usage: USAGE,
	options: {
		store: { type: 'string' },
		'engine-url': { type: 'string' },
		user: { type: 'string', default: '1' },
		scope: { type: 'string', multiple: true },
		ttl: { type: 'string', default: '900' },
		db: { type: 'string', default: '.data/engine.duckdb' },
		'secret-file': { type: 'string' },
	},
});
if (!values.store) usageError('--store is required: the address of the store.', USAGE);
if (!values['engine-url'])
	usageError(
		"--engine-url is required: the engine's address (e.g. http://127.0.0.1:8080); the engine refuses a token issued for another.",
		USAGE,
	);
const user = wholeNumber('user', values.user, 1, USAGE, 1);
const ttl = wholeNumber('ttl', values.ttl, 900, USAGE, 1);

ensureServerBuild();
const load = (file) => import(pathToFileURL(path.join(root, 'server/build', file)).href);
const auth = await load('engine-auth/token.js');
const store = auth.normaliseStoreId(values.store);
if (!store) usageError(`--store must be an http(s) address, got "${values.store}".`, USAGE);
const audience = auth.originOf(values['engine-url']);
if (!audience)
	usageError(`--engine-url must be an http(s) address, got "${values['engine-url']}".`, USAGE);
if (ttl > auth.MAX_TOKEN_LIFETIME)
	usageError(
		`--ttl is at most ${auth.MAX_TOKEN_LIFETIME} seconds (the engine refuses longer), got ${ttl}.`,
		USAGE,
	);
for (const scope of values.scope ?? []) {
	if (scope !== auth.EDIT_COSTS_SCOPE)
		usageError(`--scope must be ${auth.EDIT_COSTS_SCOPE}, got "${scope}".`, USAGE);
}

/** The store's engine secret from the registry of `file` (a copy when a server holds it). */
async function registrySecret(file) {
	if (!fs.existsSync(file)) {
		usageError(
			`No engine database at ${file}: give --db, or the secret in ABACUS_ENGINE_SECRET or a --secret-file.`,
			USAGE,
		);
	}
	const { Db } = await load('core/db.js');
	const sync = await load('sync/index.js');
	let db;
	let copy = null;
	try {
		db = await Db.open(file);
	} catch (error) {
		if (!lockedDatabaseMessage(error, file)) throw error;
		// A running server holds the file: read the registry from a copy (the secret is written
		// when the store is connected, long before).
		copy = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-token-'));
		fs.copyFileSync(file, path.join(copy, 'engine.duckdb'));
		if (fs.existsSync(`${file}.wal`))
			fs.copyFileSync(`${file}.wal`, path.join(copy, 'engine.duckdb.wal'));
		db = await Db.open(path.join(copy, 'engine.duckdb'));
	}
	try {
		const stores = await sync.listEngineStores(db);
		const found = stores.find((s) => s.id === store);
		if (!found) {
			console.error(
				`${store} has no engine secret in ${file}${stores.length ? ` (stores with one: ${stores.map((s) => s.id).join(', ')})` : ''}. Connect it with npm run connect, or give the secret in ABACUS_ENGINE_SECRET or a --secret-file.`,
			);
			process.exit(1);
		}
		return found.secret;
	} finally {
		db.close();
		if (copy) fs.rmSync(copy, { recursive: true, force: true });
	}
}

let secret = process.env.ABACUS_ENGINE_SECRET?.trim();
if (!secret && values['secret-file']) {
	try {
		secret = fs.readFileSync(values['secret-file'], 'utf8').trim();
	} catch (error) {
		usageError(
			`--secret-file ${values['secret-file']} cannot be read: ${error.code ?? error.message}.`,
			USAGE,
		);
	}
	if (!secret) usageError(`--secret-file ${values['secret-file']} is empty.`, USAGE);
}
if (!secret) secret = await registrySecret(path.resolve(values.db));

const now = Math.floor(Date.now() / 1000);
const claims = {
	store,
	sub: user,
	cap: auth.REPORTS_CAPABILITY,
	iat: now,
	exp: now + ttl,
	aud: audience,
	...(values.scope?.length ? { scope: [...new Set(values.scope)] } : {}),
};
const token = auth.signEngineToken(claims, secret);
console.log(`Authorization: Bearer ${token}`);
console.error(
	`For ${store} on ${audience}, user ${user}${claims.scope ? `, scope ${claims.scope.join(' ')}` : ', reads only'}; expires ${new Date(claims.exp * 1000).toISOString()}.`,
);
