/**
 * The wordpress.org path of the WordPress test's stack (used where `ABACUS_WP_STACK` is missing),
 * without the network: a local HTTP server serves release archives, and downloadRelease() keeps a
 * release only when the files it unpacks to have the known SHA-256. The pinned sums are those of the
 * stack folder's releases (checked here when that folder exists).
 */
import { execFileSync } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import yazl from 'yazl';

import { STACK_FILES, downloadRelease, leftOutOfStackWordPress, treeSha256 } from './harness.js';

/** A zip of `dir`'s files, under `prefix/`. */
function zipFolder(dir: string, prefix: string): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const zip = new yazl.ZipFile();
		const walk = (relative: string) => {
			for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
				const child = relative ? `${relative}/${entry.name}` : entry.name;
				if (entry.isDirectory()) walk(child);
				else zip.addFile(path.join(dir, child), `${prefix}/${child}`);
			}
		};
		walk('');
		zip.end();
		const chunks: Buffer[] = [];
		zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
		zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
		zip.outputStream.on('error', reject);
	});
}

function write(file: string, text: string): void {
	mkdirSync(path.dirname(file), { recursive: true });
	writeFileSync(file, text);
}

describe('the wordpress.org download of the stack', () => {
	let tmp: string;
	let server: http.Server;
	let base: string;
	const served = new Map<string, Buffer>();
	const requests: string[] = [];

	beforeAll(async () => {
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-wp-download-'));
		server = http.createServer((request, response) => {
			requests.push(request.url ?? '');
			const body = served.get(request.url ?? '');
			if (!body) {
				response.writeHead(404).end('Not found');
				return;
			}
			response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(body);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});

	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
		rmSync(tmp, { recursive: true, force: true });
	});

	/** A small plugin release (`woocommerce/…`), its zip served at `name`; returns its files' sum. */
	async function servePlugin(name: string, readme: string): Promise<string> {
		const source = mkdtempSync(path.join(tmp, 'source-'));
		write(path.join(source, 'woocommerce.php'), '<?php\n// Plugin Name: WooCommerce\n');
		write(path.join(source, 'readme.txt'), readme);
		write(path.join(source, 'vendor/autoload.php'), '<?php\n');
		served.set(`/plugin/${name}`, await zipFolder(source, 'woocommerce'));
		return treeSha256(source);
	}

	test('a release whose files have the known SHA-256 is unpacked and kept for the next run', async () => {
		const sum = await servePlugin('woocommerce.10.0.2.zip', 'Stable tag: 10.0.2\n');
		const downloads = path.join(tmp, 'downloads-good');
		const into = mkdtempSync(path.join(tmp, 'into-'));
		const source = {
			url: `${base}/plugin/woocommerce.10.0.2.zip`,
			folder: 'woocommerce',
			treeSha256: sum,
		};
		await downloadRelease(source, downloads, into);
		expect(readFileSync(path.join(into, 'woocommerce/readme.txt'), 'utf8')).toBe(
			'Stable tag: 10.0.2\n',
		);
		expect(existsSync(path.join(into, 'woocommerce/vendor/autoload.php'))).toBe(true);
		// Nothing but the verified folder is left behind.
		expect(readdirSync(into)).toEqual(['woocommerce']);
		expect(readdirSync(downloads)).toEqual(['woocommerce.10.0.2.zip']);
		// A later run takes the kept archive (and checks it again) without asking the server.
		const asked = requests.length;
		const again = mkdtempSync(path.join(tmp, 'into-'));
		await downloadRelease(source, downloads, again);
		expect(requests.length).toBe(asked);
		expect(treeSha256(path.join(again, 'woocommerce'))).toBe(sum);
	});

	test('a release whose files differ from the known SHA-256 is refused, saying which sums, and deleted', async () => {
		const right = await servePlugin('woocommerce.10.0.2.zip', 'Stable tag: 10.0.2\n');
		// The server hands out a tampered archive under the same name.
		const tampered = await servePlugin(
			'woocommerce.10.0.2.zip',
			'Stable tag: 10.0.2 (changed)\n',
		);
		expect(tampered).not.toBe(right);
		const downloads = path.join(tmp, 'downloads-bad');
		const into = mkdtempSync(path.join(tmp, 'into-'));
		const url = `${base}/plugin/woocommerce.10.0.2.zip`;
		await expect(
			downloadRelease({ url, folder: 'woocommerce', treeSha256: right }, downloads, into),
		).rejects.toThrow(
			`${url} unpacks to files with SHA-256 ${tampered}, expected ${right}: not the release the tests are written for; the download was deleted.`,
		);
		// Neither the archive nor any of its files is left to be used.
		expect(readdirSync(downloads)).toEqual([]);
		expect(readdirSync(into)).toEqual([]);
	});

	test('a missing file, an archive that is not one, and the wrong folder are refused clearly', async () => {
		const into = mkdtempSync(path.join(tmp, 'into-'));
		const downloads = path.join(tmp, 'downloads-errors');
		const sum = '0'.repeat(64);
		await expect(
			downloadRelease(
				{
					url: `${base}/plugin/woocommerce.9.9.9.zip`,
					folder: 'woocommerce',
					treeSha256: sum,
				},
				downloads,
				into,
			),
		).rejects.toThrow(`${base}/plugin/woocommerce.9.9.9.zip answered 404.`);
		served.set('/plugin/broken.zip', Buffer.from('<html>maintenance</html>'));
		await expect(
			downloadRelease(
				{ url: `${base}/plugin/broken.zip`, folder: 'woocommerce', treeSha256: sum },
				downloads,
				into,
			),
		).rejects.toThrow(`${base}/plugin/broken.zip is not a readable archive`);
		await servePlugin('other.zip', 'x');
		await expect(
			downloadRelease(
				{ url: `${base}/plugin/other.zip`, folder: 'wordpress', treeSha256: sum },
				downloads,
				into,
			),
		).rejects.toThrow(`${base}/plugin/other.zip does not unpack to a wordpress/ folder`);
		expect(readdirSync(downloads)).toEqual([]);
		expect(readdirSync(into)).toEqual([]);
	});

	test('WordPress core: the bundled themes and plugins the stack leaves out are removed before the check', async () => {
		const source = mkdtempSync(path.join(tmp, 'core-'));
		const core = path.join(source, 'wordpress');
		write(path.join(core, 'wp-load.php'), '<?php\n');
		write(path.join(core, 'wp-content/index.php'), '<?php\n');
		write(path.join(core, 'wp-content/themes/index.php'), '<?php\n');
		write(path.join(core, 'wp-content/themes/twentytwentyfive/style.css'), '/* 2025 */\n');
		write(path.join(core, 'wp-content/plugins/index.php'), '<?php\n');
		const stackSum = treeSha256(core);
		// wordpress.org's archive also has these.
		write(path.join(core, 'wp-content/themes/twentytwentyfour/style.css'), '/* 2024 */\n');
		write(path.join(core, 'wp-content/plugins/akismet/akismet.php'), '<?php\n');
		write(path.join(core, 'wp-content/plugins/hello.php'), '<?php\n');
		const tarball = path.join(tmp, 'wordpress-6.8.8.tar.gz');
		execFileSync('tar', ['czf', tarball, '-C', source, 'wordpress']);
		served.set('/wordpress-6.8.8.tar.gz', readFileSync(tarball));
		const into = mkdtempSync(path.join(tmp, 'into-'));
		await downloadRelease(
			{
				url: `${base}/wordpress-6.8.8.tar.gz`,
				folder: 'wordpress',
				treeSha256: stackSum,
				leftOut: leftOutOfStackWordPress,
			},
			path.join(tmp, 'downloads-core'),
			into,
		);
		expect(treeSha256(path.join(into, 'wordpress'))).toBe(stackSum);
		expect(existsSync(path.join(into, 'wordpress/wp-content/plugins/akismet'))).toBe(false);
	});

	const stack = path.resolve(
		__dirname,
		'../..',
		process.env.ABACUS_WP_STACK ?? '../shared/wp-stack',
	);
	(existsSync(stack) ? test : test.skip)(
		'the pinned SHA-256 are those of the stack folder’s releases',
		() => {
			const unpacked = mkdtempSync(path.join(tmp, 'stack-'));
			for (const key of ['wordpress', 'woocommerce'] as const) {
				execFileSync('tar', [
					'xzf',
					path.join(stack, STACK_FILES[key].file),
					'-C',
					unpacked,
				]);
				expect(treeSha256(path.join(unpacked, STACK_FILES[key].folder))).toBe(
					STACK_FILES[key].treeSha256,
				);
			}
		},
		60000,
	);
});
