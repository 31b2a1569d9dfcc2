import { getTooltipValueFormat } from '../index.js';

describe('getTooltipValueFormat', () => {
	it('writes money with the store currency and the other types with a d3 format', () => {
		const formatAmount = (value: number) => `€${value.toFixed(2)}`;
		expect(getTooltipValueFormat('currency', formatAmount)).toBe(formatAmount);
		expect(getTooltipValueFormat('percent', formatAmount)).toBe('.0%');
		expect(getTooltipValueFormat('number', formatAmount)).toBe(',');
		expect(getTooltipValueFormat('average', formatAmount)).toBe(',.2r');
		expect(getTooltipValueFormat('other', formatAmount)).toBe(',');
	});
});
