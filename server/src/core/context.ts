import type { Db } from './db.js';

/** Runtime configuration of one server instance. */
export interface ServerConfig {
	/** Path of the DuckDB file (or ':memory:'). */
	databasePath: string;
	/** The nonce the admin page hands out; mutating routes require it in `X-WP-Nonce`. */
	nonce: string;
	/** Folder holding the built client (`build/`), served under `/abacus-build/`. */
	buildDir: string;
	/** Host to bind; loopback unless told otherwise. */
	host: string;
	port: number;
	/**
	 * Host names the server answers for (the `Host` header, without port unless the entry names
	 * one); anything else is refused with 421 so that a DNS-rebound name cannot reach the API.
	 */
	allowedHosts: string[];
	/** Orders moved into the lookup tables per batch of a historical import. */
	importBatchSize: number;
	/** Awaited before each import batch (lets a caller pace or observe the import). */
	importPace?: () => Promise<void>;
	/**
	 * Stores this server is the engine of (`--store-url`/`--store-secret`): their report routes
	 * need a token signed with the store's secret (server/src/engine-auth).
	 */
	engineStores?: Array<{ url: string; secret: string }>;
	/**
	 * A ClickHouse cluster answering the reports of many stores (`--engine clickhouse://…`,
	 * server/src/clickhouse): its HTTP endpoint and database. Absent: the DuckDB store answers.
	 */
	engine?: { url: string; database: string };
	/**
	 * The operator sessions' lifetimes (seconds; default 8 h idle, 24 h in all) and the clock
	 * (milliseconds; tests move it), `server/src/engine-auth/sessions.ts`.
	 */
	operatorSessions?: { idleSeconds?: number; maxSeconds?: number; now?: () => number };
	/** No console output (failed operator sign-ins are logged otherwise). */
	quiet?: boolean;
}

/** One registered route: method and URL pattern (`/wp-json/wc-analytics/admin/notes/:id`). */
export interface RouteEntry {
	method: string;
	url: string;
}

/** What every route module receives. */
export interface ServerContext {
	db: Db;
	config: ServerConfig;
	/** Every route of the app (filled while the app is built); security tests walk it. */
	routes: RouteEntry[];
	/** Call after every successful write so that caches of computed reports are dropped. */
	notifyWrite(): void;
	/** Subscribe to writes (report caches use it). Returns an unsubscribe function. */
	onWrite(listener: () => void): () => void;
	/**
	 * Whether the server is an engine (a ClickHouse engine or any store secret): every route then
	 * needs a store token or a signed-in operator (`engine-auth/operator-auth.ts`). Set by the app.
	 */
	engineMode?: () => Promise<boolean>;
}

/** The context of one server (`allowedHosts` from `http/security.ts allowedHostList`). */
export function createContext(db: Db, config: ServerConfig): ServerContext {
	const listeners = new Set<() => void>();
	return {
		db,
		config,
		routes: [],
		notifyWrite() {
			for (const listener of listeners) listener();
		},
		onWrite(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
	};
}
