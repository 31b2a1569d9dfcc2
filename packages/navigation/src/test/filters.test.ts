import {
	flattenFilters,
	getActiveFiltersFromQuery,
	getDefaultOptionValue,
	getQueryFromActiveFilters,
	getUrlKey,
	type AdvancedFilterRules,
} from '../index.js';

// What the query helpers read: filters with or without rules, inputs or labels.
const config: AdvancedFilterRules = {
	status: {
		rules: [
			{ value: 'is', label: 'Is' },
			{ value: 'is_not', label: 'Is Not' },
		],
		input: { component: 'SelectControl', defaultOption: 'pending' },
	},
	attribute: {
		allowMultiple: true,
		rules: [
			{ value: 'is', label: 'Is' },
			{ value: 'is_not', label: 'Is Not' },
		],
	},
	total: {
		rules: [{ value: 'lessthan' }, { value: 'morethan' }, { value: 'between' }],
	},
	new_customer: {},
	tag: { allowMultiple: true },
};

describe('flattenFilters', () => {
	it('flattens depth first, parents without their sub-filters', () => {
		const flat = flattenFilters([
			{ label: 'All', value: 'all' },
			{
				label: 'Single product',
				value: 'select_product',
				subFilters: [
					{
						label: 'Product',
						value: 'single',
						subFilters: [{ label: 'Deep', value: 'deep' }],
					},
				],
			},
			{ label: 'Advanced', value: 'advanced' },
		]);
		expect(flat.map((filter) => filter.value)).toEqual([
			'all',
			'select_product',
			'single',
			'deep',
			'advanced',
		]);
		expect(flat[1]).toEqual({ label: 'Single product', value: 'select_product' });
		expect(flattenFilters([])).toEqual([]);
	});
});

describe('getUrlKey', () => {
	it('joins key and rule', () => {
		expect(getUrlKey('status', 'is')).toBe('status_is');
		expect(getUrlKey('status', '')).toBe('status');
		expect(getUrlKey('status')).toBe('status');
	});
});

describe('getActiveFiltersFromQuery', () => {
	it('reads rules, first match only unless allowMultiple', () => {
		expect(
			getActiveFiltersFromQuery(
				{
					status_is_not: 'failed',
					status_is: 'completed',
					attribute_is: [
						['1', '3'],
						['2', '4'],
					],
					attribute_is_not: [['5', '6']],
					total_between: ['10', '20'],
					new_customer: 'yes',
					tag: ['a', 'b'],
					orderby: 'date',
				} as unknown as Parameters<typeof getActiveFiltersFromQuery>[0],
				config,
			),
		).toEqual([
			{ key: 'status', rule: 'is', value: 'completed' },
			{ key: 'attribute', rule: 'is', value: ['1', '3'] },
			{ key: 'attribute', rule: 'is', value: ['2', '4'] },
			{ key: 'attribute', rule: 'is_not', value: ['5', '6'] },
			{ key: 'total', rule: 'between', value: ['10', '20'] },
			{ key: 'new_customer', value: 'yes' },
			{ key: 'tag', value: 'a' },
			{ key: 'tag', value: 'b' },
		]);
	});

	it('reads a filter with an empty rule list by its own key', () => {
		expect(
			getActiveFiltersFromQuery({ refunds: 'partial' }, {
				refunds: { labels: {}, rules: [], input: { component: 'SelectControl' } },
			} as never),
		).toEqual([{ key: 'refunds', value: 'partial' }]);
	});

	it('ignores unrelated, empty and malformed values', () => {
		expect(getActiveFiltersFromQuery({ period: 'year', new_customer: '' }, config)).toEqual([]);
		expect(getActiveFiltersFromQuery({ status_is: { nested: 'x' } }, config)).toEqual([]);
		expect(getActiveFiltersFromQuery({}, {})).toEqual([]);
	});
});

describe('getDefaultOptionValue', () => {
	const options = [
		{ value: 'completed', label: 'Completed' },
		{ value: 'pending', label: 'Pending' },
	];

	it('uses the configured default when it is an option, else the first option', () => {
		expect(getDefaultOptionValue(config.status!, options)).toBe('pending');
		expect(getDefaultOptionValue({}, options)).toBe('completed');
		expect(getDefaultOptionValue({}, [])).toBeUndefined();
	});

	it('warns about a default that is not an option', () => {
		const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
		expect(
			getDefaultOptionValue({ input: { defaultOption: 'refunded' } }, options),
		).toBeUndefined();
		expect(warn).toHaveBeenCalledWith(expect.stringContaining('"refunded"'));
		warn.mockRestore();
	});
});

describe('getQueryFromActiveFilters', () => {
	it('removes the previous filters and adds the new ones', () => {
		expect(
			getQueryFromActiveFilters(
				[
					{ key: 'status', rule: 'is_not', value: 'failed' },
					{ key: 'attribute', rule: 'is_not', value: ['1', '3'] },
					{ key: 'attribute', rule: 'is_not', value: ['2', '4'] },
					{ key: 'total', rule: 'between', value: ['10', '20'] },
				],
				{ status_is: 'completed', new_customer: 'yes', period: 'year' },
				config,
			),
		).toEqual({
			status_is: undefined,
			new_customer: undefined,
			status_is_not: 'failed',
			attribute_is_not: [
				['1', '3'],
				['2', '4'],
			],
			total_between: ['10', '20'],
		});
	});

	it('ignores between rules with an empty end and drops empty values', () => {
		expect(
			getQueryFromActiveFilters(
				[
					{ key: 'total', rule: 'between', value: ['10', ''] },
					{ key: 'total', rule: 'between', value: '10' },
					{ key: 'status', rule: 'is', value: '' },
					{ key: 'tag', value: [] },
					{ key: 'total', rule: 'lessthan', value: 0 },
				],
				{},
				config,
			),
		).toEqual({ total_lessthan: 0 });
	});
});

describe('malformed input', () => {
	it('never throws from the filter helpers', () => {
		const nothing = null as unknown as Record<string, string>;
		expect(getActiveFiltersFromQuery(nothing, config)).toEqual([]);
		expect(
			getActiveFiltersFromQuery(
				{ status_is: 'x' },
				nothing as unknown as Parameters<typeof getActiveFiltersFromQuery>[1],
			),
		).toEqual([]);
		expect(getQueryFromActiveFilters(nothing as unknown as [], {}, config)).toEqual({});
		expect(flattenFilters(nothing as unknown as [])).toEqual([]);
		expect(
			getDefaultOptionValue(
				nothing as unknown as Parameters<typeof getDefaultOptionValue>[0],
				nothing as unknown as [],
			),
		).toBeUndefined();
	});
});
