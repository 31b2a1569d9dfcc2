/**
 * Runs the slowest test files first so that, with several workers, no long file starts last and
 * leaves the other workers idle. Jest orders files by their last duration when its cache knows it
 * and by file size otherwise (a fresh CI clone): the files listed here, measured on the 2-core CI
 * machine, go first in this order; every other file keeps jest's own order after them.
 */
const Sequencer = require('@jest/test-sequencer').default;

const SLOW_FIRST = [
	// Unit and integration tests, by their seconds in a CI run (2 workers, loaded machine).
	// npm pack + two npm installs + bundles + Chromium, about 3 minutes.
	'tests/integration/consumer.test.ts',
	'tests/integration/server-hardening-routes.test.ts', // 95 s
	'server/src/clickhouse/test/profit.test.ts', // 86 s
	'server/src/clickhouse/test/order-stats.test.ts', // 77 s
	'server/src/clickhouse/test/routes.test.ts', // 73 s
	'server/src/clickhouse-engine/test/server.test.ts', // 73 s
	'server/src/clickhouse/test/scale.test.ts', // 57 s
	'server/src/clickhouse/test/reconcile.test.ts', // 56 s
	'server/src/reports/test/export-large.test.ts', // 53 s
	'server/src/clickhouse/test/tables.test.ts', // 51 s
	'tests/integration/server-hardening.test.ts', // 49 s
	'server/src/clickhouse/test/ingest.test.ts', // 45 s
	'tests/integration/server-hardening-seeding.test.ts', // 36 s
	'server/src/clickhouse-engine/test/operator.test.ts', // 32 s
	'server/src/sync/test/sync.test.ts', // 31 s
	'server/src/clickhouse/test/rollups.test.ts', // 31 s
	'server/src/clickhouse/test/beyond.test.ts', // 30 s
	'server/src/clickhouse-engine/test/stores.test.ts', // 29 s
	// End-to-end, by their seconds in a CI run (2 workers).
	// Every route opened at two widths and narrowed to two more.
	'tests/e2e/responsive.test.ts',
	'tests/e2e/endpoint-faults.test.ts', // 205 s
	'tests/e2e/first-hour-helpers.test.ts', // 149 s
	'tests/e2e/store-screens.test.ts', // 138 s
	'tests/e2e/page-fuzz.test.ts', // 128 s
	'tests/e2e/breakdowns.test.ts', // 124 s
	'tests/e2e/first-hour-reports.test.ts', // 117 s
	'tests/e2e/long-jobs.test.ts', // 101 s
	'tests/e2e/accessibility.test.ts', // 94 s
	'tests/e2e/revenue.test.ts', // 78 s
	'tests/e2e/reports.test.ts', // 76 s
	'tests/e2e/saved-views.test.ts', // 68 s
	'tests/e2e/order-times-cohorts.test.ts', // 67 s
	'tests/e2e/filter-cards.test.ts', // 64 s
	'tests/e2e/chart-followups.test.ts', // 59 s
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
