/**
 * The server's command line (`server/build/cli.js`) as the benches start it: on a free port,
 * without a sync, resolved once it says where it runs. `stop()` ends it.
 */
import { startEngine } from '../../support/engine-process.js';

export async function startCli(args: string[]): Promise<{ url: string; stop(): Promise<void> }> {
	const engine = await startEngine(['--no-sync', ...args], { timeoutMs: 300000 });
	return { url: engine.url, stop: () => engine.stop() };
}
