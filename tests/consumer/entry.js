/**
 * A consumer's entry: imports every pure package through its public name, as an extension's
 * webpack build would (resolved to packages/<name>/build-module by the exports maps).
 */
import * as csvExport from '@abacus/csv-export';
import * as currency from '@abacus/currency';
import * as date from '@abacus/date';
import * as navigation from '@abacus/navigation';
import * as number from '@abacus/number';
import * as settings from '@abacus/settings';

const modules = { settings, number, currency, date, navigation, 'csv-export': csvExport };

const report = { exports: {}, checks: {} };
for (const [name, module] of Object.entries(modules)) {
	report.exports[name] = Object.keys(module).sort();
}

// A few calls that must work without a browser.
report.checks.intervalKeys = date
	.getIntervalBuckets('2021-11-30T00:00:00', '2021-12-12T23:59:59', 'week', 1)
	.map((bucket) => bucket.key);
report.checks.newPath = navigation.getNewPath({ period: 'year' }, '/analytics/revenue', {});
report.checks.path = navigation.getPath();
report.checks.hasWindow = typeof globalThis.window !== 'undefined';

process.stdout.write(JSON.stringify(report));
