/**
 * Runs the slowest test files first so that, with several workers, no long file starts last and
 * leaves the other workers idle. Jest orders files by their last duration when its cache knows it
 * and by file size otherwise (a fresh CI clone): the files listed here, measured on the 2-core CI
 * machine, go first in this order; every other file keeps jest's own order after them.
 */
const Sequencer = require('@jest/test-sequencer').default;

const SLOW_FIRST = [
	// Unit and integration tests, by their seconds in a fresh-clone CI run (2026-11-29: 2 workers,
	// beside the WordPress lane).
	// npm pack + three npm installs + bundles + Chromium.
	'tests/integration/consumer.test.ts', // 167 s
	'tests/integration/server-hardening-routes.test.ts', // 157 s
	'server/src/clickhouse/test/ingest.test.ts', // 116 s
	'server/src/clickhouse/test/profit.test.ts', // 112 s
	'server/src/reports/test/export-large.test.ts', // 99 s
	'server/src/clickhouse/test/order-stats.test.ts', // 86 s
	'server/src/clickhouse/test/routes.test.ts', // 75 s
	'server/src/clickhouse/test/reconcile.test.ts', // 69 s
	'server/src/clickhouse-engine/test/operator.test.ts', // 67 s
	'server/src/clickhouse/test/date-basis.test.ts', // 64 s
	'server/src/clickhouse/test/rollups.test.ts', // 62 s
	'server/src/clickhouse/test/beyond.test.ts', // 52 s
	'server/src/sync/test/push-states.test.ts', // 48 s
	'server/src/clickhouse-engine/test/server.test.ts', // 46 s
	'tests/integration/command-line.test.ts', // 44 s
	'server/src/sync/test/sync.test.ts', // 41 s
	'server/src/clickhouse/test/scale.test.ts', // 40 s
	'tests/integration/server-hardening.test.ts', // 39 s
	'server/src/clickhouse-engine/test/stores.test.ts', // 38 s
	'server/src/sync/test/settings-notice.test.ts', // 38 s
	'server/src/clickhouse/test/tables.test.ts', // 36 s
	'tests/integration/server-hardening-seeding.test.ts', // 34 s
	'server/src/clickhouse/test/annotations.test.ts', // 32 s
	// End-to-end, by their seconds in the same run (2 workers).
	// Every route opened at two widths and narrowed to two more.
	'tests/e2e/responsive.test.ts', // 93 s
	'tests/e2e/endpoint-faults.test.ts', // 74 s
	'tests/e2e/page-fuzz.test.ts', // 57 s
	'tests/e2e/forecast.test.ts', // 40 s
	'tests/e2e/long-jobs.test.ts', // 36 s
	'tests/e2e/first-hour-helpers.test.ts', // 35 s
	'tests/e2e/breakdowns.test.ts', // 29 s
	'tests/e2e/first-hour-reports.test.ts', // 29 s
	'tests/e2e/store-screens.test.ts', // 28 s
	'tests/e2e/accessibility.test.ts', // 27 s
	'tests/e2e/reports.test.ts', // 21 s
	'tests/e2e/revenue.test.ts', // 19 s
	'tests/e2e/annotations.test.ts', // 18 s
	'tests/e2e/saved-views.test.ts', // 16 s
	'tests/e2e/order-times-cohorts.test.ts', // 15 s
	'tests/e2e/filter-cards.test.ts', // 14 s
	'tests/e2e/profit.test.ts', // 13 s
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
