#!/usr/bin/env node
/**
 * The packages as an extension developer gets them: builds and `npm pack`s every @abacus package,
 * checks each tarball holds only its published output, installs the tarballs into a project in the
 * system temp folder (kept for the next run with the same tarballs and versions, see
 * installProject) next to React 18 and the @wordpress packages WordPress 6.8
 * (or 6.7, the oldest the plugin supports) ships, or the newest majors on npm (no overrides: an
 * ERESOLVE fails the check), imports every pure package there with Node's
 * native ESM and with CommonJS `require`, bundles a page using ReportFilters, Chart, TableCard and
 * the abacus/reports store with webpack, and renders it in Chromium.
 *
 * Needs the npm registry (the scratch install).
 * Usage: node tests/consumer/tarballs.js [--wordpress 6.7|6.8|newest] [--keep] [--reuse <scratch dir>]
 */
/* global document, window, getComputedStyle */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildPackages, PACKAGES } from '../../scripts/build-packages.js';
import { parseCommandLine, usageError } from '../../scripts/command-line.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

export const PURE_PACKAGES = ['settings', 'number', 'currency', 'date', 'navigation', 'csv-export'];

/** The @wordpress packages each WordPress ships, and its React. */
export const WORDPRESS_PACKAGES = {
	// The oldest WordPress the plugin supports.
	6.7: {
		react: '18.3.1',
		'react-dom': '18.3.1',
		'@wordpress/api-fetch': '7.8.2',
		'@wordpress/components': '28.8.12',
		'@wordpress/compose': '7.8.4',
		'@wordpress/data': '10.8.3',
		'@wordpress/date': '5.8.2',
		'@wordpress/element': '6.8.0',
		'@wordpress/hooks': '4.8.2',
		'@wordpress/i18n': '5.8.2',
		'@wordpress/icons': '10.8.2',
		'@wordpress/url': '4.8.1',
	},
	6.8: {
		react: '18.3.1',
		'react-dom': '18.3.1',
		'@wordpress/api-fetch': '7.19.1',
		'@wordpress/components': '29.5.4',
		'@wordpress/compose': '7.19.2',
		'@wordpress/data': '10.19.2',
		'@wordpress/date': '5.19.1',
		'@wordpress/element': '6.19.1',
		'@wordpress/hooks': '4.19.1',
		'@wordpress/i18n': '5.19.1',
		'@wordpress/icons': '10.19.1',
		'@wordpress/url': '4.19.2',
	},
	// The newest majors on npm (ahead of any WordPress release): the peer ranges have no upper
	// cap, so an extension developer on a newer WordPress can install the packages.
	newest: {
		react: '18.3.1',
		'react-dom': '18.3.1',
		'@wordpress/api-fetch': '7.56.0',
		'@wordpress/components': '41.0.0',
		'@wordpress/compose': '8.9.0',
		'@wordpress/data': '10.56.0',
		'@wordpress/date': '5.56.0',
		'@wordpress/element': '8.8.0',
		'@wordpress/hooks': '4.56.0',
		'@wordpress/i18n': '6.29.0',
		'@wordpress/icons': '17.0.0',
		'@wordpress/url': '4.56.0',
	},
};

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, cwd) {
	return execFileSync(command, args, {
		cwd,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
		maxBuffer: 64 * 1024 * 1024,
	});
}

