import type { RowContext } from '../../../components/types.js';
import { config } from '../config.js';

const context: RowContext = {
	formatAmount: (value) => `$${Number(value).toFixed(2)}`,
	formatNumber: (value) => String(value),
	formatMetric: (_type, value) => String(value),
	formatDate: (value) => value,
	reportLink: (path) => path,
	orderStatuses: {},
	countries: {},
	query: {},
};

describe('Variations table, Stock column', () => {
	const stock = config.table.columns.find((column) => column.key === 'stock');

	it('shows N/A for a variation that does not manage its stock, its quantity otherwise', () => {
		expect(
			stock?.cell({ extended_info: { manage_stock: false, stock_quantity: 0 } }, context),
		).toEqual({ display: 'N/A', value: null });
		expect(
			stock?.cell({ extended_info: { manage_stock: true, stock_quantity: 0 } }, context),
		).toEqual({ display: '0', value: 0 });
		expect(
			stock?.cell({ extended_info: { manage_stock: true, stock_quantity: 5 } }, context)
				.display,
		).toBe('5');
	});
});
