import { Db } from '../../core/db.js';
import { generateStore } from '../../demo/generate.js';

async function snapshot(seed: number): Promise<unknown[]> {
	const db = await Db.open(':memory:');
	try {
		await generateStore(db, {
			orders: 60,
			seed,
			days: 60,
			now: new Date('2024-06-01T12:00:00Z'),
		});
		return [
			await db.all(
				'SELECT note_id, name, type, status, date_created_gmt FROM admin_notes ORDER BY note_id',
			),
			await db.all(
				'SELECT id, product_id, status, rating, date_created_gmt FROM product_reviews ORDER BY id',
			),
			await db.all('SELECT slug, installed, active FROM plugins ORDER BY slug'),
		];
	} finally {
		db.close();
	}
}

describe('admin seed', () => {
	it('is deterministic for a store and seed', async () => {
		const first = await snapshot(5);
		expect(await snapshot(5)).toEqual(first);
		const [notes, reviews] = first as [Array<{ type: string }>, Array<{ status: string }>];
		expect(new Set(notes.map((n) => n.type))).toEqual(
			new Set(['info', 'marketing', 'survey', 'warning']),
		);
		expect(reviews.length).toBeGreaterThan(0);
		expect(reviews.some((r) => r.status === 'approved')).toBe(true);
	});
});
