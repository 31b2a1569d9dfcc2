/**
 * Fuzz: thousands of hostile report addresses through the date and navigation packages. Nothing
 * may throw, and every answer must be one the app can use (a known interval and chart type, valid
 * date ranges in order, positive unique ids, only the persisted keys).
 */
import fc from 'fast-check';
import moment from 'moment';

import {
	getAllowedIntervalsForQuery,
	getChartTypeForQuery,
	getCurrentDates,
	getDateParamsFromQuery,
	getIntervalForQuery,
} from '@abacus/date';
import {
	getActiveFiltersFromQuery,
	getIdsFromQuery,
	getNewPath,
	getPersistedQuery,
	getQueryFromActiveFilters,
	getSearchWords,
} from '@abacus/navigation';

import { hostileQuery, hostileQueryString, parseQueryString } from './arbitraries.js';

const RUNS = 2000;
const INTERVALS = ['hour', 'day', 'week', 'month', 'quarter', 'year'];
const PERSISTED = ['period', 'compare', 'before', 'after', 'interval', 'type'];

const asQuery = (q: Record<string, unknown>) => q as Parameters<typeof getIntervalForQuery>[0];

const advancedConfig = {
	status: {
		labels: {
			add: 'Order status',
			remove: 'Remove',
			rule: 'Rule',
			title: 'Status',
			filter: 'Select',
		},
		rules: [
			{ value: 'is', label: 'Is' },
			{ value: 'is_not', label: 'Is not' },
		],
		input: {
			component: 'SelectControl',
			options: [{ value: 'completed', label: 'Completed' }],
		},
	},
	attribute: {
		allowMultiple: true,
		labels: {
			add: 'Attribute',
			remove: 'Remove',
			rule: 'Rule',
			title: 'Attribute',
			filter: 'Select',
		},
		rules: [
			{ value: 'is', label: 'Is' },
			{ value: 'is_not', label: 'Is not' },
		],
		input: { component: 'ProductAttribute' },
	},
	total: {
		labels: { add: 'Total', remove: 'Remove', rule: 'Rule', title: 'Total', filter: 'Select' },
		rules: [
			{ value: 'between', label: 'Between' },
			{ value: 'less_than', label: 'Less than' },
		],
		input: { component: 'Currency' },
	},
};

function checkDates(query: Record<string, unknown>) {
	const allowed = getAllowedIntervalsForQuery(asQuery(query));
	expect(allowed.length).toBeGreaterThan(0);
	for (const interval of allowed) expect(INTERVALS).toContain(interval);
	expect(allowed).toContain(getIntervalForQuery(asQuery(query)));
	expect(['line', 'bar']).toContain(getChartTypeForQuery(asQuery(query)));
	const params = getDateParamsFromQuery(asQuery(query));
	expect(typeof params.period).toBe('string');
	const { primary, secondary } = getCurrentDates(asQuery(query));
	for (const range of [primary, secondary]) {
		expect(moment.isMoment(range.after) && range.after.isValid()).toBe(true);
		expect(moment.isMoment(range.before) && range.before.isValid()).toBe(true);
		expect(range.after.isSameOrBefore(range.before)).toBe(true);
		expect(typeof range.label).toBe('string');
		expect(typeof range.range).toBe('string');
	}
}

function checkNavigation(query: Record<string, unknown>) {
	for (const value of Object.values(query)) {
		const ids = getIdsFromQuery(typeof value === 'string' ? value : undefined);
		expect(new Set(ids).size).toBe(ids.length);
		for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
	}
	const persisted = getPersistedQuery(query as Parameters<typeof getPersistedQuery>[0]);
	for (const keyName of Object.keys(persisted)) expect(PERSISTED).toContain(keyName);
	const path = getNewPath(query as Parameters<typeof getNewPath>[0], '/analytics/revenue', {});
	expect(path.startsWith('admin.php?')).toBe(true);
	const filters = getActiveFiltersFromQuery(
		query as Parameters<typeof getActiveFiltersFromQuery>[0],
		advancedConfig as unknown as Parameters<typeof getActiveFiltersFromQuery>[1],
	);
	expect(Array.isArray(filters)).toBe(true);
	const rebuilt = getQueryFromActiveFilters(
		filters,
		query as Parameters<typeof getQueryFromActiveFilters>[1],
		advancedConfig as unknown as Parameters<typeof getQueryFromActiveFilters>[2],
	);
	expect(typeof rebuilt).toBe('object');
	if (typeof query.search === 'string') {
		const words = getSearchWords(query as Parameters<typeof getSearchWords>[0]);
		expect(Array.isArray(words)).toBe(true);
	}
}

describe('hostile addresses', () => {
	beforeAll(() => {
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] }).setSystemTime(
			new Date('2026-03-15T10:30:00Z'),
		);
	});
	afterAll(() => jest.useRealTimers());

	it('date helpers answer every query object with usable ranges and intervals', () => {
		fc.assert(
			fc.property(hostileQuery, (query) => checkDates(query)),
			{ numRuns: RUNS, seed: 4242 },
		);
	});

	it('date helpers answer every raw query string', () => {
		fc.assert(
			fc.property(hostileQueryString, (raw) => checkDates(parseQueryString(raw))),
			{ numRuns: RUNS, seed: 7 },
		);
	});

	it('navigation helpers never throw and keep their guarantees', () => {
		fc.assert(
			fc.property(hostileQuery, (query) => checkNavigation(query)),
			{ numRuns: RUNS, seed: 99 },
		);
		fc.assert(
			fc.property(hostileQueryString, (raw) => checkNavigation(parseQueryString(raw))),
			{ numRuns: RUNS, seed: 100 },
		);
	});
});
