/**
 * The store group's figures as the Stores report names and explains them.
 */
import { storeGroupMetric } from '../index.js';

describe('storeGroupMetric', () => {
	it('names the shares as percentages with a definition', () => {
		const net = storeGroupMetric('net_revenue_share');
		expect([net.label, net.columnLabel, net.type]).toEqual([
			'Share of net sales',
			'Net sales share',
			'percent',
		]);
		expect(net.definition).toMatch(/combined net sales/);
		expect(storeGroupMetric('orders_count_share').label).toBe('Share of orders');
	});
	it('counts stores', () => {
		const stores = storeGroupMetric('stores_count');
		expect([stores.type, stores.summaryLabel(1), stores.summaryLabel(3)]).toEqual([
			'number',
			'store',
			'stores',
		]);
	});
});
