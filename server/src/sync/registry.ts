/**
 * The sync's own tables: the registered store (`sync_stores`: address, credentials, the engine's
 * shared secret, the round interval) and its state (`sync_state`: backfill checkpoint, the
 * modification-date watermark of the incremental rounds, last success and error), plus
 * `sync_orders` (each synced order's modification date and refund ids, which the full id scan
 * compares with the store's).
 *
 * The state row is written in the same transaction as the orders it accounts for, so after a stop
 * the checkpoint never claims a page whose orders are not in the database (and a page written
 * twice replaces its orders: never a duplicate).
 *
 * One database holds one store's figures: `connect` refuses a second store in the same file.
 */
import crypto from 'node:crypto';

import type { Db } from '../core/db.js';
import type { StoreAuth } from './woo-client.js';

export async function createSyncSchema(db: Db): Promise<void> {
	await db.exec(`
		CREATE TABLE IF NOT EXISTS sync_stores (
			id VARCHAR PRIMARY KEY, url VARCHAR NOT NULL, auth_kind VARCHAR NOT NULL,
			auth_user VARCHAR NOT NULL, auth_secret VARCHAR NOT NULL, engine_secret VARCHAR,
			interval_seconds INTEGER NOT NULL DEFAULT 60, full_scan_every INTEGER NOT NULL DEFAULT 10,
			registered_at VARCHAR NOT NULL
		);
		CREATE TABLE IF NOT EXISTS sync_state (
			store_id VARCHAR PRIMARY KEY, phase VARCHAR NOT NULL DEFAULT 'backfill',
			backfill_page INTEGER NOT NULL DEFAULT 0, backfill_total INTEGER, backfill_done INTEGER NOT NULL DEFAULT 0,
			backfill_started VARCHAR, backfill_seconds DOUBLE NOT NULL DEFAULT 0,
			watermark VARCHAR, rounds INTEGER NOT NULL DEFAULT 0,
			last_success VARCHAR, last_error VARCHAR, last_error_at VARCHAR, last_round VARCHAR
		);
		CREATE TABLE IF NOT EXISTS sync_orders (
			order_id INTEGER PRIMARY KEY, modified_gmt VARCHAR, refund_ids VARCHAR NOT NULL DEFAULT ''
		);
	`);
}

/**
 * The store's id: its address normalised (scheme, lower-case host, port, path without trailing
 * slash), what the plugin signs as `untrailingslashit(home_url())`.
 */
export function storeId(url: string): string {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		throw new Error(`The store address "${url}" is not a URL (e.g. https://shop.example).`);
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
		throw new Error('The store address must start with http:// or https://.');
	}
	if (parsed.search || parsed.hash) {
		throw new Error('The store address must not have a query or a fragment.');
	}
	return `${parsed.protocol}//${parsed.host.toLowerCase()}${parsed.pathname.replace(/\/+$/, '')}`;
}

export interface RegisteredStore {
	id: string;
	url: string;
	auth: StoreAuth;
	engineSecret: string | null;
	intervalSeconds: number;
	fullScanEvery: number;
	registeredAt: string;
}

export interface SyncStateRow {
	phase: 'backfill' | 'incremental';
	backfillPage: number;
	backfillTotal: number | null;
	backfillDone: number;
	backfillStarted: string | null;
	backfillSeconds: number;
	watermark: string | null;
	rounds: number;
	lastSuccess: string | null;
	lastError: string | null;
	lastErrorAt: string | null;
	lastRound: string | null;
}

export async function listStores(db: Db): Promise<RegisteredStore[]> {
	const present = await db.one(
		"SELECT 1 AS x FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = 'sync_stores'",
	);
	if (!present) return [];
	const rows = await db.all('SELECT * FROM sync_stores ORDER BY id');
	return rows.map((r) => ({
		id: String(r.id),
		url: String(r.url),
		auth:
			r.auth_kind === 'keys'
				? { kind: 'keys', key: String(r.auth_user), secret: String(r.auth_secret) }
				: {
						kind: 'app-password',
						user: String(r.auth_user),
						password: String(r.auth_secret),
					},
		engineSecret: r.engine_secret === null ? null : String(r.engine_secret),
		intervalSeconds: Number(r.interval_seconds),
		fullScanEvery: Number(r.full_scan_every),
		registeredAt: String(r.registered_at),
	}));
}

/**
 * The stores whose engine secret is set (the plugin signs its page tokens with it). For
 * engine-auth: `const stores = await listEngineStores(ctx.db);`
 */
