import { setSettingsForTests } from '@abacus/settings';

import CurrencyFactory, {
	COUNTRY_CURRENCY_INFO,
	CURRENCY_SYMBOLS,
	DEFAULT_CURRENCY_CONFIG,
	decodeEntities,
	DEFAULT_FORMAT,
	DEFAULT_LOCALE,
	MONEY_ERRORS,
	addMoney,
	createMoney,
	getCurrencyData,
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
		expect(currency.render(-5)).toEqual({ text: '-$5.00', isNegative: true });
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

describe('CurrencyFactory edge cases', () => {
	it('formats negative, huge and string amounts', () => {
		const currency = CurrencyFactory();
		expect(currency.formatAmount(-1234.5)).toBe('-$1,234.50');
		expect(currency.formatAmount(1e21)).toBe('$1,000,000,000,000,000,000,000.00');
		expect(currency.formatAmount('  ')).toBe('');
		expect(currency.formatAmount(Number.NaN)).toBe('');
		expect(currency.formatAmount(Infinity)).toBe('');
		expect(currency.formatAmount('1000.5')).toBe('$1,000.50');
		expect(currency.render('12')).toEqual({ text: '$12.00', isNegative: false });
	});

	it('rounds halves away from zero in decimals', () => {
		const currency = CurrencyFactory();
		expect(currency.formatDecimal(1.005)).toBe(1.01);
		expect(currency.formatDecimal(-1.005)).toBe(-1.01);
		expect(currency.formatDecimalString(1.005)).toBe('1.01');
		expect(currency.formatDecimalString('-0.004')).toBe('0.00');
	});

	it('normalises settings: string precision, bad precision, entities, clamping', () => {
		const currency = CurrencyFactory({ precision: '3' as never, symbol: '&#8364;' });
		expect(currency.getCurrencyConfig()).toMatchObject({ precision: 3, symbol: '€' });
		currency.setCurrency({ precision: 'many' as never });
		expect(currency.getCurrencyConfig().precision).toBe(2);
		currency.setCurrency({ precision: 99 });
		expect(currency.getCurrencyConfig().precision).toBe(20);
		currency.setCurrency({ precision: -4 });
		expect(currency.formatAmount(12.6)).toBe('$13');
	});

	it('decodes entities in a given price format', () => {
		const currency = CurrencyFactory({ priceFormat: '<b>%2$s</b>&nbsp;%1$s' });
		expect(currency.formatAmount(7)).toBe('7.00\u00a0$');
	});

	it('keeps defaults for empty fields and coerces others to strings', () => {
		const currency = CurrencyFactory({
			symbol: null as never,
			code: undefined,
			thousandSeparator: 0 as never,
		});
		expect(currency.getCurrencyConfig()).toMatchObject({
			symbol: '$',
			code: 'USD',
			thousandSeparator: '0',
		});
		expect(CurrencyFactory(null as never).formatAmount(1)).toBe('$1.00');
	});

	it('returns a copy of its config', () => {
		const currency = CurrencyFactory();
		const config = currency.getCurrencyConfig();
		config.symbol = '€';
		expect(currency.getCurrencyConfig().symbol).toBe('$');
	});

	it('formatCurrency still formats but warns that it is deprecated', () => {
		const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
		expect(CurrencyFactory().formatCurrency(9.99)).toBe('$9.99');
		expect(warn).toHaveBeenCalledWith(expect.stringContaining('formatAmount'));
		warn.mockRestore();
	});

	it('getDataForCountry accepts its own tables and decodes symbols', () => {
		const currency = CurrencyFactory();
		const info = {
			ZZ: {
				currency_code: 'ZZD',
				currency_pos: 'right_space' as const,
				thousand_sep: ' ',
				decimal_sep: ',',
				num_decimals: 3,
			},
		};
		expect(currency.getDataForCountry('ZZ', info, { ZZD: '&#x20AC;' })).toEqual({
			code: 'ZZD',
			symbol: '€',
			symbolPosition: 'right_space',
			thousandSeparator: ' ',
			decimalSeparator: ',',
			precision: 3,
		});
		expect(currency.getDataForCountry('ZZ', info, {})).toEqual({});
		expect(currency.getDataForCountry('')).toEqual({});
	});

	it('getCurrencyData lists 13 regions and warns that it is deprecated', () => {
		const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
		const data = getCurrencyData();
		expect(Object.keys(data)).toHaveLength(13);
		expect(data.VN).toEqual({
			code: 'VND',
			symbol: '₫',
			symbolPosition: 'right',
			thousandSeparator: '.',
			decimalSeparator: ',',
			precision: 1,
		});
		expect(data.RU.thousandSeparator).toBe(' ');
		expect(CurrencyFactory(data.ID).formatAmount(15000.4)).toBe('Rp15.000');
		expect(warn).toHaveBeenCalled();
		warn.mockRestore();
	});
});

describe('country tables and entities', () => {
	it('every country in the table has a symbol and a sane format', () => {
		const codes = Object.keys(COUNTRY_CURRENCY_INFO);
		expect(codes.length).toBeGreaterThan(30);
		for (const code of codes) {
			const info = COUNTRY_CURRENCY_INFO[code];
			expect(CURRENCY_SYMBOLS[info.currency_code]).toBeTruthy();
			expect(Number.isInteger(info.num_decimals)).toBe(true);
			expect(getDataForCountry(code).code).toBe(info.currency_code);
		}
		expect(getDataForCountry('JP')).toMatchObject({ code: 'JPY', precision: 0 });
	});

	it('the factory default equals the documented store default', () => {
		expect(DEFAULT_CURRENCY_CONFIG).toEqual({
			code: 'USD',
			symbol: '$',
			symbolPosition: 'left',
			thousandSeparator: ',',
			decimalSeparator: '.',
			precision: 2,
		});
	});

	it('decodeEntities handles named, decimal and hex entities and leaves unknown ones', () => {
		expect(decodeEntities('&pound;&#8377;&#x20b9;&amp;')).toBe('£₹₹&');
		expect(decodeEntities('&unknown; R$')).toBe('&unknown; R$');
		expect(decodeEntities('')).toBe('');
	});
});

describe('money helpers', () => {
	it('keeps exact minor units for other precisions and large amounts', () => {
		expect(moneyToDecimal(createMoney(1500, 'JPY', 0))).toBe('1500');
		expect(moneyToDecimal(addMoney(createMoney(9007199254740, 'USD'), createMoney(1)))).toBe(
			'90071992547.41',
		);
		expect(moneyToDecimal(createMoney(-250))).toBe('-2.50');
		expect(() => createMoney(1, 'USD', 1.5)).toThrow('You must provide an integer.');
		expect(() => createMoney(Number.NaN)).toThrow('You must provide an integer.');
		expect(() => subtractMoney(createMoney(1, 'USD', 2), createMoney(1, 'USD', 3))).toThrow(
			'You must provide a Dinero instance with the same currency.',
		);
	});

	it('percentages at the bounds and with fractions', () => {
		expect(moneyToDecimal(percentageOf(createMoney(1000), 0))).toBe('0.00');
		expect(moneyToDecimal(percentageOf(createMoney(1000), 100))).toBe('10.00');
		expect(moneyToDecimal(percentageOf(createMoney(1000), 12.5))).toBe('1.25');
		expect(() => percentageOf(createMoney(1000), Number.NaN)).toThrow(MONEY_ERRORS.percentage);
		expect(() => percentageOf(createMoney(1000), '50' as never)).toThrow(
			MONEY_ERRORS.percentage,
		);
	});

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

describe('negative amounts', () => {
	it('put the minus sign before the symbol, whatever the position', () => {
		expect(CurrencyFactory().formatAmount(-543.4)).toBe('-$543.40');
		expect(
			CurrencyFactory({ symbol: '€', symbolPosition: 'right_space' }).formatAmount('-2'),
		).toBe('-2.00 €');
	});
});
