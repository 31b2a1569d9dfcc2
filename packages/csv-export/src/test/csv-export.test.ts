jest.mock('file-saver', () => ({ saveAs: jest.fn() }));

import { saveAs } from 'file-saver';

import {
	downloadCSVFile,
	escapeCSVValue,
	generateCSVDataFromTable,
	generateCSVFileName,
} from '../index.js';

describe('generateCSVDataFromTable', () => {
	it('writes a header line and cell values', () => {
		const csv = generateCSVDataFromTable(
			[
				{ key: 'date', label: 'Date' },
				{ key: 'net', label: 'Net sales' },
			],
			[
				[
					{ display: 'Nov 1', value: '2026-11-01' },
					{ display: '$1,000.00', value: 1000 },
				],
				[{ value: '2026-11-02' }, { value: -12.5 }],
			],
		);
		expect(csv).toBe('Date,Net sales\n2026-11-01,1000\n2026-11-02,-12.5');
	});

	it('gives nothing for missing input', () => {
		expect(generateCSVDataFromTable(null, null)).toBe('');
		expect(generateCSVDataFromTable([{ key: 'a', label: 'A' }], [])).toBe('A');
		expect(generateCSVDataFromTable(null, [[{ value: 1 }]])).toBe('1');
		expect(generateCSVDataFromTable([], [])).toBe('');
	});

	it('writes empty cells for missing values and tolerates malformed rows', () => {
		const rows = [
			[{ value: null }, { display: 'only display' }, { value: 0 }],
			'not a row' as never,
			[null as never, { value: false }],
		];
		expect(generateCSVDataFromTable([{ key: 'a', label: 'A, B' }], rows)).toBe(
			'"A, B"\n,,0\n\n,false',
		);
	});

	it('neutralises formulas in labels and cells alike', () => {
		expect(generateCSVDataFromTable([{ key: 'a', label: '=1+1' }], [[{ value: '@cmd' }]])).toBe(
			"'=1+1\n'@cmd",
		);
	});
});

describe('escapeCSVValue', () => {
	it('neutralises formulas but keeps negative numbers', () => {
		expect(escapeCSVValue('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
		expect(escapeCSVValue('+1+1')).toBe("'+1+1");
		expect(escapeCSVValue('@SUM(A1)')).toBe("'@SUM(A1)");
		expect(escapeCSVValue('-2+3')).toBe("'-2+3");
		expect(escapeCSVValue(-123)).toBe('-123');
		expect(escapeCSVValue('-0.5')).toBe('-0.5');
		expect(escapeCSVValue(-1e21)).toBe('-1e+21');
		expect(escapeCSVValue(-1e-7)).toBe('-1e-7');
		expect(escapeCSVValue('-.5')).toBe('-.5');
		expect(escapeCSVValue('-1e5+A1')).toBe("'-1e5+A1");
		expect(escapeCSVValue('\tcmd')).toBe("'\tcmd");
		expect(escapeCSVValue('\rcmd')).toBe(`"'\rcmd"`);
		expect(escapeCSVValue('=A1,B1')).toBe(`"'=A1,B1"`);
		expect(escapeCSVValue('-')).toBe("'-");
		expect(escapeCSVValue('a=b')).toBe('a=b');
	});

	it('leaves plain values alone and quotes surrounding spaces', () => {
		expect(escapeCSVValue(1234.5)).toBe('1234.5');
		expect(escapeCSVValue(0)).toBe('0');
		expect(escapeCSVValue(true)).toBe('true');
		expect(escapeCSVValue('Net sales')).toBe('Net sales');
		expect(escapeCSVValue(' padded ')).toBe('" padded "');
		expect(escapeCSVValue(null)).toBe('');
		expect(escapeCSVValue('')).toBe('');
	});

	it('quotes commas, quotes and line breaks', () => {
		expect(escapeCSVValue('Hoodie, blue')).toBe('"Hoodie, blue"');
		expect(escapeCSVValue('The "best"')).toBe('"The ""best"""');
		expect(escapeCSVValue('a\nb')).toBe('"a\nb"');
		expect(escapeCSVValue('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
		expect(escapeCSVValue(undefined)).toBe('');
	});
});

describe('generateCSVFileName', () => {
	beforeAll(() => jest.useFakeTimers().setSystemTime(new Date('2026-11-22T12:00:00')));
	afterAll(() => jest.useRealTimers());

	it('builds the name from the title, the date and the query', () => {
		expect(generateCSVFileName()).toBe('2026-11-22.csv');
		expect(generateCSVFileName('Revenue table')).toBe('revenue-table_2026-11-22.csv');
		expect(
			generateCSVFileName('Revenue', {
				orderby: 'net_revenue',
				order: 'desc',
				after: '2026-11-01%2000',
			}),
		).toBe('revenue_2026-11-22_orderby-net-revenue_order-desc_after-2026-11-01-00.csv');
	});

	it('sanitises odd names and skips empty or structured params', () => {
		expect(
			generateCSVFileName('Ünïcode/../Tax%', { page: 2, bad: '%E0%A4%A', list: ['a'] }),
		).toBe('-n-code----tax-_2026-11-22_page-2_bad--e0-a4-a.csv');
		expect(generateCSVFileName('', { a: undefined, b: null })).toBe('2026-11-22.csv');
	});
});

describe('downloadCSVFile', () => {
	it('saves a UTF-8 CSV blob under the name', () => {
		downloadCSVFile('report.csv', 'a,b');
		const [blob, name] = (saveAs as unknown as jest.Mock).mock.calls[0];
		expect(name).toBe('report.csv');
		expect(blob.type).toBe('text/csv;charset=utf-8');
	});

	it('keeps the content, after a byte-order mark for spreadsheets', async () => {
		downloadCSVFile('x.csv', 'Total\n€5');
		const calls = (saveAs as unknown as jest.Mock).mock.calls;
		const blob = calls[calls.length - 1][0] as Blob;
		const bytes = new Uint8Array(await blob.arrayBuffer());
		expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
		expect(new TextDecoder().decode(bytes.slice(3))).toBe('Total\n€5');
	});
});
