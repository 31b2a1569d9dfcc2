import { generateCSVDataFromTable } from '@abacus/csv-export';

import type { RowContext } from '../../../components/types.js';
import { config } from '../config.js';

const context: RowContext = {
	formatAmount: (value) => `$${Number(value).toFixed(2)}`,
	formatNumber: (value) => `#${String(value)}`,
	formatMetric: (_type, value) => String(value),
	formatDate: (value) => value,
	reportLink: (path) => path,
	orderStatuses: {},
	countries: {},
	query: {},
};

const stock = config.table.columns.find((column) => column.key === 'stock');

describe('Products table, Stock column', () => {
	it('shows N/A for a product that does not manage its stock, though WooCommerce answers 0', () => {
		const vinyl = {
			product_id: 31,
			extended_info: {
				name: 'Vinyl Album',
				manage_stock: false,
				stock_status: 'instock',
				stock_quantity: 0,
			},
		};
		expect(stock?.cell(vinyl, context)).toEqual({ display: 'N/A', value: null });
		// No manage_stock at all (an older answer) is not a managed stock either.
		expect(
			stock?.cell({ extended_info: { stock_quantity: 0, stock_status: 'instock' } }, context)
				.display,
		).toBe('N/A');
	});

	it('shows the quantity, 0 included, for a product that manages its stock', () => {
		expect(
			stock?.cell({ extended_info: { manage_stock: true, stock_quantity: 0 } }, context),
		).toEqual({ display: '#0', value: 0 });
		expect(
			stock?.cell({ extended_info: { manage_stock: true, stock_quantity: 14 } }, context),
		).toEqual({ display: '#14', value: 14 });
		expect(
			stock?.cell({ extended_info: { manage_stock: true, stock_quantity: null } }, context)
				.display,
		).toBe('N/A');
	});

	it('writes no 0 in the CSV for an unmanaged product', () => {
		const rows = [
			{ extended_info: { manage_stock: false, stock_quantity: 0 } },
			{ extended_info: { manage_stock: true, stock_quantity: 3 } },
		].map((row) => [stock?.cell(row, context) ?? { display: '', value: null }]);
		expect(generateCSVDataFromTable([{ key: 'stock', label: 'Stock' }], rows)).toBe(
			'Stock\n\n3',
		);
	});
});
