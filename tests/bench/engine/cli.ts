/**
 * The server's command line (`server/build/cli.js`) as the benches start it: on a free port,
 * without a sync, resolved once it says where it runs. `stop()` ends it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import { freePort } from '../../../server/src/clickhouse/cluster.js';

const REPO = path.resolve(__dirname, '../../..');

export async function startCli(args: string[]): Promise<{ url: string; stop(): Promise<void> }> {
	const port = await freePort();
	const child = spawn(
		process.execPath,
		['server/build/cli.js', '--port', String(port), '--no-sync', ...args],
		{ cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	await new Promise<void>((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`cli.js did not start:\n${output}`)),
			300000,
		);
		const seen = (chunk: Buffer) => {
			output += chunk.toString();
			if (output.includes('Abacus is running at')) {
				clearTimeout(timer);
				resolve();
			}
		};
		child.stdout?.on('data', seen);
		child.stderr?.on('data', seen);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`cli.js stopped (${code}):\n${output}`));
		});
	});
	return {
		url: `http://127.0.0.1:${port}`,
		stop: () =>
			new Promise((resolve) => {
				child.removeAllListeners('exit');
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}
