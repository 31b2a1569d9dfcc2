import { getNewPath } from '../index.js';

describe('getNewPath with values parsed from a hostile address', () => {
	it('accepts prototype-less objects and nested arrays', () => {
		const odd = Object.create(null) as Record<string, unknown>;
		odd.x = '1';
		expect(getNewPath({ page: odd, ids: [['1', '2']] }, '/analytics/revenue', {})).toBe(
			'admin.php?page%5Bx%5D=1&ids%5B0%5D%5B0%5D=1&ids%5B0%5D%5B1%5D=2&path=%2Fanalytics%2Frevenue',
		);
	});
});
