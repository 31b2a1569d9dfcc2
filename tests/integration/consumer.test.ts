/**
 * The pure packages as an extension consumes them: built with tsc, bundled by webpack from their
 * build output, run in node without a window (tests/consumer/check.js).
 */
import path from 'node:path';

// @ts-expect-error check.js is a plain JavaScript script without type declarations.
import { runConsumerCheck } from '../consumer/check.js';

interface ConsumerReport {
	exports: Record<string, string[]>;
	checks: { intervalKeys: string[]; newPath: string; path: string; hasWindow: boolean };
	moduleCount: number;
}

const check = runConsumerCheck as (options?: {
	build?: boolean;
	entry?: string;
}) => Promise<ConsumerReport>;

jest.setTimeout(120_000);

describe('consumer check of the pure packages', () => {
	it('bundles every pure package from its build and runs it without a window', async () => {
		const report = await check({ build: true });
		expect(Object.keys(report.exports).sort()).toEqual([
			'csv-export',
			'currency',
			'date',
			'navigation',
			'number',
			'settings',
		]);
		expect(report.exports.date).toEqual(
			expect.arrayContaining(['getCurrentDates', 'getIntervalBuckets', 'getIntervalKey']),
		);
		expect(report.exports.navigation).toEqual(
			expect.arrayContaining(['getHistory', 'getNewPath', 'getQueryFromActiveFilters']),
		);
		expect(report.checks).toEqual({
			intervalKeys: ['2021-48', '2021-49'],
			newPath: 'admin.php?page=abacus&period=year&path=%2Fanalytics%2Frevenue',
			path: '/',
			hasWindow: false,
		});
	});

	it('rejects an entry that needs a browser global at import', async () => {
		await expect(
			check({ entry: path.resolve(__dirname, '../consumer/fixtures/needs-window.js') }),
		).rejects.toThrow('the bundle fails in node without a window');
	});
});
