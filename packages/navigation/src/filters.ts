/**
 * Report filters and advanced filters: configuration helpers and their query-string form.
 */
import type { Query } from './navigation.js';

/** A value of a filter: a string, a number, or a list (a range or a multi-value). */
export type FilterValue = string | number | FilterValue[];

/** A filter of the report filter bar, possibly with nested sub-filters. */
export interface ReportFilter {
	label?: string;
	value: string;
	subFilters?: ReportFilter[];
	[property: string]: unknown;
}

/** A rule of an advanced filter, e.g. `{ value: 'is', label: 'Is' }`. */
export interface FilterRule {
	value: string;
	label?: string;
}

/** One option of a select-type advanced filter input. */
export interface FilterOption {
	value: string;
	label?: string;
}

/** Configuration of one advanced filter. */
export interface AdvancedFilterConfig {
	rules?: FilterRule[];
	/** Several lines of this filter may be active at once (values are collected in arrays). */
	allowMultiple?: boolean;
	labels?: Record<string, unknown>;
	input?: { component?: string; type?: string; defaultOption?: string; [key: string]: unknown };
	[property: string]: unknown;
}

/** Advanced filters by key. */
export type AdvancedFiltersConfig = Readonly<Record<string, AdvancedFilterConfig>>;

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
export function flattenFilters(filters: readonly ReportFilter[]): ReportFilter[] {
	return (filters ?? []).flatMap((filter) => {
		if (!filter.subFilters) {
			return [filter];
		}
		const { subFilters, ...parent } = filter;
		return [parent as ReportFilter, ...flattenFilters(subFilters)];
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
	config: AdvancedFiltersConfig,
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
	config: AdvancedFilterConfig,
	options: readonly FilterOption[],
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
	config: AdvancedFiltersConfig,
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