/** `run` without blocking: resolves to the output; rejects with the error's stdout and stderr. */
function runAsync(command, args, cwd) {
	return new Promise((resolve, reject) => {
		execFile(
			command,
			args,
			{ cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
			(error, stdout, stderr) => {
				if (error) reject(Object.assign(error, { stdout, stderr }));
				else resolve(stdout);
			},
		);
	});
}

/**
 * Packs the packages with one npm call (its workspaces); returns each one's tarball path and the
 * files it holds, by package name.
 */
function packAll(names, destination) {
	const output = run(
		npm,
		[
			'pack',
			'--ignore-scripts',
			'--json',
			'--pack-destination',
			destination,
			...names.flatMap((name) => ['--workspace', `packages/${name}`]),
		],
		root,
	);
	const packedByName = new Map(
		JSON.parse(output.slice(output.indexOf('['))).map((info) => [info.name, info]),
	);
	return Object.fromEntries(
		names.map((name) => {
			const info = packedByName.get(`@abacus/${name}`);
			if (!info) throw new Error(`npm pack did not pack @abacus/${name}`);
			return [
				name,
				{
					file: path.join(destination, info.filename),
					files: info.files.map((f) => f.path),
				},
			];
		}),
	);
}

/** What a tarball must not hold, and must hold. */
export function tarballProblems(name, files) {
	const problems = [];
	const allowed =
		/^(build|build-module|build-types|build-style)\/|^(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/;
	for (const file of files) {
		if (!allowed.test(file)) problems.push(`${name}: unexpected file ${file}`);
		if (
			/\.tsbuildinfo$|\.map$|\/test\/|\.test\.|\.tsx?$/.test(file) &&
			!file.endsWith('.d.ts')
		) {
			problems.push(`${name}: ships ${file}`);
		}
	}
	const required = ['build/index.js', 'build-module/index.js', 'build-types/index.d.ts'];
	if (name === 'components') required.push('build-style/style.css', 'build-style/style-rtl.css');
	for (const file of required) {
		if (!files.includes(file)) problems.push(`${name}: ${file} is missing`);
	}
	return problems;
}

async function bundle(scratch, outputPath) {
	// Imported when needed: `--help` answers without loading webpack and Playwright.
	const { default: webpack } = await import('webpack');
	return new Promise((resolve, reject) => {
		webpack(
			{
				mode: 'development',
				devtool: false,
				target: 'web',
				context: scratch,
				entry: path.join(scratch, 'page.js'),
				output: { path: outputPath, filename: 'page.bundle.js' },
				resolve: { modules: [path.join(scratch, 'node_modules')] },
				resolveLoader: { modules: [path.join(root, 'node_modules')] },
				module: { rules: [] },
				plugins: [
					new webpack.DefinePlugin({
						'process.env.IS_GUTENBERG_PLUGIN': JSON.stringify(false),
						'process.env.IS_WORDPRESS_CORE': JSON.stringify(true),
						'process.env.SCRIPT_DEBUG': JSON.stringify(false),
						'process.env.FORCE_REDUCED_MOTION': JSON.stringify(false),
					}),
					new webpack.IgnorePlugin({
						resourceRegExp: /^\.\/locale$/,
						contextRegExp: /moment$/,
					}),
					// One file: the page is injected into Chromium without a server for lazy chunks.
					new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
				],
				performance: { hints: false },
				stats: 'errors-only',
			},
			(error, stats) => {
				if (error) reject(error);
				else if (stats.hasErrors()) {
					reject(
						new Error(
							stats
								.toJson({ all: false, errors: true })
								.errors.map((e) => e.message)
								.join('\n'),
						),
					);
				} else resolve(path.join(outputPath, 'page.bundle.js'));
			},
		);
	});
}

async function render(scratch, bundlePath, screenshotDir, label) {
	const { chromium } = await import('playwright-core');
	const browser = await chromium.launch({
		executablePath: CHROMIUM_PATH,
		args: CHROMIUM_ARGS,
	});
	try {
		const results = {};
		for (const [width, height] of [
			[1440, 900],
			[390, 700],
		]) {
			const page = await browser.newPage({ viewport: { width, height } });
			const errors = [];
			page.on('pageerror', (error) => errors.push(error.message));
			await page.setContent(
				'<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
			);
			await page.addStyleTag({
				path: path.join(
					scratch,
					'node_modules/@wordpress/components/build-style/style.css',
				),
			});
			await page.addStyleTag({
				path: path.join(scratch, 'node_modules/@abacus/components/build-style/style.css'),
			});
			await page.addScriptTag({ path: bundlePath });
			try {
				await page.getByRole('rowheader', { name: '#102' }).waitFor({ timeout: 60_000 });
			} catch (error) {
				throw new Error(
					`the page did not render its table (${errors.join('; ')}): ${error.message}`,
				);
			}
			await page.locator('.consumer-page svg').first().waitFor({ timeout: 60_000 });
			const dateButton = page.locator('.abacus-date-range-filter-picker button').first();
			await dateButton.click();
			await page.getByRole('tab', { name: 'Custom' }).click();
			await page.locator('.rdp-day_button').first().waitFor({ timeout: 30_000 });
			const update = await page.getByRole('button', { name: 'Update' }).boundingBox();
			results[width] = {
				errors,
				tableRows: await page.locator('table tbody tr').count(),
				chartSvg: await page.locator('.consumer-page svg').count(),
				dateButton: (await dateButton.textContent())?.trim(),
				updateVisible: Boolean(
					update &&
					update.x >= 0 &&
					update.x + update.width <= width &&
					update.y >= 0 &&
					update.y + update.height <= height,
				),
				scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth),
				// Text for screen readers only must not show outside wp-admin either.
				visibleScreenReaderText: await page.evaluate(
					() =>
						[...document.querySelectorAll('.screen-reader-text')].filter(
							(element) => element.getBoundingClientRect().width > 1,
						).length,
				),
				requests: await page.evaluate(() => window.__requests ?? []),
				calendarFont: await page.evaluate(
					() => getComputedStyle(document.querySelector('.rdp-day_button')).fontFamily,
				),
			};
			await page.screenshot({
				path: path.join(screenshotDir, `consumer-wp${label}-${width}.png`),
			});
			await page.close();
		}
		return results;
	} finally {
		await browser.close();
	}
}

/**
 * Builds every package and packs it into a folder of its own (once per process: each WordPress
 * version installs the same tarballs). Throws when a tarball holds what it must not or misses an
 * output. The folder goes when the process exits.
 */
let packed;
export function packTarballs() {
	if (packed) return packed;
	buildPackages(PACKAGES);
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-tarballs-packed-'));
	process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
	const tarballs = {};
	const problems = [];
	const fileCounts = {};
	const packedByName = packAll(PACKAGES, dir);
	for (const name of PACKAGES) {
		const { file, files } = packedByName[name];
		tarballs[name] = file;
		fileCounts[name] = files.length;
		problems.push(...tarballProblems(name, files));
	}
	if (problems.length) throw new Error(problems.join('\n'));
	packed = { tarballs, fileCounts };
	return packed;
}

/**
 * Installed scratch projects, kept between runs in the system temp folder: one per WordPress
 * package list and set of tarball contents (a hash of both names the folder), so that a run whose
 * packages and pinned versions are those of an earlier run checks the install that run made.
 */
const INSTALL_CACHE = path.join(os.tmpdir(), 'abacus-consumer-installs');
/** Installs kept: the newest ones, and none unused for longer than this. */
const INSTALLS_KEPT = 6;
const INSTALL_MAX_AGE_MS = 3 * 24 * 3_600_000;

function installKey(versions, tarballs) {
	const hash = createHash('sha256');
	hash.update(JSON.stringify(versions));
	for (const name of PACKAGES) {
		hash.update(`\n${name}:`);
		hash.update(readFileSync(tarballs[name]));
	}
	return hash.digest('hex').slice(0, 24);
}

/** Removes installs beyond the newest few, and old ones (never one being installed or used now). */
function pruneInstalls(keep) {
	let entries;
	try {
		entries = readdirSync(INSTALL_CACHE)
			.filter((name) => /^[0-9a-f]{24}$/.test(name))
			.map((name) => ({
				name,
				used: statSync(path.join(INSTALL_CACHE, name)).mtimeMs,
			}))
			.sort((a, b) => b.used - a.used);
	} catch {
		return;
	}
	for (const [index, { name, used }] of entries.entries()) {
		if (name === keep) continue;
		if (index >= INSTALLS_KEPT || Date.now() - used > INSTALL_MAX_AGE_MS) {
			const aside = path.join(INSTALL_CACHE, `${name}.removing-${process.pid}`);
			try {
				renameSync(path.join(INSTALL_CACHE, name), aside);
				removeInBackground(aside);
			} catch {
				// Another process removed or renamed it.
			}
		}
	}
}

/**
 * The tarballs installed next to `versions` in a project of their own (npm install into a
 * temporary folder renamed into place when complete): the cached one when an earlier run installed
 * the same tarballs next to the same versions. Resolves to the project's folder.
 */
async function installProject(versions, tarballs) {
	mkdirSync(INSTALL_CACHE, { recursive: true });
	const key = installKey(versions, tarballs);
	const dir = path.join(INSTALL_CACHE, key);
	if (existsSync(path.join(dir, '.complete'))) {
		const now = new Date();
		utimesSync(dir, now, now);
		return dir;
	}
	const work = mkdtempSync(path.join(INSTALL_CACHE, `${key}.installing-`));
	const dependencies = { ...versions };
	for (const name of PACKAGES) dependencies[`@abacus/${name}`] = `file:${tarballs[name]}`;
	writeFileSync(
		path.join(work, 'package.json'),
		`${JSON.stringify({ name: 'abacus-consumer', private: true, type: 'module', dependencies }, null, 2)}\n`,
	);
	try {
		await runAsync(
			npm,
			[
				'install',
				'--no-audit',
				'--no-fund',
				'--ignore-scripts',
				'--no-package-lock',
				// The versions are pinned: npm's cached metadata is enough when it has them.
				'--prefer-offline',
			],
			work,
		);
	} catch (error) {
		removeInBackground(work);
		throw new Error(`npm install of the tarballs failed:\n${error.stderr || error.message}`);
	}
	writeFileSync(path.join(work, '.complete'), '');
	try {
		renameSync(work, dir);
	} catch {
		// Another process installed the same project meanwhile: use its folder.
		removeInBackground(work);
	}
	pruneInstalls(key);
	return dir;
}

/** The install of each WordPress package list in this process, started by `startInstalls`. */
const installs = new Map();

/**
 * Builds and packs the packages, then starts installing the tarballs next to the package lists of
 * the given WordPress versions, all at once and without waiting (the installs mostly wait on npm's
 * cache and the network): a later `runTarballCheck` for one of them waits for its install.
 */
export function startInstalls(wordpressVersions = Object.keys(WORDPRESS_PACKAGES)) {
	const { tarballs } = packTarballs();
	for (const wordpress of wordpressVersions) {
		if (installs.has(wordpress)) continue;
		const versions = WORDPRESS_PACKAGES[wordpress];
		if (!versions) throw new Error(`No package list for WordPress ${wordpress}`);
		const install = installProject(versions, tarballs);
		// Awaited by the check of that version; not an unhandled rejection before it is.
		install.catch(() => {});
		installs.set(wordpress, install);
	}
}

/** Runs the whole check; returns its report or throws with what went wrong. */
export async function runTarballCheck({ keep = false, reuse = undefined, wordpress = '6.8' } = {}) {
	const versions = WORDPRESS_PACKAGES[wordpress];
	if (!versions) {
		throw new Error(
			`No package list for WordPress ${wordpress}: ${Object.keys(WORDPRESS_PACKAGES).join(', ')}`,
		);
	}
	if (reuse) return checkInstalled(reuse, {}, wordpress);
	const { fileCounts } = packTarballs();
	startInstalls([wordpress]);
	const installed = await installs.get(wordpress);
	// The checks write their files into a scratch folder of their own; node_modules is the install.
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'abacus-tarballs-'));
	try {
		writeFileSync(
			path.join(scratch, 'package.json'),
			readFileSync(path.join(installed, 'package.json')),
		);
		symlinkSync(
			path.join(installed, 'node_modules'),
			path.join(scratch, 'node_modules'),
			'dir',
		);
		return {
			...(await checkInstalled(scratch, fileCounts, wordpress)),
			scratch: keep ? scratch : undefined,
		};
	} finally {
		if (!keep) rmSync(scratch, { recursive: true, force: true });
	}
}

