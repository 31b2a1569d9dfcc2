/**
 * Chromium's flags for every browser the tests and benches start (Debian's Chromium through
 * Playwright): no sandbox (root in CI), no GPU, and none of the browser's own network traffic.
 */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--no-first-run',
	'--disable-sync',
];
