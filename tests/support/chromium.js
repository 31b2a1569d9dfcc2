/**
 * The browser every test drives, and its flags.
 *
 * `CHROMIUM_PATH`: Debian's `chromium-headless-shell` (the package of that name: the same Chromium
 * release as Debian's `chromium`, built as the headless shell, without the desktop browser's
 * processes and features around the page), or the `CHROMIUM_PATH` environment variable. A page
 * renders with the same engine and fonts, and costs about half the CPU it costs in
 * `chromium --headless` (one report page test: 37.6 CPU seconds of Chromium against 16.6), which on
 * a 2-core machine is most of an end-to-end test's time. The benches that time pages as a
 * person sees them start Debian's desktop `chromium` instead.
 *
 * `CHROMIUM_ARGS`: no sandbox (root in CI), no GPU, and none of the browser's own network traffic.
 */
export const CHROMIUM_PATH =
	process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--no-first-run',
	'--disable-sync',
];
