/**
 * Bulk loading for the generator: rows are written per table as tab-separated files in a temporary
 * folder, then loaded with DuckDB's COPY (much faster than inserts for a million orders).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Db } from '../core/db.js';

/** Buffered tab-separated writer for COPY. */
export class TsvWriter {
	private parts: string[] = [];
	private size = 0;
	private readonly fd: number;
	constructor(readonly file: string) {
		this.fd = fs.openSync(file, 'w');
	}
	row(values: Array<string | number | null>): void {
		// A plain loop: no callback per value (the generator writes millions of values).
		const cells = new Array<string>(values.length);
		for (let i = 0; i < values.length; i++) {
			const v = values[i];
			cells[i] = v === null ? '\\N' : typeof v === 'string' ? v : String(v);
		}
		const line = cells.join('\t');
		this.parts.push(line);
		this.size += line.length;
		if (this.size > 4_000_000) this.flush();
	}
	flush(): void {
		if (this.parts.length) fs.writeSync(this.fd, this.parts.join('\n') + '\n');
		this.parts = [];
		this.size = 0;
	}
	close(): void {
		this.flush();
		fs.closeSync(this.fd);
	}
}

/** One TSV file per table in a temporary folder; `load` copies them into the tables and cleans up. */
export class TsvTables {
	private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-gen-'));
	private readonly writers = new Map<string, TsvWriter>();

	/** The writer of `table` (created on first use). */
	out(table: string): TsvWriter {
		let w = this.writers.get(table);
		if (!w) {
			w = new TsvWriter(path.join(this.dir, `${table}.tsv`));
			this.writers.set(table, w);
		}
		return w;
	}

	/** Closes the files and COPYs each into its table, in the order given (tables without rows are skipped). */
	async load(db: Db, tables: readonly string[]): Promise<void> {
		for (const w of this.writers.values()) w.close();
		for (const table of tables) {
			const file = path.join(this.dir, `${table}.tsv`);
			if (!fs.existsSync(file)) continue;
			await db.run(
				`COPY ${table} FROM '${file.replace(/'/g, "''")}' (FORMAT csv, DELIMITER '\t', HEADER false, NULLSTR '\\N', QUOTE '', ESCAPE '', AUTO_DETECT false)`,
			);
		}
	}

	/** Removes the temporary folder. */
	dispose(): void {
		fs.rmSync(this.dir, { recursive: true, force: true });
	}
}
