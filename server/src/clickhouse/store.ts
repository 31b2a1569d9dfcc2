/**
 * Many stores in one ClickHouse cluster. Every analytics table carries `store_id`; each shard holds
 * MergeTree tables sorted by (store_id, date) and a `<table>_all` Distributed table over all shards,
 * sharded by store_id, so a store's rows live on one shard. A store is a tenant: reports read
 * through `ClickHouseStore`, whose every table reference is replaced by that store's rows of the
 * Distributed table (the store filter is added here, never by a report), and a statement naming any
 * other table is refused.
 */
import type { Row, SqlValue } from '../core/db.js';
import { RestError } from '../core/rest-error.js';
import type { Dialect, SqlReader } from '../metrics/dialect.js';
import type { ClickHouseClient } from './client.js';
import { CLICKHOUSE, CLICKHOUSE_COMPUTED } from './dialect.js';
import { CLICKHOUSE_ROLLUPS, rollupRows } from './rollups.js';
import { CLICKHOUSE_TABLES } from './tables.js';

/** The reads of one store (tenant) on the cluster; see the file comment. */
export class ClickHouseStore implements SqlReader {
	readonly dialect: Dialect;

	/**
	 * `local`: read the shard tables themselves, not the Distributed ones: for a client of the
	 * shard that holds the store (`routing.ts`), so the whole statement runs where its rows are.
	 */
	constructor(
		private readonly client: ClickHouseClient,
		readonly storeId: number,
		private readonly options: { local?: boolean; rollups?: boolean } = {},
	) {
		if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
			throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
		}
		// `rollups: false`: a store loaded before the roll-ups existed is read from its orders.
		this.dialect = options.rollups === false ? CLICKHOUSE_COMPUTED : CLICKHOUSE;
	}

	/** The statement with each table replaced by this store's rows of its Distributed table. */
	scope(sql: string): string {
		const database = this.client.target.database;
		return sql.replace(
			/\b(FROM|JOIN)(\s+)([A-Za-z_][A-Za-z0-9_.]*)/gi,
			(_, keyword: string, space: string, name: string) => {
				if (
					!Object.hasOwn(CLICKHOUSE_TABLES, name) &&
					!Object.hasOwn(CLICKHOUSE_ROLLUPS, name)
				) {
					// A report (or filter) reading a table not on the cluster yet: a clear 501,
					// never an unscoped read.
					throw new RestError(
						'abacus_not_supported_on_engine',
						`The ClickHouse engine has no table ${name} for a store: this report or filter is not answered by it yet.`,
						501,
						{ table: name },
					);
				}
				// A roll-up: the rows of the store's current generation only (`rollups.ts`).
				if (Object.hasOwn(CLICKHOUSE_ROLLUPS, name)) {
					const rows = rollupRows(database, name, this.storeId, this.options.local);
					return `${keyword}${space}${rows}`;
				}
				const table = this.options.local ? name : `${name}_all`;
				return `${keyword}${space}(SELECT * FROM ${database}.${table} WHERE store_id = ${this.storeId})`;
			},
		);
	}

	async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
		return this.client.all<T>(this.scope(sql), params);
	}

	async one<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T | undefined> {
		return (await this.all<T>(sql, params))[0];
	}
}
