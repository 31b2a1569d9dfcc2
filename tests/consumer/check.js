#!/usr/bin/env node
/**
 * Consumer check of the pure packages (settings, number, currency, date, navigation, csv-export):
 * bundles tests/consumer/entry.js with webpack from the packages' BUILT output (run
 * `npx tsc -b packages/<name>` first, or pass --build), runs the bundle in node where there is no
 * window, and fails when a package reaches into client/, resolves to sources instead of its
 * build, or needs a browser global at import.
 *
 * Usage: node tests/consumer/check.js [--build]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import webpack from 'webpack';

import { parseCommandLine } from '../../scripts/command-line.js';
import { createConfig } from './webpack.config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
export const PURE_PACKAGES = ['settings', 'number', 'currency', 'date', 'navigation', 'csv-export'];

function bundle(outputPath, entry) {
	return new Promise((resolve, reject) => {
		webpack(createConfig(outputPath, entry), (error, stats) => {
			if (error) {
				reject(error);
				return;
			}
			const json = stats.toJson({
				all: false,
				errors: true,
				modules: true,
				nestedModules: true,
			});
			if (stats.hasErrors()) {
				reject(new Error(json.errors.map((item) => item.message).join('\n')));
				return;
			}
			const names = [];
			const collect = (modules = []) => {
				for (const module of modules) {
					if (module.nameForCondition) names.push(module.nameForCondition);
					collect(module.modules);
				}
			};
			collect(json.modules);
			resolve(names);
		});
	});
}

/** Runs the check; returns the report of the bundle or throws with what went wrong. */
export async function runConsumerCheck({ build = false, entry = undefined } = {}) {
	if (build) {
		// tsc run by node itself (npx would start npm first to find it).
		execFileSync(
			process.execPath,
			[
				path.join(root, 'node_modules/typescript/bin/tsc'),
				'-b',
				...PURE_PACKAGES.map((name) => `packages/${name}`),
			],
			{ cwd: root, stdio: 'inherit' },
		);
	}
	const outputPath = mkdtempSync(path.join(os.tmpdir(), 'abacus-consumer-'));
	try {
		const modules = (await bundle(outputPath, entry)).map((file) => path.relative(root, file));
		const problems = [];
		const fromClient = modules.filter((file) => file.startsWith(`client${path.sep}`));
		if (fromClient.length) {
			problems.push(`a package reaches into client/: ${fromClient.join(', ')}`);
		}
		for (const name of PURE_PACKAGES) {
			const own = modules.filter((file) => file.startsWith(`packages/${name}/`));
			if (!own.length) {
				problems.push(`@abacus/${name} is not in the bundle`);
			}
			const notBuilt = own.filter(
				(file) => !file.startsWith(`packages/${name}/build-module/`),
			);
			if (notBuilt.length) {
				problems.push(
					`@abacus/${name} resolves to sources, not build-module: ${notBuilt.join(', ')}`,
				);
			}
		}
		const bannedPackages = modules.filter((file) =>
			/node_modules\/(react|react-dom|@wordpress\/(components|data|element))\//.test(file),
		);
		if (bannedPackages.length) {
			problems.push(`a pure package pulls in React or stores: ${bannedPackages.join(', ')}`);
		}
		if (problems.length) {
			throw new Error(problems.join('\n'));
		}
		let output;
		try {
			output = execFileSync(process.execPath, [path.join(outputPath, 'bundle.cjs')], {
				cwd: outputPath,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
			});
		} catch (error) {
			throw new Error(
				`the bundle fails in node without a window (a global needed at import?):\n${error.stderr || error.message}`,
			);
		}
		const report = JSON.parse(output);
		for (const name of PURE_PACKAGES) {
			if (!report.exports[name]?.length) {
				problems.push(`@abacus/${name} exports nothing`);
			}
		}
		if (report.checks.hasWindow) {
			problems.push('the bundle defined a window global');
		}
		if (problems.length) {
			throw new Error(problems.join('\n'));
		}
		return { ...report, moduleCount: modules.length };
	} finally {
		rmSync(outputPath, { recursive: true, force: true });
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const { values } = parseCommandLine({
		usage: `Usage: node tests/consumer/check.js [--build]
  Bundles the pure packages from their build output and runs the bundle in node without a window.
  --build   build the six packages first (tsc -b)
  --help    this text`,
		options: { build: { type: 'boolean', default: false } },
	});
	runConsumerCheck({ build: values.build }).then(
		(report) => {
			for (const [name, names] of Object.entries(report.exports)) {
				console.log(`@abacus/${name}: ${names.length} exports`);
			}
			console.log(
				`${report.moduleCount} modules bundled; checks: ${JSON.stringify(report.checks)}`,
			);
			console.log('Consumer check passed.');
		},
		(error) => {
			console.error(`Consumer check failed: ${error.message}`);
			process.exit(1);
		},
	);
}
