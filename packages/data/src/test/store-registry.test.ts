import { select as defaultSelect } from '@wordpress/data';

import '../index.js';
import { store as reportsStore } from '../reports/index.js';
import { STORE_NAMES } from '../store-names.js';
import { asDataSelector } from '../store-registry.js';
import { registryWith, stubApiFetch } from './helpers.js';

describe('typed store registry', () => {
	it('registers every listed store on the default registry', () => {
		const select = asDataSelector(defaultSelect);
		for (const name of STORE_NAMES) {
			expect(typeof select(name).hasFinishedResolution).toBe('function');
		}
	});

	it('selects the same store by name and by descriptor', async () => {
		stubApiFetch(() => ({
			body: { totals: { orders_count: 3 } },
			headers: { 'X-WP-Total': '1' },
		}));
		const registry = registryWith(reportsStore);
		const select = asDataSelector(registry.select);
		// Typed without casts: the result has the reports selectors and the resolution metadata.
		select('abacus/reports').getReportStats('orders', { a: 1 });
		// Its answer is stored once the next task has run (answers arriving together are stored
		// together), then its resolution ends.
		await registry.resolveSelect(reportsStore).getReportStats('orders', { a: 1 });
		expect(
			select(reportsStore).hasFinishedResolution('getReportStats', ['orders', { a: 1 }]),
		).toBe(true);
		expect(select('abacus/reports').getReportStats('orders', { a: 1 }).totalResults).toBe(1);
		expect(reportsStore.name).toBe('abacus/reports');
	});
});
