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
});

describe('downloadCSVFile', () => {
	it('saves a UTF-8 CSV blob under the name', () => {
		downloadCSVFile('report.csv', 'a,b');
		const [blob, name] = (saveAs as unknown as jest.Mock).mock.calls[0];
		expect(name).toBe('report.csv');
		expect(blob.type).toBe('text/csv;charset=utf-8');
	});
});
