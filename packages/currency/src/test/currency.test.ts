import { setSettingsForTests } from '@abacus/settings';

import CurrencyFactory, {
	DEFAULT_FORMAT,
	DEFAULT_LOCALE,
	MONEY_ERRORS,
	addMoney,
	createMoney,
	getDataForCountry,
	moneyToDecimal,
	multiplyMoney,
	percentageOf,
	subtractMoney,
} from '../index.js';

afterEach(() => setSettingsForTests());

describe('CurrencyFactory', () => {
	it('formats with the store defaults', () => {
		const currency = CurrencyFactory();
		expect(currency.formatAmount(9.99)).toBe('$9.99');
		expect(currency.formatAmount(30)).toBe('$30.00');
		expect(currency.formatAmount('abc')).toBe('');
		expect(currency.formatAmount(null)).toBe('');
		expect(currency.formatAmount(false)).toBe('');
		expect(DEFAULT_LOCALE).toBe('en-US');
		expect(DEFAULT_FORMAT).toBe('$0,0.00');
	});

	it('reads the store currency from the settings', () => {
		setSettingsForTests({
			currency: {
				code: 'EUR',
				symbol: '&euro;',
				symbolPosition: 'right_space',
				thousandSeparator: '.',
				decimalSeparator: ',',
				precision: 2,
			},
		});
		expect(CurrencyFactory().formatAmount(1234.5)).toBe('1.234,50 €');
	});

	it('follows a custom price format and precision', () => {
		const currency = CurrencyFactory({
			symbol: '¥',
			precision: 3,
			priceFormat: '%2$s%1$s',
			thousandSeparator: '.',
			decimalSeparator: ',',
		});
		expect(currency.formatAmount(9.49258)).toBe('9,493¥');
		expect(currency.formatAmount(3000)).toBe('3.000,000¥');
		expect(currency.formatAmount(3.0002)).toBe('3,000¥');
	});

	it('positions the symbol', () => {
		const f = (symbolPosition: 'left' | 'right' | 'left_space' | 'right_space') =>
			CurrencyFactory({ symbolPosition }).formatAmount(5);
		expect([f('left'), f('right'), f('left_space'), f('right_space')]).toEqual([
			'$5.00',
			'5.00$',
			'$ 5.00',
			'5.00 $',
		]);
		expect(
			CurrencyFactory({ symbolPosition: 'middle' as never }).getCurrencyConfig().priceFormat,
		).toBe('%1$s%2$s');
	});

	it('rounds decimals, strips tags from formats, marks negatives and can be changed', () => {
		const currency = CurrencyFactory();
		expect(currency.formatDecimal('19.80')).toBe(19.8);
		expect(currency.formatDecimal('x')).toBe(0);
		expect(currency.formatDecimalString(30)).toBe('30.00');
		expect(currency.formatDecimalString(undefined)).toBe('');
		expect(currency.render(-5)).toEqual({ text: '$-5.00', isNegative: true });
		currency.setCurrency({ precision: 0 });
		expect(currency.formatDecimal(1239.88)).toBe(1240);
		expect(currency.getPriceFormat({ priceFormat: '<span>%1$s</span>%2$s' })).toBe('%1$s%2$s');
	});

	it('gives country currency data', () => {
		expect(getDataForCountry('GB')).toEqual({
			code: 'GBP',
			symbol: '£',
			symbolPosition: 'left',
			thousandSeparator: ',',
			decimalSeparator: '.',
			precision: 2,
		});
		expect(getDataForCountry('FR')).toMatchObject({ code: 'EUR', symbol: '€' });
		expect(getDataForCountry('XX')).toEqual({});
	});
});

describe('money helpers', () => {
	it('adds, subtracts and multiplies in minor units', () => {
		const a = createMoney(1999);
		const b = createMoney(1);
		expect(moneyToDecimal(addMoney(a, b))).toBe('20.00');
		expect(moneyToDecimal(subtractMoney(a, b))).toBe('19.98');
		expect(moneyToDecimal(multiplyMoney(a, 3))).toBe('59.97');
	});

	it('takes percentages between 0 and 100', () => {
		expect(moneyToDecimal(percentageOf(createMoney(1000), 15))).toBe('1.50');
		expect(() => percentageOf(createMoney(1000), 101)).toThrow(MONEY_ERRORS.percentage);
		expect(() => percentageOf(createMoney(1000), -1)).toThrow(
			'You must provide a numeric value between 0 and 100.',
		);
	});

	it('refuses non-integers and other currencies', () => {
		expect(() => createMoney(19.99)).toThrow('You must provide an integer.');
		expect(() => multiplyMoney(createMoney(1), 1.5)).toThrow('You must provide an integer.');
		expect(() => addMoney(createMoney(1), createMoney(1, 'EUR'))).toThrow(
			'You must provide a Dinero instance with the same currency.',
		);
	});
});
