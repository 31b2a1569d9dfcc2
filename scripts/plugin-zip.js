/**
 * `npm run plugin-zip`: builds the client (both flavours), generates the POT file and writes
 * abacus.zip with plugin.php, readme.txt, build/ and languages/ under an `abacus/` folder, ready to
 * upload in WordPress.
 *
 * Usage: node scripts/plugin-zip.js [--skip-build] [--out file.zip]
 */
import { execFileSync } from 'node:child_process';
import {
	createWriteStream,
	existsSync,
	mkdirSync,
	readdirSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import yazl from 'yazl';

import { makePot } from './make-pot.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function files(dir) {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return statSync(full).isDirectory() ? files(full) : [full];
	});
}

export async function buildZip(out = path.join(root, 'abacus.zip'), { skipBuild = false } = {}) {
	if (!skipBuild) {
		execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
	}
	for (const flavour of ['wp', 'standalone']) {
		if (!existsSync(path.join(root, 'build', flavour, 'index.js'))) {
			throw new Error(`build/${flavour}/index.js is missing: the client build failed.`);
		}
	}
	const { pot, count } = makePot();
	mkdirSync(path.join(root, 'languages'), { recursive: true });
	writeFileSync(path.join(root, 'languages/abacus.pot'), pot);

	const zip = new yazl.ZipFile();
	const entries = [
		'plugin.php',
		'readme.txt',
		...files(path.join(root, 'build')),
		...files(path.join(root, 'languages')),
	];
	for (const entry of entries) {
		const full = path.isAbsolute(entry) ? entry : path.join(root, entry);
		zip.addFile(full, `abacus/${path.relative(root, full)}`);
	}
	zip.end();
	await new Promise((resolve, reject) => {
		zip.outputStream.pipe(createWriteStream(out)).on('close', resolve).on('error', reject);
	});
	return { out, files: entries.length, strings: count };
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const args = process.argv.slice(2);
	const outIndex = args.indexOf('--out');
	const {
		out,
		files: n,
		strings,
	} = await buildZip(outIndex >= 0 ? path.resolve(args[outIndex + 1]) : undefined, {
		skipBuild: args.includes('--skip-build'),
	});
	console.log(`Wrote ${path.relative(root, out)}: ${n} files, ${strings} translatable strings.`);
}
