/**
 * Bundle figures: the JavaScript and CSS a browser downloads to show the Revenue report (the entry
 * plus the chunks of its first render), minified and gzipped, in both build flavours, and the size
 * of every report chunk. Reads webpack's stats for each flavour (it builds them when missing).
 *
 * Prints a table; `measureBundles()` returns the figures for scripts/bench.js.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseCommandLine } from '../../scripts/command-line.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The build measured: ABACUS_BUILD_ROOT (as webpack.config.js reads it) or build/. */
const buildRoot = process.env.ABACUS_BUILD_ROOT
	? path.resolve(process.env.ABACUS_BUILD_ROOT)
	: path.join(root, 'build');

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Files of a chunk group (from build/<flavour>/chunk-groups.json), as absolute paths. */
function groupFiles(flavour, group) {
	const manifest = JSON.parse(
		readFileSync(path.join(buildRoot, flavour, 'chunk-groups.json'), 'utf8'),
	);
	return (manifest[group] ?? [])
		.filter((f) => /\.(js|css)$/.test(f))
		.map((f) => path.join(buildRoot, flavour, f));
}

export function measureBundles({ build = true } = {}) {
	if (
		build &&
		['wp', 'standalone'].some(
			(flavour) => !existsSync(path.join(buildRoot, flavour, 'chunk-groups.json')),
		)
	) {
		execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
	}
	const result = {};
	for (const flavour of ['wp', 'standalone']) {
		const manifest = JSON.parse(
			readFileSync(path.join(buildRoot, flavour, 'chunk-groups.json'), 'utf8'),
		);
		const files = [
			...new Set([...groupFiles(flavour, 'index'), ...groupFiles(flavour, 'report-revenue')]),
		];
		const js = files.filter((f) => f.endsWith('.js'));
		const css = files.filter((f) => f.endsWith('.css'));
		const reports = {};
		for (const name of Object.keys(manifest).filter((n) => n !== 'index')) {
			const own = groupFiles(flavour, name).filter((f) => f.endsWith('.js'));
			reports[name] = kb(own.reduce((sum, f) => sum + gz(f), 0));
		}
		result[flavour] = {
			revenueInitialJsGzipKB: kb(js.reduce((sum, f) => sum + gz(f), 0)),
			revenueInitialJsMinKB: kb(js.reduce((sum, f) => sum + statSync(f).size, 0)),
			revenueInitialCssGzipKB: kb(css.reduce((sum, f) => sum + gz(f), 0)),
			chunkGroupsGzipKB: reports,
		};
	}
	return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	parseCommandLine({
		usage: 'Usage: node tests/bench/bundle.js\n  The sizes of the admin bundle (build first: npx webpack --mode production).\n  --help   this text',
	});
	const figures = measureBundles();
	for (const [flavour, f] of Object.entries(figures)) {
		console.log(
			`${flavour}: revenue initial JS ${f.revenueInitialJsGzipKB} KB gz (${f.revenueInitialJsMinKB} KB min), CSS ${f.revenueInitialCssGzipKB} KB gz`,
		);
		for (const [chunk, size] of Object.entries(f.chunkGroupsGzipKB))
			console.log(`  ${chunk}: ${size} KB gz`);
	}
}
