/**
 * One Chromium for a jest worker's test files (started by tests/e2e/global-setup.mjs in a process
 * of its own, so the browser's protocol traffic never waits on the demo servers' event loop, nor
 * they on it): launches Playwright's browser server, prints `WS <endpoint>` and closes the browser
 * on SIGTERM.
 */
import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

if (process.argv[2] === 'serve') {
	const server = await chromium.launchServer({
		executablePath: CHROMIUM_PATH,
		args: CHROMIUM_ARGS,
	});
	const stop = async () => {
		await server.close().catch(() => undefined);
		process.exit(0);
	};
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
	// The parent (the jest run) is gone: nobody will stop this browser otherwise.
	process.on('disconnect', stop);
	console.log(`WS ${server.wsEndpoint()}`);
}
