/**
 * A report page's answers that arrive together are stored together: the store changes once for
 * all of them, so the page is not drawn again for each answer (with the others still missing).
 */
import { registryWith, stubApiFetch, until, wpError } from '../../test/helpers.js';
import { EMPTY_REPORT } from '../constants.js';
import { store } from '../index.js';
import { selectReportStats } from '../select.js';

const queries = [1, 2, 3].map((page) => ({ interval: 'day', page }));

describe('report answers arriving together', () => {
	it('are stored in one change of the store', async () => {
		stubApiFetch((call) =>
			call.query.page === '2'
				? wpError(500, 'db', 'Database gone')
				: { body: { totals: { orders_count: Number(call.query.page) }, intervals: [] } },
		);
		const registry = registryWith(store);
		/** How many of the three answers (or errors) each change of the store shows. */
		const seen: number[] = [];
		const stored = () =>
			queries.filter((query) => {
				const state = registry.select(store);
				return (
					state.getReportStats('revenue', query) !== EMPTY_REPORT ||
					state.getReportStatsError('revenue', query) !== false
				);
			}).length;
		const unsubscribe = registry.subscribe(() => seen.push(stored()));
		for (const query of queries) selectReportStats(registry.select, 'revenue', query);
		await until(() =>
			queries.every((query) =>
				registry.select(store).hasFinishedResolution('getReportStats', ['revenue', query]),
			),
		);
		unsubscribe();
		// Before: none; after the one change: all three (the error with them), never one or two.
		expect(seen.filter((count) => count > 0 && count < 3)).toEqual([]);
		expect(seen.at(-1)).toBe(3);
		for (const query of queries) {
			expect(selectReportStats(registry.select, 'revenue', query).status).toBe(
				query.page === 2 ? 'error' : 'success',
			);
		}
	});
});
