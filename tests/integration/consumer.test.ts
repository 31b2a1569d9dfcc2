/**
 * The packages as an extension consumes them:
 * - the pure packages built with tsc, bundled by webpack from their build output, run in node
 *   without a window (tests/consumer/check.js);
 * - every package packed with `npm pack`, installed from its tarball next to React 18 and the
 *   @wordpress packages of WordPress 6.7 and 6.8 and the newest majors on npm, imported with native ESM and `require`, and a page with
 *   ReportFilters, Chart, TableCard and the abacus/reports store bundled and rendered in Chromium
 *   (tests/consumer/tarballs.js; needs the npm registry).
 */
import path from 'node:path';

// @ts-expect-error check.js is a plain JavaScript script without type declarations.
import { runConsumerCheck } from '../consumer/check.js';
// @ts-expect-error tarballs.js is a plain JavaScript script without type declarations.
import * as tarballs from '../consumer/tarballs.js';
import { buildReportExtension } from '../support/report-extension.js';

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

// The packages are built and packed first; their installs next to each WordPress's packages then
// run in the background while the tests before the tarball checks build and bundle. A failure
// here shows in the tarball tests, which build, pack and install again.
beforeAll(() => {
	try {
		(tarballs.startInstalls as () => void)();
	} catch {
		// Said by the tarball tests.
	}
}, 900_000);

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

describe('script handles for wp-admin (build/wp-packages)', () => {
	it('builds one abacus.* global per package with its abacus-* and wp-* dependencies', async () => {
		const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
		const os = await import('node:os');
		const vm = await import('node:vm');
		const { default: webpack } = await import('webpack');
		const { default: createConfig } = (await import(
			// @ts-expect-error a plain JavaScript webpack config without type declarations.
			'../../scripts/webpack.packages.config.js'
		)) as {
			default: (env: unknown, argv: { mode: string }) => Record<string, unknown>;
		};
		const buildRoot = mkdtempSync(path.join(os.tmpdir(), 'abacus-wp-packages-'));
		process.env.ABACUS_BUILD_ROOT = buildRoot;
		try {
			const config = createConfig({}, { mode: 'development' });
			await new Promise<void>((resolve, reject) => {
				webpack(config as never, (error, stats) => {
					if (error) reject(error);
					else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
					else resolve();
				});
			});
			const dir = path.join(buildRoot, 'wp-packages');
			const dependencies = (name: string) => {
				const php = readFileSync(path.join(dir, `${name}.asset.php`), 'utf8');
				const list = /'dependencies' => array\(([^)]*)\)/.exec(php)?.[1] ?? '';
				return [...list.matchAll(/'([a-z0-9-]+)'/g)].map((match) => match[1]);
			};
			expect(dependencies('settings')).toEqual([]);
			expect(dependencies('currency')).toEqual(
				expect.arrayContaining(['abacus-number', 'abacus-settings', 'wp-i18n']),
			);
			expect(dependencies('data')).toEqual(
				expect.arrayContaining(['abacus-date', 'abacus-navigation', 'wp-data', 'wp-hooks']),
			);
			expect(dependencies('components')).toEqual(
				expect.arrayContaining([
					'abacus-date',
					'abacus-wp-components',
					'react',
					'wp-element',
				]),
			);
			expect(dependencies('components')).not.toContain('abacus-data');
			// @wordpress/components comes from Abacus's own build of the components it uses, not
			// from WordPress's whole components script; that build carries private-apis with it.
			expect(dependencies('components')).not.toContain('wp-components');
			expect(dependencies('wp-components')).toEqual(
				expect.arrayContaining(['react', 'wp-element', 'wp-i18n']),
			);
			expect(dependencies('wp-components')).not.toContain('wp-components');
			expect(dependencies('wp-components')).not.toContain('wp-private-apis');
			const subset = readFileSync(path.join(dir, 'wp-components.js'), 'utf8');
			expect(subset).toMatch(/\.wpComponents\s*=|\["wpComponents"\]\s*=/);
			expect(subset).toContain('components-button');
			expect(readFileSync(path.join(dir, 'wp-components.css'), 'utf8')).toContain(
				'.components-button',
			);
			expect(readFileSync(path.join(dir, 'wp-components-rtl.css'), 'utf8')).toContain(
				'.components-button',
			);
			// Every import resolved: a style sheet import must not become a throwing module.
			for (const name of [
				'settings',
				'number',
				'currency',
				'date',
				'navigation',
				'csv-export',
				'data',
				'components',
			]) {
				expect(readFileSync(path.join(dir, `${name}.js`), 'utf8')).not.toMatch(
					/Cannot find module '[^']+\.s?css'/,
				);
			}
			expect(readFileSync(path.join(dir, 'components.css'), 'utf8')).toContain(
				'.abacus-calendar',
			);
			expect(readFileSync(path.join(dir, 'components-rtl.css'), 'utf8')).toContain(
				'.abacus-calendar',
			);
			// The pure globals run in a page with nothing else than their handles.
			const window: Record<string, unknown> = {};
			const context = vm.createContext({ window, self: window, console });
			for (const name of ['settings', 'number']) {
				vm.runInContext(readFileSync(path.join(dir, `${name}.js`), 'utf8'), context);
			}
			const abacus = window.abacus as Record<string, Record<string, unknown>>;
			expect(Object.keys(abacus).sort()).toEqual(['number', 'settings']);
			expect(typeof abacus.number.numberFormat).toBe('function');
			expect(typeof abacus.settings.getSetting).toBe('function');
		} finally {
			delete process.env.ABACUS_BUILD_ROOT;
			rmSync(buildRoot, { recursive: true, force: true });
		}
	}, 300_000);
});