/**
 * Deletes a scratch project without waiting: removing its tens of thousands of installed files
 * takes most of a minute on a busy machine, and nothing waits for them to go.
 */
function removeInBackground(dir) {
	if (process.platform === 'win32') {
		rmSync(dir, { recursive: true, force: true });
		return;
	}
	spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
}

/** Imports, bundles and renders from a scratch project whose tarballs are installed. */
async function checkInstalled(scratch, fileCounts, label) {
	{
		// Each package imported natively and required, in node processes of their own, all at once.
		const keys = await Promise.all(
			PURE_PACKAGES.flatMap((name) => [
				runAsync(
					process.execPath,
					[
						'--input-type=module',
						'-e',
						`import * as m from '@abacus/${name}'; process.stdout.write(JSON.stringify(Object.keys(m)))`,
					],
					scratch,
				),
				runAsync(
					process.execPath,
					[
						'-e',
						`process.stdout.write(JSON.stringify(Object.keys(require('@abacus/${name}'))))`,
					],
					scratch,
				),
			]),
		);
		const imports = Object.fromEntries(
			PURE_PACKAGES.map((name, index) => [
				name,
				{
					esm: JSON.parse(keys[2 * index]).length,
					cjs: JSON.parse(keys[2 * index + 1]).length,
				},
			]),
		);

		// The declarations resolve through each package's exports (build-types) for a TypeScript user.
		writeFileSync(
			path.join(scratch, 'types-check.ts'),
			[
				"import { TableCard, Chart, ReportFilters, DateRange } from '@abacus/components';",
				"import { useReportItems, REPORTS_STORE_NAME } from '@abacus/data';",
				"import { getCurrentDates } from '@abacus/date';",
				"import { downloadCSVFile } from '@abacus/csv-export';",
				"import { CurrencyFactory } from '@abacus/currency';",
				"import { getNewPath } from '@abacus/navigation';",
				"import { numberFormat } from '@abacus/number';",
				"import { getSetting } from '@abacus/settings';",
				'export const used = [TableCard, Chart, ReportFilters, DateRange, useReportItems,',
				'\tgetCurrentDates, downloadCSVFile, CurrencyFactory, getNewPath, numberFormat, getSetting];',
				'export const store: string = REPORTS_STORE_NAME;',
				'',
			].join('\n'),
		);
		writeFileSync(
			path.join(scratch, 'tsconfig.json'),
			JSON.stringify({
				compilerOptions: {
					strict: true,
					module: 'NodeNext',
					moduleResolution: 'NodeNext',
					target: 'ES2022',
					noEmit: true,
					skipLibCheck: true,
					types: [],
				},
				files: ['types-check.ts'],
			}),
		);
		try {
			run(
				process.execPath,
				[path.join(root, 'node_modules/typescript/bin/tsc'), '-p', scratch],
				scratch,
			);
		} catch (error) {
			throw new Error(
				`the packages' declarations do not typecheck:\n${error.stdout || error.message}`,
			);
		}
		writeFileSync(
			path.join(scratch, 'page.js'),
			readFileSync(path.join(here, 'page-entry.js')),
		);
		const bundlePath = await bundle(scratch, path.join(scratch, 'dist'));
		const screenshotDir = path.join(root, 'test-results/consumer');
		mkdirSync(screenshotDir, { recursive: true });
		const rendered = await render(scratch, bundlePath, screenshotDir, label);
		const installed = JSON.parse(
			readFileSync(
				path.join(scratch, 'node_modules/@wordpress/components/package.json'),
				'utf8',
			),
		).version;
		return { fileCounts, imports, rendered, installed };
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const usage = `Usage: node tests/consumer/tarballs.js [--wordpress ${Object.keys(WORDPRESS_PACKAGES).join('|')}] [--keep] [--reuse DIR]
  Packs the packages, installs the tarballs next to the @wordpress packages of that WordPress (or
  the newest majors on npm) in a scratch project, imports them and renders a page in Chromium.
  --wordpress V   6.7, 6.8 (default) or newest
  --keep          keep the scratch project
  --reuse DIR     check an installed scratch project again
  --help          this text`;
	const { values } = parseCommandLine({
		usage,
		options: {
			wordpress: { type: 'string', default: '6.8' },
			keep: { type: 'boolean', default: false },
			reuse: { type: 'string' },
		},
	});
	if (!WORDPRESS_PACKAGES[values.wordpress])
		usageError(
			`--wordpress must be one of ${Object.keys(WORDPRESS_PACKAGES).join(', ')}, got "${values.wordpress}".`,
			usage,
		);
	runTarballCheck({ keep: values.keep, reuse: values.reuse, wordpress: values.wordpress }).then(
		(report) => {
			console.log(JSON.stringify(report, null, 2));
			console.log('Tarball consumer check passed.');
		},
		(error) => {
			console.error(`Tarball consumer check failed: ${error.message}`);
			process.exit(1);
		},
	);
}
