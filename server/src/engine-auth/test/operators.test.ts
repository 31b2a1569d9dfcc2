import { Db } from '../../core/db.js';
import { readOperatorMeta, writeOperatorMeta } from '../../db/operator-meta.js';
import { addOperator, listOperators, removeOperator } from '../operators.js';

let db: Db;

beforeEach(async () => {
	db = await Db.open(':memory:');
});

afterEach(() => {
	db.close();
});

test('a removed operator’s preferences go with it; another operator’s stay', async () => {
	await addOperator(db, { name: 'ana', password: 'correct horse battery', stores: null });
	await addOperator(db, { name: 'ben', password: 'correct horse battery', stores: null });
	await writeOperatorMeta(db, 'ana', 'woocommerce_saved_views', '[{"name":"Mine"}]');
	await writeOperatorMeta(db, 'ben', 'woocommerce_saved_views', '[{"name":"Ben’s"}]');
	expect(await removeOperator(db, 'ana')).toBe(true);
	expect((await listOperators(db)).map((operator) => operator.name)).toEqual(['ben']);
	expect([...(await readOperatorMeta(db, 'ana'))]).toEqual([]);
	expect([...(await readOperatorMeta(db, 'ben'))]).toEqual([
		['woocommerce_saved_views', '[{"name":"Ben’s"}]'],
	]);
	// Added again under the same name: it starts with none of the old preferences.
	await addOperator(db, { name: 'ana', password: 'another good password', stores: null });
	expect([...(await readOperatorMeta(db, 'ana'))]).toEqual([]);
	expect(await removeOperator(db, 'nobody')).toBe(false);
});
