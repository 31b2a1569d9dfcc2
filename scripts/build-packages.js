#!/usr/bin/env node
/**
 * Builds the publishable output of the @abacus/* packages (each package's `prepack` runs it):
 *
 * - `build-module/`: ESM that Node imports natively (tsc; relative imports carry `.js`), with the
 *   components' `import './style.scss'` lines and source map comments removed;
 * - `build/`: the same modules as CommonJS (swc), with a `package.json` saying so;
 * - `build-types/`: the declarations (tsc's `declarationDir`);
 * - for components, `build-style/style.css` and `build-style/style-rtl.css`: every component
 *   style sheet compiled with sass, and its right-to-left mirror (rtlcss).
 *
 * Usage: node scripts/build-packages.js [name ...]   (default: every package)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from './command-line.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// swc, sass and rtlcss are loaded where they are used: `--help` and a wrong name answer without.
const require = createRequire(import.meta.url);

/** Every package, in dependency order. */
export const PACKAGES = [
	'settings',
	'metrics',
	'number',
	'currency',
	'date',
	'navigation',
	'csv-export',
	'data',
	'components',
];

/** A side-effect import of a style sheet: `import './style.scss';`. */
const STYLE_IMPORT = /^import\s+['"][^'"]+\.s?css['"];?[ \t]*\r?\n?/gm;

function walk(dir, test) {
	if (!existsSync(dir)) return [];
	const found = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) found.push(...walk(file, test));
		else if (test(file)) found.push(file);
	}
	return found.sort();
}

/** Strips style imports from build-module and removes declarations a former layout left there. */
function finishModules(dir) {
	const moduleDir = path.join(dir, 'build-module');
	for (const file of walk(moduleDir, (name) => /\.d\.ts(\.map)?$/.test(name))) rmSync(file);
	const modules = walk(moduleDir, (name) => name.endsWith('.js'));
	for (const file of modules) {
		const code = readFileSync(file, 'utf8');
		// Source maps are not published (they point at src/, which is not either).
		const stripped = code
			.replace(STYLE_IMPORT, '')
			.replace(/\n\/\/# sourceMappingURL=.*$/m, '');
		if (stripped !== code) writeFileSync(file, stripped);
	}
	return modules;
}

/** build/: each ESM module as CommonJS. */
function buildCommonJs(dir, modules) {
	const outDir = path.join(dir, 'build');
	rmSync(outDir, { recursive: true, force: true });
	for (const file of modules) {
		const relative = path.relative(path.join(dir, 'build-module'), file);
		const { code } = require('@swc/core').transformSync(readFileSync(file, 'utf8'), {
			filename: relative,
			sourceMaps: false,
			jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
			module: { type: 'commonjs', strict: true },
			swcrc: false,
			configFile: false,
		});
		const target = path.join(outDir, relative);
		mkdirSync(path.dirname(target), { recursive: true });
		writeFileSync(target, code.replace(/\n\/\/# sourceMappingURL=.*$/m, ''));
	}
	writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
}

/**
 * The last compilation of each package's style sheets in this process, with the text of the
 * sheets it was compiled from: a build that packs the packages and then bundles the wp-admin
 * scripts (which emit the same style sheets) compiles them once.
 */
const compiledStyles = new Map();

/** Every style sheet of a package's src/, compiled in path order: `{ css, rtl, count }`. */
export function compileStyles(dir) {
	const sheets = walk(path.join(dir, 'src'), (name) => /\.scss$/.test(name));
	if (!sheets.length) return null;
	const sources = sheets.map((file) => `${file}\0${readFileSync(file, 'utf8')}`).join('\0');
	const previous = compiledStyles.get(dir);
	if (previous?.sources === sources) return { ...previous.styles };
	const parts = sheets.map((file) => {
		const { css } = require('sass').compile(file, {
			style: 'expanded',
			loadPaths: [path.join(root, 'node_modules')],
		});
		return `/* ${path.relative(path.join(dir, 'src'), file)} */\n${css}\n`;
	});
	const css = parts.join('\n');
	const styles = { css, rtl: require('rtlcss').process(css), count: sheets.length };
	compiledStyles.set(dir, { sources, styles });
	return { ...styles };
}

/** build-style/: every style sheet of the package, compiled in path order, and its RTL copy. */
function buildStyles(dir) {
	const styles = compileStyles(dir);
	if (!styles) return null;
	const outDir = path.join(dir, 'build-style');
	rmSync(outDir, { recursive: true, force: true });
	mkdirSync(outDir, { recursive: true });
	writeFileSync(path.join(outDir, 'style.css'), styles.css);
	writeFileSync(path.join(outDir, 'style-rtl.css'), styles.rtl);
	return styles.count;
}

/** Fails when any published module still imports a style sheet or source file. */
function verify(dir, name) {
	const problems = [];
	for (const sub of ['build', 'build-module']) {
		for (const file of walk(path.join(dir, sub), (f) => f.endsWith('.js'))) {
			const code = readFileSync(file, 'utf8');
			if (/\.s?css['"]/.test(code)) problems.push(`${path.relative(root, file)} imports CSS`);
			if (/from ['"]\.{1,2}\/[^'"]*\.tsx?['"]/.test(code)) {
				problems.push(`${path.relative(root, file)} imports a TypeScript source`);
			}
		}
	}
	if (!existsSync(path.join(dir, 'build-types/index.d.ts'))) {
		problems.push(`@abacus/${name}: build-types/index.d.ts is missing`);
	}
	if (problems.length) throw new Error(problems.join('\n'));
}

export function buildPackages(names = PACKAGES) {
	const unknown = names.filter((name) => !PACKAGES.includes(name));
	if (unknown.length) {
		throw new Error(`Unknown package(s): ${unknown.join(', ')}. Known: ${PACKAGES.join(', ')}`);
	}
	// tsc run by node itself: npx would first start npm to find it (half a second of CPU).
	execFileSync(
		process.execPath,
		[require.resolve('typescript/bin/tsc'), '-b', ...names.map((name) => `packages/${name}`)],
		{ cwd: root, stdio: 'inherit' },
	);
	const report = [];
	for (const name of names) {
		const dir = path.join(root, 'packages', name);
		const modules = finishModules(dir);
		buildCommonJs(dir, modules);
		const sheets = buildStyles(dir);
		verify(dir, name);
		report.push(
			`@abacus/${name}: ${modules.length} modules (ESM + CommonJS)` +
				(sheets ? `, ${sheets} style sheets → build-style/style.css (+ RTL)` : ''),
		);
	}
	return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const usage = `Usage: npm run build:packages -- [NAME...]
  Builds the @abacus packages (ES modules, CommonJS, types, style sheets) and checks each build.
  NAME: ${PACKAGES.join(', ')} (default: all).
  --help   this text`;
	const { positionals: names } = parseCommandLine({ usage, positionals: true });
	const unknown = names.filter((name) => !PACKAGES.includes(name));
	if (unknown.length) usageError(`No package named ${unknown.join(', ')}.`, usage);
	try {
		for (const line of buildPackages(names.length ? names : PACKAGES)) console.log(line);
	} catch (error) {
		console.error(`Package build failed: ${error.message}`);
		process.exit(1);
	}
}
