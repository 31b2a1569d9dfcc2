/** Stops the servers and browsers the global setup started and removes their temporary databases. */
import { rmSync } from 'node:fs';

export default async function globalTeardown() {
	const state = globalThis.__ABACUS_E2E__;
	if (!state) return;
	for (const browser of state.browsers ?? []) await browser.close().catch(() => undefined);
	for (const server of state.servers) await server.close();
	rmSync(state.dir, { recursive: true, force: true });
}
