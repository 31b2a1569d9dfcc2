/**
 * Filter builders shared by the report configs.
 */
import { __ } from '@wordpress/i18n';

import type { ReportFilter, ReportFilterConfig } from './types.js';

/** Shows a filter bar unless the page is a search result. */
export const showUnlessSearch = (query: Record<string, unknown>): boolean => !query.search;

/** The "Show: All / Single item / Comparison / Advanced" dropdown most reports have. */
export function itemFilter(options: {
	param?: string;
	label?: string;
	allLabel: string;
	single?: { value: string; label: string; type: string; itemParam: string; placeholder: string };
	compare?: {
		value: string;
		label: string;
		type: string;
		itemParam: string;
		labels: Record<string, string>;
	};
	hasAdvanced?: boolean;
	staticParams?: string[];
}): ReportFilterConfig {
	const filters: ReportFilter[] = [{ label: options.allLabel, value: 'all' }];
	if (options.single) {
		// The menu entry ('select_product') opens the search; the picked item is 'single_product'.
		const selectValue = options.single.value.replace(/^single_/, 'select_');
		filters.push({
			label: options.single.label,
			value: selectValue,
			subFilters: [
				{
					component: 'Search',
					value: options.single.value,
					label: options.single.placeholder,
					chartMode: 'item-comparison',
					path: [selectValue],
					settings: { type: options.single.type, param: options.single.itemParam },
				},
			],
		});
	}
	if (options.compare) {
		filters.push({
			label: options.compare.label,
			value: options.compare.value,
			chartMode: 'item-comparison',
			settings: {
				type: options.compare.type,
				param: options.compare.itemParam,
				labels: options.compare.labels,
			},
		});
	}
	if (options.hasAdvanced) {
		filters.push({ label: __('Advanced filters', 'abacus'), value: 'advanced' });
	}
	return {
		label: options.label ?? __('Show', 'abacus'),
		param: options.param ?? 'filter',
		defaultValue: 'all',
		staticParams: options.staticParams ?? ['chartType', 'paged', 'per_page'],
		showFilters: showUnlessSearch,
		filters,
	};
}