export async function listEngineStores(
	db: Db,
): Promise<Array<{ id: string; url: string; secret: string }>> {
	return (await listStores(db))
		.filter((s) => s.engineSecret !== null && s.engineSecret !== '')
		.map((s) => ({ id: s.id, url: s.url, secret: s.engineSecret as string }));
}

/**
 * Registers a store (or updates its credentials and settings when it is the one already
 * registered). Returns the engine secret (generated when none is given nor stored).
 */
export async function registerStore(
	db: Db,
	options: {
		url: string;
		auth: StoreAuth;
		engineSecret?: string;
		intervalSeconds?: number;
		fullScanEvery?: number;
	},
): Promise<{ id: string; engineSecret: string; created: boolean }> {
	await createSyncSchema(db);
	const id = storeId(options.url);
	const existing = await listStores(db);
	const other = existing.find((s) => s.id !== id);
	if (other) {
		throw new Error(
			`This database already holds the store ${other.id}; one database holds one store's figures. Use another --db for ${id}.`,
		);
	}
	const current = existing.find((s) => s.id === id);
	const engineSecret =
		options.engineSecret ?? current?.engineSecret ?? crypto.randomBytes(32).toString('hex');
	const user = options.auth.kind === 'keys' ? options.auth.key : options.auth.user;
	const secret = options.auth.kind === 'keys' ? options.auth.secret : options.auth.password;
	await db.transaction(async () => {
		await db.run(
			`INSERT INTO sync_stores (id, url, auth_kind, auth_user, auth_secret, engine_secret, interval_seconds, full_scan_every, registered_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET url = excluded.url, auth_kind = excluded.auth_kind,
				auth_user = excluded.auth_user, auth_secret = excluded.auth_secret,
				engine_secret = excluded.engine_secret, interval_seconds = excluded.interval_seconds,
				full_scan_every = excluded.full_scan_every`,
			[
				id,
				id,
				options.auth.kind,
				user,
				secret,
				engineSecret,
				options.intervalSeconds ?? current?.intervalSeconds ?? 60,
				options.fullScanEvery ?? current?.fullScanEvery ?? 10,
				current?.registeredAt ?? new Date().toISOString(),
			],
		);
		await db.run(
			'INSERT INTO sync_state (store_id) VALUES (?) ON CONFLICT (store_id) DO NOTHING',
			[id],
		);
	});
	return { id, engineSecret, created: !current };
}

export async function readState(db: Db, id: string): Promise<SyncStateRow> {
	const r = await db.one('SELECT * FROM sync_state WHERE store_id = ?', [id]);
	const s = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
	return {
		phase: r?.phase === 'incremental' ? 'incremental' : 'backfill',
		backfillPage: Number(r?.backfill_page ?? 0),
		backfillTotal:
			r?.backfill_total === null || r === undefined ? null : Number(r.backfill_total),
		backfillDone: Number(r?.backfill_done ?? 0),
		backfillStarted: s(r?.backfill_started),
		backfillSeconds: Number(r?.backfill_seconds ?? 0),
		watermark: s(r?.watermark),
		rounds: Number(r?.rounds ?? 0),
		lastSuccess: s(r?.last_success),
		lastError: s(r?.last_error),
		lastErrorAt: s(r?.last_error_at),
		lastRound: s(r?.last_round),
	};
}

const COLUMNS: Record<keyof SyncStateRow, string> = {
	phase: 'phase',
	backfillPage: 'backfill_page',
	backfillTotal: 'backfill_total',
	backfillDone: 'backfill_done',
	backfillStarted: 'backfill_started',
	backfillSeconds: 'backfill_seconds',
	watermark: 'watermark',
	rounds: 'rounds',
	lastSuccess: 'last_success',
	lastError: 'last_error',
	lastErrorAt: 'last_error_at',
	lastRound: 'last_round',
};

/** Updates some state fields (inside the caller's transaction when there is one). */
export async function writeState(
	db: Db,
	id: string,
	changes: Partial<SyncStateRow>,
): Promise<void> {
	const entries = Object.entries(changes) as Array<[keyof SyncStateRow, string | number | null]>;
	if (!entries.length) return;
	await db.run(
		`UPDATE sync_state SET ${entries.map(([k]) => `${COLUMNS[k]} = ?`).join(', ')} WHERE store_id = ?`,
		[...entries.map(([, v]) => v), id],
	);
}
