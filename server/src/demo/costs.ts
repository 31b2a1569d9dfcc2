/**
 * Demo costs of goods: most products and variations get a unit cost (35–65 % of their price)
 * from before the first order; about one in five changes cost once on a day within the store's
 * history (a supplier price rise or a discount); about one product in twelve has no cost at all
 * (the Profit report names them). Drawn from its own seeded source, so the rest of the store is
 * the same with or without costs. Lines are then fixed at their sale's cost (`db/costs.ts`) and the
 * daily profit roll-up rebuilt.
 */
import type { Db } from '../core/db.js';
import { ensureCostSchema, fixLineCosts, refreshProfitRollup } from '../db/costs.js';
import { insertRows } from '../db/sql.js';
import { formatSql } from '../db/store-time.js';
import { mulberry32 } from './random.js';

const DAY = 86_400_000;

const day = (ms: number): string => formatSql(ms).slice(0, 10);

/** Writes the demo cost history and fixes every sold line's cost. Returns the entries written. */
export async function seedDemoCosts(
	db: Db,
	seed: number,
	startMs: number,
	nowMs: number,
): Promise<number> {
	await ensureCostSchema(db);
	await db.exec('DELETE FROM product_costs; DELETE FROM order_line_costs;');
	const rand = mulberry32(seed * 7919 + 23);
	const products = await db.all<{ id: number; parent_id: number; type: string; price: number }>(
		`SELECT id, parent_id, type, COALESCE(regular_price, price, 0) AS price FROM products
		WHERE type <> 'variable' ORDER BY id`,
	);
	const withoutCost = new Set<number>();
	const decided = new Set<number>();
	const rows: Array<Array<number | string>> = [];
	const first = day(startMs - 60 * DAY);
	for (const p of products) {
		const productId =
			p.parent_id && p.type === 'variation' ? Number(p.parent_id) : Number(p.id);
		const variationId = p.type === 'variation' ? Number(p.id) : 0;
		// The choice "no cost" is made once per product, so all its variations lack one.
		if (!decided.has(productId)) {
			decided.add(productId);
			if (rand() < 1 / 12) withoutCost.add(productId);
		}
		if (withoutCost.has(productId)) continue;
		const price = Number(p.price) || 10;
		const cost = Math.round(price * (0.35 + rand() * 0.3) * 100) / 100;
		rows.push([productId, variationId, cost, first, 'demo']);
		if (rand() < 0.2) {
			const changeMs = startMs + Math.floor(rand() * (nowMs - startMs));
			const factor = rand() < 0.7 ? 1.08 + rand() * 0.12 : 0.85 + rand() * 0.1;
			rows.push([
				productId,
				variationId,
				Math.round(cost * factor * 100) / 100,
				day(changeMs),
				'demo',
			]);
		}
	}
	await insertRows(
		db,
		'product_costs',
		['product_id', 'variation_id', 'cost', 'date_from', 'source'],
		rows,
	);
	await fixLineCosts(db);
	await refreshProfitRollup(db);
	return rows.length;
}
