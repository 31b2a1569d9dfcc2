/** Stops the server the global setup started and removes its temporary database. */
import { rmSync } from 'node:fs';

export default async function globalTeardown() {
	const state = globalThis.__ABACUS_E2E__;
	if (!state) return;
	await state.server.close();
	await state.markupServer?.close();
	rmSync(state.dir, { recursive: true, force: true });
}
