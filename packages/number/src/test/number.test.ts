import {
	MAX_PRECISION,
	NEW_TREND,
	calculateDelta,
	calculateTrend,
	formatValue,
	numberFormat,
} from '../index.js';

describe('MAX_PRECISION', () => {
	it('is the largest precision numberFormat honours', () => {
		expect(MAX_PRECISION).toBe(20);
		const atMax = numberFormat({ precision: MAX_PRECISION }, 1);
		expect(numberFormat({ precision: MAX_PRECISION + 5 }, 1)).toBe(atMax);
		expect(atMax.split('.')[1]).toHaveLength(MAX_PRECISION);
	});
});

describe('numberFormat', () => {
	it.each([
		[{}, 1000, '1,000'],
		[{}, undefined, ''],
		[{}, '10000', '10,000'],
		[{}, '10000.123456', '10,000.123456'],
		[{ precision: 2 }, '1337.4498', '1,337.45'],
		[
			{ thousandSeparator: '.', decimalSeparator: ',', precision: 3 },
			'12345.6789',
			'12.345,679',
		],
		[{ precision: 2 }, 1.005, '1.01'],
		[{ precision: 0 }, -1.5, '-1'],
		[{ precision: 2 }, -1234.5, '-1,234.50'],
		[{ precision: 2 }, -0.001, '0.00'],
		[{}, 'abc', ''],
		[{}, 1e-7, '0'],
		[{ precision: 'not a number' }, 12.5, '12.5'],
		[{ precision: 99 }, 1.5, '1.50000000000000000000'],
		[{ precision: -4 }, 1234.56, '1,235'],
		[{}, Infinity, ''],
		[{ precision: 2 }, 123456789012, '123,456,789,012.00'],
		[{ precision: 2 }, 1e21, '1,000,000,000,000,000,000,000.00'],
		[{}, -1e21, '-1,000,000,000,000,000,000,000'],
		[{ precision: 2 }, 1e-7, '0.00'],
		[{ precision: 20 }, 0.1, '0.10000000000000000000'],
		[{ precision: '2' }, 5, '5.00'],
		[{ precision: null }, -0.5, '-0.5'],
		[{ precision: 0 }, 2.5, '3'],
		[{ precision: 1 }, -2.25, '-2.2'],
		[{ precision: 2 }, '', ''],
		[{ precision: 2 }, '12abc', '12.00'],
		[{ thousandSeparator: '' }, 1234567, '1234567'],
		[{ thousandSeparator: ' ', decimalSeparator: ',', precision: 2 }, -999.999, '-1 000,00'],
		[{}, 999, '999'],
		[{ thousandSeparator: '$&' }, 1234567, '1$&234$&567'],
		[{ thousandSeparator: '\u202f', precision: 1 }, 1234.56, '1\u202f234.6'],
	])('%j + %p → %p', (config, value, expected) => {
		expect(numberFormat(config, value as number)).toBe(expected);
	});
});

describe('formatValue', () => {
	it('rounds averages, formats numbers with all decimals, leaves other types', () => {
		expect(formatValue({}, 'average', 4.6)).toBe(5);
		expect(formatValue({ precision: 0 }, 'number', 1234.56)).toBe('1,234.56');
		expect(formatValue({}, 'currency', 10)).toBeUndefined();
		expect(formatValue({}, 'number', NaN)).toBeNull();
		expect(formatValue({}, 'number', null)).toBeNull();
		expect(formatValue({}, 'average', Infinity)).toBeNull();
		expect(formatValue({}, 'average', -2.5)).toBe(-2);
		expect(
			formatValue({ thousandSeparator: '.', decimalSeparator: ',' }, 'number', 1234.5),
		).toBe('1.234,5');
		expect(formatValue({}, 'number', 'abc')).toBeNull();
	});
});

describe('calculateDelta', () => {
	it('gives the rounded percentage change', () => {
		expect(calculateDelta(120, 100)).toBe(20);
		expect(calculateDelta(50, 200)).toBe(-75);
		expect(calculateDelta(3, 0)).toBeNull();
		expect(calculateDelta(0, 0)).toBe(0);
		expect(calculateDelta(5, -10)).toBe(150);
		expect(calculateDelta(-20, -10)).toBe(-100);
		expect(calculateDelta(NaN, 1)).toBeNull();
		expect(calculateDelta(1, undefined)).toBeNull();
		expect(calculateDelta('120' as never, 100)).toBeNull();
		expect(calculateDelta(100, 100)).toBe(0);
		expect(calculateDelta(0, 100)).toBe(-100);
		expect(calculateDelta(1, 3)).toBe(-67);
		expect(calculateDelta(1e12, 1)).toBe(99999999999900);
		expect(calculateDelta(Infinity, 1)).toBeNull();
	});
});

describe('calculateTrend', () => {
	it('says "new" for a value up from 0, never a percentage of nothing', () => {
		expect(calculateTrend(32, 0)).toBe(NEW_TREND);
		expect(calculateTrend(0.01, 0)).toBe(NEW_TREND);
		expect(calculateTrend(0, 0)).toBe(0);
		expect(calculateTrend(-3, 0)).toBeNull();
		expect(calculateTrend(120, 100)).toBe(20);
		expect(calculateTrend(0, 100)).toBe(-100);
		expect(calculateTrend(32, null)).toBeNull();
		expect(calculateTrend('32' as never, 0)).toBeNull();
	});
});