describe('examples/report-extension', () => {
	it('builds with @wordpress/scripts against the abacus-* handles, bundling none of Abacus', async () => {
		const { readFileSync } = await import('node:fs');
		const dir = buildReportExtension({ always: true });
		const asset = readFileSync(path.join(dir, 'build/index.asset.php'), 'utf8');
		for (const handle of [
			'abacus-currency',
			'abacus-data',
			'abacus-settings',
			'wp-data',
			'wp-hooks',
			'wp-i18n',
		]) {
			expect(asset).toContain(`'${handle}'`);
		}
		const script = readFileSync(path.join(dir, 'build/index.js'), 'utf8');
		expect(script).toContain('woocommerce_admin_report_table');
		expect(script).toContain('woocommerce_admin_products_report_filters');
		expect(script).toMatch(/window\.abacus\.currency|window\["abacus"\]\["currency"\]/);
		// The items store comes from abacus-data: the script defines no store of its own.
		expect(script).toMatch(/window\.abacus\.data|window\["abacus"\]\["data"\]/);
		expect(script).not.toContain('abacus/items');
		expect(script.length).toBeLessThan(10_000);
	}, 600_000);
});

interface RenderedPage {
	errors: string[];
	chartSvg: number;
	dateButton: string;
	updateVisible: boolean;
	scrollWidth: number;
	requests: string[];
	calendarFont: string;
	visibleScreenReaderText: number;
}

interface TarballReport {
	fileCounts: Record<string, number>;
	imports: Record<string, { esm: number; cjs: number }>;
	rendered: Record<string, RenderedPage>;
	installed: string;
}

const problemsOf = tarballs.tarballProblems as (name: string, files: string[]) => string[];

describe('published tarballs', () => {
	it('refuses a tarball with sources, tests, build info or without its outputs', () => {
		expect(
			problemsOf('components', [
				'package.json',
				'build/index.js',
				'build-module/index.js',
				'build-types/index.d.ts',
				'src/index.ts',
				'build-module/.tsbuildinfo',
			]),
		).toEqual([
			'components: unexpected file src/index.ts',
			'components: ships src/index.ts',
			'components: ships build-module/.tsbuildinfo',
			'components: build-style/style.css is missing',
			'components: build-style/style-rtl.css is missing',
		]);
	});

	it.each([
		['6.7', /^28\.8\./],
		['6.8', /^29\.5\./],
		['newest', /^41\./],
	])(
		'install next to React 18 and the @wordpress packages of WordPress %s, import natively and render in Chromium',
		async (wordpress, componentsVersion) => {
			const run = tarballs.runTarballCheck as (options: {
				wordpress: string;
			}) => Promise<TarballReport>;
			const report = await run({ wordpress });
			expect(report.installed).toMatch(componentsVersion);
			for (const name of tarballs.PURE_PACKAGES as string[]) {
				expect(report.imports[name].esm).toBeGreaterThan(0);
				expect(report.imports[name].cjs).toBe(report.imports[name].esm);
			}
			expect(report.fileCounts.components).toBeLessThan(838);
			for (const width of ['1440', '390']) {
				const page = report.rendered[width];
				expect(page.errors).toEqual([]);
				expect(page.chartSvg).toBeGreaterThan(0);
				expect(page.dateButton).toContain('vs. Previous Year');
				expect(page.updateVisible).toBe(true);
				expect(page.scrollWidth).toBe(Number(width));
				expect(page.calendarFont).toContain('sans-serif');
				expect(page.visibleScreenReaderText).toBe(0);
				expect(page.requests).toEqual([
					'/wc-analytics/reports/orders/stats?interval=day',
					'/wc-analytics/reports/orders?per_page=25',
				]);
			}
		},
		900_000,
	);
});
