/**
 * `pageRows`: one page of a report list with the collection's total, on the embedded DuckDB and
 * on an engine that counts apart (ClickHouse's dialect); without the total when the caller shows
 * none (the leaderboards).
 */
import { Db, type Row, type SqlValue } from '../../core/db.js';
import { pageRows } from '../paging.js';
import { Query } from '../params.js';

let db: Db;

beforeAll(async () => {
	db = await Db.open(':memory:');
	await db.run('CREATE TABLE items AS SELECT range AS id, range % 3 AS kind FROM range(1, 12)');
});

afterAll(() => db.close());

const BASE = 'SELECT id, kind FROM items WHERE kind <> ?';
const q = (perPage: number, page: number): Query => new Query({ per_page: perPage, page });

/** A reader that answers through `db` and notes each statement, with the dialect it is given. */
function noting(name: string): {
	reader: Pick<Db, 'all' | 'one'> & { dialect: { name: string } };
	statements: string[];
} {
	const statements: string[] = [];
	const all = async <T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> => {
		statements.push(sql);
		return db.all<T>(sql, params);
	};
	return {
		statements,
		reader: {
			dialect: { name },
			all,
			one: async <T extends Row = Row>(sql: string, params: SqlValue[] = []) =>
				(await all<T>(sql, params))[0],
		},
	};
}

it.each(['duckdb', 'clickhouse'])(
	'answers a page and the total of the collection (%s)',
	async (dialect) => {
		const { reader } = noting(dialect);
		const page = await pageRows(reader, BASE, [0], 'id DESC', q(3, 2));
		expect(page.rows).toEqual([
			{ id: 7, kind: 1 },
			{ id: 5, kind: 2 },
			{ id: 4, kind: 1 },
		]);
		expect([page.total, page.totalPages]).toEqual([8, 3]);
	},
);

it.each(['duckdb', 'clickhouse'])(
	'without the total, reads the page alone in one statement (%s)',
	async (dialect) => {
		const { reader, statements } = noting(dialect);
		const page = await pageRows(reader, BASE, [0], 'id DESC', q(3, 2), { total: false });
		expect(page.rows).toEqual([
			{ id: 7, kind: 1 },
			{ id: 5, kind: 2 },
			{ id: 4, kind: 1 },
		]);
		expect([page.total, page.totalPages]).toEqual([3, 1]);
		expect(statements).toHaveLength(1);
		expect(statements[0]).not.toMatch(/COUNT/);
		const past = await pageRows(reader, BASE, [0], 'id DESC', q(3, 9), { total: false });
		expect([past.rows, past.total, past.totalPages]).toEqual([[], 0, 0]);
	},
);
