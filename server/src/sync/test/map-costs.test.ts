/**
 * WooCommerce's cost of goods sold as the sync reads it: a product without a cost (WooCommerce
 * answers a total of 0 and a 0 on its order lines) has no cost in the engine, so the profit report
 * counts and names its sales instead of taking them as free.
 */
import { FakeWoo } from './fake-woo.js';
import { mapOrder, mapProduct } from '../map.js';

type Json = Record<string, unknown>;

function product(id: number, cost: Json | undefined, type = 'simple'): Json {
	return {
		id,
		name: `Product ${id}`,
		slug: `product-${id}`,
		type,
		status: 'publish',
		sku: `p${id}`,
		price: '10',
		regular_price: '10',
		sale_price: '',
		date_created: '2026-01-01T00:00:00',
		date_created_gmt: '2026-01-01T00:00:00',
		manage_stock: false,
		stock_quantity: null,
		stock_status: 'instock',
		categories: [],
		attributes: [],
		variations: [],
		images: [],
		...(cost ? { cost_of_goods_sold: cost } : {}),
	};
}

/** WooCommerce 10's shape: one defined value (null when none) and the total in force. */
const cogs = (defined: number | null, total: number): Json => ({
	values: [{ defined_value: defined, effective_value: defined ?? 0 }],
	total_value: total,
});

describe("the store's cost of goods sold", () => {
	it('is a cost only when the product has one defined', () => {
		expect(mapProduct(product(11, cogs(4, 4))).cost).toBe(4);
		expect(mapProduct(product(12, cogs(null, 0))).cost).toBeNull();
		// The feature off (no field), or an older answer with the total alone.
		expect(mapProduct(product(13, undefined)).cost).toBeNull();
		expect(mapProduct(product(14, { total_value: 2.5 })).cost).toBe(2.5);
	});

	it("gives a variation without its own cost its parent's, and none when neither has one", () => {
		const costed = mapProduct(product(20, cogs(6, 6), 'variable'));
		const bare = mapProduct(product(30, cogs(null, 0), 'variable'));
		expect(mapProduct(product(21, cogs(null, 6), 'variation'), costed).cost).toBe(6);
		expect(mapProduct(product(22, cogs(1.5, 1.5), 'variation'), costed).cost).toBe(1.5);
		expect(mapProduct(product(31, cogs(null, 0), 'variation'), bare).cost).toBeNull();
		// A variation may define a cost of 0 (WooCommerce keeps it for variations).
		expect(mapProduct(product(32, cogs(0, 0), 'variation'), bare).cost).toBe(0);
	});

	it("keeps a line's recorded cost, and no cost where WooCommerce wrote 0", () => {
		const woo = new FakeWoo(2);
		woo.cogs = true;
		const [first, second] = [...woo.orders.values()];
		const json = (order: typeof first, value: number): Json => {
			const raw = (
				woo as unknown as { orderJson: (o: typeof first) => Json & { line_items: Json[] } }
			).orderJson(order);
			raw.line_items[0].cost_of_goods_sold = { value };
			return raw;
		};
		const costMeta = (raw: Json) =>
			mapOrder(raw).items[0].meta.filter((m) => m.key === '_cogs_value');
		expect(costMeta(json(first, 12))).toEqual([{ key: '_cogs_value', value: '12' }]);
		expect(costMeta(json(second, 0))).toEqual([]);
	});
});
