import { config as products } from '../config.js';
import { config as variations } from '../../variations/config.js';
import { sanitizeReportQuery } from '../../../components/query.js';
import { singleProductId, withVariationsTable } from '../../../components/single-variable.js';

describe('singleProductId', () => {
	it('reads the one product of a single-product view', () => {
		expect(singleProductId({ filter: 'single_product', products: '42' })).toBe(42);
	});

	it('is null for every other view', () => {
		expect(singleProductId({})).toBeNull();
		expect(singleProductId({ filter: 'all', products: '42' })).toBeNull();
		expect(singleProductId({ filter: 'compare-products', products: '42,43' })).toBeNull();
		expect(singleProductId({ filter: 'single_product', products: '42,43' })).toBeNull();
		expect(singleProductId({ filter: 'single_product', products: 'x' })).toBeNull();
		expect(
			singleProductId({ filter: 'single_product', products: '42', search: 'hood' }),
		).toBeNull();
	});
});

describe('withVariationsTable', () => {
	const page = withVariationsTable(products, variations, 42);

	it('lists the variations of the product with the variations columns', () => {
		expect(page.report).toBe('variations');
		expect(page.table.endpoint).toBe('variations');
		expect(page.table.tableQuery).toEqual({ extended_info: true, product_includes: 42 });
		expect(page.table.columns.map((column) => column.key)).toEqual([
			'name',
			'sku',
			'items_sold',
			'net_revenue',
			'orders_count',
			'stock_status',
			'stock',
		]);
		expect(page.table.summary.map((item) => item.key)).toContain('variations_count');
	});

	it("keeps the product's tiles, stats endpoint and filters", () => {
		expect(page.endpoint).toBe('products');
		expect(page.charts).toBe(products.charts);
		expect(page.filters).toBe(products.filters);
		expect(page.limitBy).toEqual(['products']);
	});

	it('drops a products-table sort the variations endpoint does not know', () => {
		const query = {
			filter: 'single_product',
			products: '42',
			orderby: 'product_name',
			order: 'asc',
		};
		expect(sanitizeReportQuery(query, page)).toEqual({
			filter: 'single_product',
			products: '42',
			order: 'asc',
		});
		expect(sanitizeReportQuery({ ...query, orderby: 'net_revenue' }, page).orderby).toBe(
			'net_revenue',
		);
	});

	it('leaves the products config alone', () => {
		expect(products.report).toBe('products');
		expect(products.table.endpoint).toBe('products');
	});
});
