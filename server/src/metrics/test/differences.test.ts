/**
 * The list of differences from WooCommerce is one list: each entry of `KNOWN_DIFFERENCES` is a row
 * of the metrics README's table (and the table has no other row), and the matchers tell a
 * documented difference from an undocumented one.
 */
import fs from 'node:fs';
import path from 'node:path';

import { KNOWN_DIFFERENCES, knownDifference, sameFigure } from '../differences.js';

const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');

test('every known difference is a row of the README table, and every row is a known difference', () => {
	const section = readme.slice(readme.indexOf('## Differences from WooCommerce'));
	const rows = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
	expect(rows.sort()).toEqual(KNOWN_DIFFERENCES.map((k) => k.id).sort());
});

test('a documented difference is named; anything else is undocumented', () => {
	expect(
		knownDifference({
			query: 'wc-analytics/reports/stock?type=all',
			field: 'id=12.stock_quantity',
			engine: null,
			woocommerce: 0,
		})?.id,
	).toBe('unmanaged-stock-quantity');
	expect(
		knownDifference({
			query: 'wc-analytics/reports/revenue/stats?interval=day',
			field: 'totals.net_revenue',
			engine: 10,
			woocommerce: 12,
		}),
	).toBeNull();
	// The same total is explained once an order in the trash touches it.
	expect(
		knownDifference(
			{
				query: 'wc-analytics/reports/revenue/stats?interval=day',
				field: 'totals.net_revenue',
				engine: 10,
				woocommerce: 12,
			},
			{ trashedKeys: new Set(['order_id=7']) },
		)?.id,
	).toBe('trashed-orders');
});

test('figures are equal to the cent, and null is not 0', () => {
	expect(sameFigure(10.001, 10)).toBe(true);
	expect(sameFigure('10.50', 10.5)).toBe(true);
	expect(sameFigure(10.01, 10)).toBe(false);
	expect(sameFigure(null, 0)).toBe(false);
	expect(sameFigure('instock', 'instock')).toBe(true);
});
