/**
 * Report filters and advanced filters: configuration helpers and their query-string form.
 */
import type { Query } from './navigation.js';

/** A value of a filter: a string, a number, or a list (a range or a multi-value). */
export type FilterValue = string | number | FilterValue[];

/** The name of a picked item, for a filter's chips and menu. */
export interface FilterLabel {
	key: number | string;
	label: string;
}

/** Names of the items of a comma-separated id list (the query is the page's current query). */
export type GetFilterLabels = (
	ids: string,
	query: Record<string, unknown>,
) => Promise<FilterLabel[]>;

/** For comparison and search entries of a report filter: the search type, query param and labels. */
export interface ReportFilterSettings {
	/** Search type of the picked items (products, variations, categories, ...). */
	type: string;
	/** Query parameter holding the picked ids. */
	param: string;
	getLabels?: GetFilterLabels;
	labels?: Record<string, string>;
}

/** One entry of a report filter dropdown, possibly with nested sub-filters. */
export interface ReportFilter {
	label: string;
	/** Value written to the dropdown's query parameter. */
	value: string;
	/** 'item-comparison' draws one chart line per compared item. */
	chartMode?: 'item-comparison' | 'time-comparison';
	/** 'Search' entries pick one item inline. */
	component?: 'Search';
	settings?: ReportFilterSettings;
	subFilters?: ReportFilter[];
	/** Labels of the parents (informational). */
	path?: string[];
}

/** One filter dropdown of the report filter bar. */
export interface ReportFilterConfig {
	label: string;
	/** The query parameter it writes. */
	param: string;
	/** Value meaning "no filter". */
	defaultValue?: string;
	/** Query params kept when the filter changes. */
	staticParams: string[];
	/** Whether the dropdown shows for a query. */
	showFilters: (query: Record<string, unknown>) => boolean;
	filters: ReportFilter[];
}

/** A rule of an advanced filter, e.g. `{ value: 'is', label: 'Is' }`. */
export interface FilterRule {
	value: string;
	label: string;
}

/** One option of a select-type advanced filter input. */
export interface FilterOption {
	value: string;
	label: string;
}

/** Texts of an advanced filter line. */
export interface AdvancedFilterLabels {
	add: string;
	remove: string;
	rule: string;
	title: string;
	filter: string;
	placeholder?: string;
}

/** The input of an advanced filter line. */
export interface AdvancedFilterInput {
	component: 'Currency' | 'Date' | 'Number' | 'ProductAttribute' | 'Search' | 'SelectControl';
	/** Search type of a Search input. */
	type?: string;
	options?: FilterOption[];
	/** Options read from the store settings when the page renders. */
	optionsFrom?: 'orderStatuses';
	defaultOption?: string;
	/** Names of the picked items of a Search. */
	getLabels?: (ids: string) => Promise<FilterLabel[]>;
	/**
	 * The items of a Search that the page finds itself (the store's own values, not a search
	 * type's): called with the typed text; the value is a comma list of the options' `value`s.
	 */
	loadOptions?: (search: string) => Promise<FilterOption[]>;
}

/** Configuration of one advanced filter (a line of the advanced filters card). */
export interface AdvancedFilterConfig {
	labels: AdvancedFilterLabels;
	rules: FilterRule[];
	input: AdvancedFilterInput;
	/** Several lines of this filter may be active at once (values are collected in arrays). */
	allowMultiple?: boolean;
}

/** Advanced filters by key. */
export type AdvancedFiltersConfig = Readonly<Record<string, AdvancedFilterConfig>>;

/** The advanced filters card of a report. */
export type ReportAdvancedFilters = {
	/** Title with a {{select}} placeholder for the All/Any selector. */
	title: string;
	filters: Record<string, AdvancedFilterConfig>;
};

/** What the query helpers read of a report filter entry (`flattenFilters`, a report query). */
export interface ReportFilterValue {
	value: string;
	settings?: Partial<Pick<ReportFilterSettings, 'param'>>;
	subFilters?: readonly ReportFilterValue[];
}

/** What the query helpers read of advanced filters: their rules and whether lines may repeat. */
export type AdvancedFilterRules = Readonly<
	Record<
		string,
		{
			rules?: ReadonlyArray<Pick<FilterRule, 'value'> & Partial<FilterRule>>;
			allowMultiple?: AdvancedFilterConfig['allowMultiple'];
			labels?: Partial<AdvancedFilterLabels>;
			input?: Partial<Omit<AdvancedFilterInput, 'component'>> & { component?: string };
		}
	>
>;

