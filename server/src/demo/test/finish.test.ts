import { Db } from '../../core/db.js';
import { storeState } from '../../db/schema.js';
import { finishStore, generateStore } from '../generate.js';

const OPTIONS = { orders: 300, seed: 3, days: 90, now: new Date('2024-06-01T12:00:00Z') };

/** What a finished store holds beyond its rows (the costs' recording time is the clock's). */
async function contents(db: Db): Promise<unknown[]> {
	return [
		await db.all('SELECT index_name, table_name FROM duckdb_indexes() ORDER BY index_name'),
		await db.all('SELECT * EXCLUDE (recorded_at) FROM product_costs ORDER BY ALL'),
		await db.all('SELECT * FROM order_line_costs ORDER BY ALL'),
		await db.all(
			'SELECT note_id, name, status, date_created_gmt FROM admin_notes ORDER BY note_id',
		),
		await db.all(
			'SELECT id, product_id, rating, date_created_gmt FROM product_reviews ORDER BY id',
		),
		await db.all('SELECT count(*) AS n, sum(net_total) AS net FROM order_stats'),
	];
}

describe('a store generated unfinished (bulk seeding reads its rows first)', () => {
	it('is not a store a server keeps until finishStore makes it what a whole generation makes', async () => {
		const whole = await Db.open(':memory:');
		const parted = await Db.open(':memory:');
		try {
			await generateStore(whole, OPTIONS);
			await generateStore(parted, { ...OPTIONS, unfinished: true });
			// Its rows are there; a server finding it would make it again (no marker, no admin
			// tables).
			expect(await storeState(parted)).toMatchObject({ kind: 'incomplete' });
			expect(
				await parted.one<{ n: number }>('SELECT count(*) AS n FROM order_stats'),
			).toEqual(await whole.one<{ n: number }>('SELECT count(*) AS n FROM order_stats'));
			await finishStore(parted, { seed: OPTIONS.seed, days: OPTIONS.days, now: OPTIONS.now });
			expect(await storeState(parted)).toEqual({ kind: 'complete' });
			expect(await contents(parted)).toEqual(await contents(whole));
		} finally {
			whole.close();
			parted.close();
		}
	});
});
