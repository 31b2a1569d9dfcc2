/**
 * A report page's answers asked for together are stored together: the store changes once for
 * all of them, so the page is not drawn again for each answer (with the others still missing);
 * one slow answer does not hold the others back for longer than a moment.
 */
import { registryWith, stubApiFetch, until, wpError } from '../../test/helpers.js';
import { EMPTY_REPORT } from '../constants.js';
import { store } from '../index.js';
import { selectReportStats } from '../select.js';

const queries = [1, 2, 3].map((page) => ({ interval: 'day', page }));

/** How many of `queries`' answers (or errors) the store holds. */
function storedOf(registry: ReturnType<typeof registryWith>): number {
	return queries.filter((query) => {
		const state = registry.select(store);
		return (
			state.getReportStats('revenue', query) !== EMPTY_REPORT ||
			state.getReportStatsError('revenue', query) !== false
		);
	}).length;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('report answers asked for together', () => {
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

	it('are stored in one change when they arrive one after another', async () => {
		// Each answer in a task of its own, 15 ms apart.
		stubApiFetch(async (call) => {
			await wait(15 * Number(call.query.page));
			return { body: { totals: { orders_count: Number(call.query.page) }, intervals: [] } };
		});
		const registry = registryWith(store);
		const seen: number[] = [];
		const unsubscribe = registry.subscribe(() => seen.push(storedOf(registry)));
		for (const query of queries) selectReportStats(registry.select, 'revenue', query);
		await until(() => storedOf(registry) === 3);
		unsubscribe();
		expect(seen.filter((count) => count > 0 && count < 3)).toEqual([]);
	});

	it('are not held back by a slow one', async () => {
		let answerSlow: () => void = () => undefined;
		const slow = new Promise<void>((resolve) => {
			answerSlow = resolve;
		});
		stubApiFetch(async (call) => {
			if (call.query.page === '3') await slow;
			return { body: { totals: { orders_count: Number(call.query.page) }, intervals: [] } };
		});
		const registry = registryWith(store);
		for (const query of queries) selectReportStats(registry.select, 'revenue', query);
		// The first two are stored while the third is still being asked for.
		await until(() => storedOf(registry) === 2);
		expect(selectReportStats(registry.select, 'revenue', queries[2]).status).toBe('resolving');
		answerSlow();
		await until(() => storedOf(registry) === 3);
		expect(selectReportStats(registry.select, 'revenue', queries[2]).status).toBe('success');
	});
});