/** An active filter line. */
export interface ActiveFilter {
	key: string;
	rule?: string;
	value: FilterValue;
}

function isFilterValue(value: unknown): value is FilterValue {
	if (typeof value === 'string' || typeof value === 'number') {
		return true;
	}
	return Array.isArray(value) && value.every(isFilterValue);
}

function isEmptyValue(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		value === '' ||
		(Array.isArray(value) && value.length === 0)
	);
}

/**
 * Flattens nested filters depth first: each parent (without its `subFilters`) is followed by its
 * flattened children.
 */
export function flattenFilters(filters: readonly ReportFilter[]): ReportFilter[];
export function flattenFilters<F extends ReportFilterValue>(filters: readonly F[]): F[];
export function flattenFilters(filters: readonly ReportFilterValue[]): ReportFilterValue[] {
	return (filters ?? []).flatMap((filter): ReportFilterValue[] => {
		if (!filter.subFilters) {
			return [filter];
		}
		const { subFilters, ...parent } = filter;
		return [parent, ...flattenFilters(subFilters)];
	});
}

/** The query key of a filter: `key_rule` when there is a rule, else `key`. */
export function getUrlKey(key: string, rule?: string): string {
	return rule ? `${key}_${rule}` : key;
}

function valuesOf(value: unknown, allowMultiple: boolean): FilterValue[] {
	if (allowMultiple && Array.isArray(value)) {
		return value.filter(isFilterValue);
	}
	return isFilterValue(value) ? [value] : [];
}

/**
 * The active advanced filters described by a query. For a filter with rules, the rules whose url
 * key is in the query (only the first unless `allowMultiple`, which also yields one entry per
 * array item); without rules, the filter key itself. Unrelated or malformed values are ignored.
 */
export function getActiveFiltersFromQuery(
	query: Query,
	config: AdvancedFilterRules,
): ActiveFilter[] {
	const safeQuery: Query = query ?? {};
	return Object.entries(config ?? {}).flatMap(([key, filter]): ActiveFilter[] => {
		const allowMultiple = Boolean(filter.allowMultiple);
		if (filter.rules?.length) {
			const matches = filter.rules.filter((rule) =>
				Object.prototype.hasOwnProperty.call(safeQuery, getUrlKey(key, rule.value)),
			);
			const used = allowMultiple ? matches : matches.slice(0, 1);
			return used.flatMap((rule) =>
				valuesOf(safeQuery[getUrlKey(key, rule.value)], allowMultiple).map((value) => ({
					key,
					rule: rule.value,
					value,
				})),
			);
		}
		const value = safeQuery[key];
		if (isEmptyValue(value)) {
			return [];
		}
		return valuesOf(value, allowMultiple).map((item) => ({ key, value: item }));
	});
}

/**
 * The default option of a select-type filter: `input.defaultOption` when it is among the options
 * (a console warning and undefined otherwise), else the first option; undefined without options.
 */
export function getDefaultOptionValue(
	config: AdvancedFilterRules[string],
	options: ReadonlyArray<Pick<FilterOption, 'value'>>,
): string | undefined {
	const defaultOption = config?.input?.defaultOption;
	if (defaultOption) {
		const option = options?.find((item) => item.value === defaultOption);
		if (!option) {
			console.warn(`Invalid defaultOption "${defaultOption}": it is not among the options.`);
			return undefined;
		}
		return option.value;
	}
	return options?.[0]?.value;
}

/**
 * The query update that applies a set of active filters: every filter key active in `query` is
 * set to undefined (removed), then each new filter is added; a 'between' rule only with two
 * non-empty values, empty values dropped, `allowMultiple` filters collected into arrays.
 */
export function getQueryFromActiveFilters(
	activeFilters: readonly ActiveFilter[],
	query: Query,
	config: AdvancedFilterRules,
): Record<string, FilterValue | undefined> {
	const update: Record<string, FilterValue | undefined> = {};
	for (const filter of getActiveFiltersFromQuery(query, config)) {
		update[getUrlKey(filter.key, filter.rule)] = undefined;
	}
	for (const filter of activeFilters ?? []) {
		const { key, rule, value } = filter;
		if (rule === 'between') {
			if (!Array.isArray(value) || value.length < 2 || value.some(isEmptyValue)) {
				continue;
			}
		}
		if (isEmptyValue(value)) {
			continue;
		}
		const urlKey = getUrlKey(key, rule);
		if (config?.[key]?.allowMultiple) {
			const previous = update[urlKey];
			update[urlKey] = [...(Array.isArray(previous) ? previous : []), value];
		} else {
			update[urlKey] = value;
		}
	}
	return update;
}
