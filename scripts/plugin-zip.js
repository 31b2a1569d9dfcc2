/**
 * `npm run plugin-zip`: builds the client's WordPress flavour (build/wp: React and @wordpress/*
 * from WordPress), generates the POT file and writes abacus.zip with plugin.php, uninstall.php,
 * includes/, php/, readme.txt, build/wp, build/wp-packages (the abacus-* script handles: JS,
 * .asset.php, components.css and its RTL copy) and languages/ under an `abacus/` folder, ready to upload in
 * WordPress. build/wp/chunk-groups.json goes with it (plugin.php preloads the files of the page's
 * own chunks from it). The standalone bundle, the component gallery and the translation map (build
 * metadata) are not shipped.
 *
 * Usage: node scripts/plugin-zip.js [--skip-build] [--out file.zip]
 * ABACUS_BUILD_ROOT takes the build from (and builds into) another folder than build/.
 */
import { execFileSync } from 'node:child_process';
import {
	createWriteStream,
	existsSync,
	mkdirSync,
	readFileSync,
	readdirSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine } from './command-line.js';
import { makePot, packageScriptMap } from './make-pot.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function files(dir) {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return statSync(full).isDirectory() ? files(full) : [full];
	});
}

/**
 * The packages php/register-packages.php registers as abacus-<name> scripts (wp-components: the
 * @wordpress/components exports Abacus uses; wp-date: its @wordpress/date and moment-timezone).
 */
const PACKAGE_SCRIPTS = [
	'wp-components',
	'settings',
	'wp-date',
	'number',
	'currency',
	'date',
	'navigation',
	'csv-export',
	'data',
	'components',
];

/** Build files that are not the plugin's: metadata for the build and the benchmarks. */
const NOT_SHIPPED = new Set(['translation-map.json']);

export async function buildZip(out = path.join(root, 'abacus.zip'), { skipBuild = false } = {}) {
	const buildRoot = process.env.ABACUS_BUILD_ROOT
		? path.resolve(process.env.ABACUS_BUILD_ROOT)
		: path.join(root, 'build');
	if (!skipBuild) {
		execFileSync('npx', ['webpack', '--mode', 'production'], {
			cwd: root,
			stdio: 'inherit',
			env: { ...process.env, ABACUS_FLAVOUR: 'wp' },
		});
		execFileSync(
			'npx',
			['webpack', '-c', 'scripts/webpack.packages.config.js', '--mode', 'production'],
			{ cwd: root, stdio: 'inherit', env: process.env },
		);
	}
	const wpBuild = path.join(buildRoot, 'wp');
	for (const file of [
		'start.js',
		'start.asset.php',
		'index.js',
		'index.asset.php',
		'time-zones.json',
	]) {
		if (!existsSync(path.join(wpBuild, file))) {
			throw new Error(`${path.join(wpBuild, file)} is missing: the client build failed.`);
		}
	}
	const packagesBuild = path.join(buildRoot, 'wp-packages');
	for (const name of PACKAGE_SCRIPTS) {
		for (const file of [`${name}.js`, `${name}.asset.php`]) {
			if (!existsSync(path.join(packagesBuild, file))) {
				throw new Error(
					`${path.join(packagesBuild, file)} is missing: run "npm run build:wp-packages".`,
				);
			}
		}
	}
	const mapFile = path.join(wpBuild, 'translation-map.json');
	const { pot, count } = makePot({
		scriptMap: existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : undefined,
		packageScripts: packageScriptMap(packagesBuild),
	});
	mkdirSync(path.join(root, 'languages'), { recursive: true });
	writeFileSync(path.join(root, 'languages/abacus.pot'), pot);

	// Loaded here, not at the top: `--help` and a wrong flag answer without it.
	const yazl = createRequire(import.meta.url)('yazl');
	const zip = new yazl.ZipFile();
	// [file on disk, path in the zip under abacus/]
	const entries = [
		...['plugin.php', 'uninstall.php', 'readme.txt'].map((f) => [path.join(root, f), f]),
		...files(path.join(root, 'includes')).map((f) => [f, path.relative(root, f)]),
		...files(path.join(root, 'php')).map((f) => [f, path.relative(root, f)]),
		...files(wpBuild)
			.filter((f) => !NOT_SHIPPED.has(path.basename(f)))
			.map((f) => [f, `build/wp/${path.relative(wpBuild, f)}`]),
		...files(packagesBuild).map((f) => [
			f,
			`build/wp-packages/${path.relative(packagesBuild, f)}`,
		]),
		...files(path.join(root, 'languages')).map((f) => [f, path.relative(root, f)]),
	];
	for (const [full, name] of entries) {
		zip.addFile(full, `abacus/${name.split(path.sep).join('/')}`);
	}
	zip.end();
	await new Promise((resolve, reject) => {
		zip.outputStream.pipe(createWriteStream(out)).on('close', resolve).on('error', reject);
	});
	return { out, files: entries.length, strings: count };
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values } = parseCommandLine({
		usage: `Usage: npm run plugin-zip -- [--out abacus.zip] [--skip-build]
  Builds the plugin (unless --skip-build) and writes the installable WordPress plugin zip.
  --out PATH      where to write the zip
  --skip-build    zip the current build as it is
  --help          this text`,
		options: { out: { type: 'string' }, 'skip-build': { type: 'boolean', default: false } },
	});
	const {
		out,
		files: n,
		strings,
	} = await buildZip(values.out === undefined ? undefined : path.resolve(values.out), {
		skipBuild: values['skip-build'],
	});
	console.log(`Wrote ${path.relative(root, out)}: ${n} files, ${strings} translatable strings.`);
}
