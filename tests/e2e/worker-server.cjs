/**
 * Points the test file at its worker's own servers and browser (started by
 * tests/e2e/global-setup.mjs): worker n (JEST_WORKER_ID) uses ABACUS_E2E_URL_<n>,
 * ABACUS_E2E_MARKUP_URL_<n> and ABACUS_E2E_BROWSER_<n>.
 */
const worker = process.env.JEST_WORKER_ID ?? '1';
for (const name of ['ABACUS_E2E_URL', 'ABACUS_E2E_MARKUP_URL', 'ABACUS_E2E_BROWSER']) {
	const url = process.env[`${name}_${worker}`];
	if (!url) {
		throw new Error(
			`${name}_${worker} is not set: the global setup started fewer servers than jest has workers.`,
		);
	}
	process.env[name] = url;
}
