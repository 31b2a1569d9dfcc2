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
	/** Orders moved into the lookup tables per batch of a historical import. */
	importBatchSize: number;
	/** Awaited before each import batch (lets a caller pace or observe the import). */
	importPace?: () => Promise<void>;
}

/** What every route module receives. */
export interface ServerContext {
	db: Db;
	config: ServerConfig;
	/** Call after every successful write so that caches of computed reports are dropped. */
	notifyWrite(): void;
	/** Subscribe to writes (report caches use it). Returns an unsubscribe function. */
	onWrite(listener: () => void): () => void;
}

export function createContext(db: Db, config: ServerConfig): ServerContext {
	const listeners = new Set<() => void>();
	return {
		db,
		config,
		notifyWrite() {
			for (const listener of listeners) listener();
		},
		onWrite(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
	};
}
