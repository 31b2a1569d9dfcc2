/**
 * The Abacus server's command line (`server/build/cli.js`, built by `npx tsc -b server`) started
 * as the WordPress tests and the engine benches start it: on a free loopback port, resolved once it
 * says "Abacus is running at". Secrets never go on its command line: a store's shared secret is
 * saved in its database by `connect` (tests/engine/stack.ts) before the engine starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../..');

/** A free loopback port: nothing listens on it once it is returned. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() =>
				typeof address === 'object' && address
					? resolve(address.port)
					: reject(new Error('no port')),
			);
		});
	});
}

export interface EngineProcess {
	/** `http://127.0.0.1:<port>`, without a trailing slash. */
	url: string;
	port: number;
	process: ChildProcess;
	/** Everything it printed so far (standard output and error). */
	output(): string;
	/** Settles when the process has exited (already exited: at once). */
	exited: Promise<void>;
	/**
	 * Sends SIGTERM and resolves when it has exited, or after `graceMs` (default: no limit) if it
	 * has not.
	 */
	stop(graceMs?: number): Promise<void>;
}

export interface StartEngineOptions {
	/** The folder it runs in (default the repository). */
	cwd?: string;
	/** Its port (default a free one). */
	port?: number;
	/** How long it may take to say it runs, in ms (default 120 s). */
	timeoutMs?: number;
	/** Its environment (default this process's). */
	env?: NodeJS.ProcessEnv;
}

/**
 * Starts `node server/build/cli.js --port <port> ...args` and resolves once it says it runs;
 * rejects with its output when it stops first or does not say so within `timeoutMs` (the process
 * is then ended).
 */
export async function startEngine(
	args: string[],
	options: StartEngineOptions = {},
): Promise<EngineProcess> {
	const port = options.port ?? (await freePort());
	const child = spawn(
		process.execPath,
		['server/build/cli.js', '--port', String(port), ...args],
		{
			cwd: options.cwd ?? REPO,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: options.env ?? process.env,
		},
	);
	let output = '';
	const exited = new Promise<void>((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) resolve();
		else child.once('exit', () => resolve());
	});
	const stop = async (graceMs?: number): Promise<void> => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		child.kill('SIGTERM');
		await (graceMs === undefined
			? exited
			: Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]));
	};
	try {
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(
				() => reject(new Error(`The engine did not start: ${output}`)),
				options.timeoutMs ?? 120000,
			);
			const read = (chunk: Buffer) => {
				output += chunk.toString();
				if (output.includes('Abacus is running at')) {
					clearTimeout(timer);
					resolve();
				}
			};
			child.stdout?.on('data', read);
			child.stderr?.on('data', read);
			child.once('exit', (code) => {
				clearTimeout(timer);
				reject(new Error(`The engine stopped (${code}): ${output}`));
			});
		});
	} catch (error) {
		await stop(10000);
		throw error;
	}
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		process: child,
		output: () => output,
		exited,
		stop,
	};
}
