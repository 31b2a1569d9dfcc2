/**
 * Runs the slowest test files first so that, with several workers, no long file starts last and
 * leaves the other workers idle. Jest orders files by their last duration when its cache knows it
 * and by file size otherwise (a fresh CI clone): the files listed here, measured on the 2-core CI
 * machine, go first in this order; every other file keeps jest's own order after them.
 */
const Sequencer = require('@jest/test-sequencer').default;

const SLOW_FIRST = [
	// npm pack + install + bundles + Chromium, about 3.5 minutes.
	'tests/integration/consumer.test.ts',
	'tests/integration/server-hardening-routes.test.ts',
	'tests/integration/server-hardening.test.ts',
	'server/src/clickhouse/test/order-stats.test.ts',
	'server/src/clickhouse/test/scale.test.ts',
	'server/src/clickhouse/test/server.test.ts',
	'server/src/reports/test/export-large.test.ts',
	'server/src/clickhouse/test/tables.test.ts',
	'server/src/clickhouse/test/reconcile.test.ts',
	'server/src/clickhouse/test/routes.test.ts',
	'tests/integration/server-hardening-seeding.test.ts',
	// End-to-end: every route at three widths, about 6 minutes.
	'tests/e2e/responsive.test.ts',
	'tests/e2e/page-fuzz.test.ts',
	'tests/e2e/first-hour-helpers.test.ts',
	'tests/e2e/store-screens.test.ts',
	'tests/e2e/endpoint-faults.test.ts',
	'tests/e2e/breakdowns.test.ts',
	'tests/e2e/accessibility.test.ts',
	'tests/e2e/first-hour-reports.test.ts',
];

function rank(test) {
	const file = test.path.split('\\').join('/');
	const index = SLOW_FIRST.findIndex((suffix) => file.endsWith(`/${suffix}`));
	return index === -1 ? SLOW_FIRST.length : index;
}

class SlowFirstSequencer extends Sequencer {
	sort(tests) {
		const ordered = super.sort(tests);
		// Array.prototype.sort is stable: unlisted files keep jest's order.
		return [...ordered].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = SlowFirstSequencer;
