import {
	getResourceIdentifier,
	getResourceName,
	getResourcePrefix,
	isResourcePrefix,
} from '../utils.js';

describe('getResourceName', () => {
	it('gives the same key whatever the key order', () => {
		expect(getResourceName('revenue', { b: 2, a: 1 })).toBe(
			getResourceName('revenue', { a: 1, b: 2 }),
		);
		expect(getResourceName('revenue', { b: 2, a: 1 })).toBe('revenue:{"a":1,"b":2}');
	});

	it('keeps arrays and scalars as they are', () => {
		expect(getResourceName('x', [3, 1])).toBe('x:[3,1]');
		expect(getResourceName('x', 'id')).toBe('x:"id"');
	});

	it('round-trips through prefix and identifier', () => {
		const name = getResourceName('total-products', { per_page: 1, page: 1 });
		expect(getResourcePrefix(name)).toBe('total-products');
		expect(isResourcePrefix(name, 'total-products')).toBe(true);
		expect(isResourcePrefix(name, 'products')).toBe(false);
		expect(getResourceIdentifier(name)).toEqual({ page: 1, per_page: 1 });
	});

	it('says what was wrong with a name that is not a resource name', () => {
		expect(() => getResourceIdentifier('plain')).toThrow('"plain" is not a resource name');
	});
});

describe('STORE_NAMES', () => {
	it('lists every registered store under the abacus/ prefix', async () => {
		const { STORE_NAMES } = await import('../store-names.js');
		const { select } = await import('@wordpress/data');
		await import('../index.js');
		expect(STORE_NAMES).toHaveLength(13);
		for (const name of STORE_NAMES) {
			expect(name.startsWith('abacus/')).toBe(true);
			expect(select(name)).toBeTruthy();
		}
	});
});
