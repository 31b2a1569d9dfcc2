/**
 * The filter bar of a report: date range (when the report has one), the report's filter dropdowns,
 * and the comparison or advanced-filter card they open.
 */
import { resolveSelect } from '@wordpress/data';
import { ReportFilters } from '@abacus/components';
import { hasDateRange, itemsStore } from '@abacus/data';
import { getCurrentDates, getDateParamsFromQuery, isoDateFormat } from '@abacus/date';
import { getSetting } from '@abacus/settings';

import type { AdvancedFiltersConfig, ReportConfig, ReportFilter } from './types.js';
import { useDefaultDateRange } from './use-default-date-range.js';
import { useReportContext } from './use-report-context.js';

/** Item endpoints of the items store by search type. */
const ITEM_TYPES: Record<string, string> = {
	products: 'products',
	variations: 'variations',
	categories: 'categories',
	coupons: 'coupons',
	taxes: 'taxes',
	customers: 'customers',
};

/** Labels of picked items (for the comparison card and the single-item filter). */
function getLabels(type: string) {
	return async (ids: string): Promise<Array<{ key: number; label: string }>> => {
		const itemType = ITEM_TYPES[type];
		if (!itemType || !ids) {
			return [];
		}
		const items = await resolveSelect(itemsStore).getItems(itemType, {
			include: ids,
			per_page: 100,
		});
		return [...items.values()].map((item) => {
			const record = item as unknown as Record<string, unknown>;
			return {
				key: Number(record.id),
				label: String(record.name ?? record.code ?? record.id),
			};
		});
	};
}

function withLabels(filters: ReportFilter[]): ReportFilter[] {
	return filters.map((filter) => ({
		...filter,
		settings: filter.settings
			? {
					...filter.settings,
					getLabels: filter.settings.getLabels ?? getLabels(filter.settings.type),
				}
			: undefined,
		subFilters: filter.subFilters ? withLabels(filter.subFilters) : undefined,
	}));
}

/**
 * Advanced filters with their settings-driven options filled in (order statuses) and the names of
 * picked items looked up (products, variations, coupons, taxes, customers, categories).
 */
function withOptions(config: AdvancedFiltersConfig | undefined): AdvancedFiltersConfig {
	if (!config) {
		return { title: '', filters: {} };
	}
	const statuses = getSetting('orderStatuses', {}) as Record<string, string>;
	const filters: AdvancedFiltersConfig['filters'] = {};
	for (const [key, filter] of Object.entries(config.filters)) {
		const type = filter.input.type;
		if (
			filter.input.component === 'Search' &&
			type &&
			ITEM_TYPES[type] &&
			!filter.input.getLabels
		) {
			// Items picked in an address opened later (a saved view, a shared link) show their
			// names, not their ids.
			filters[key] = { ...filter, input: { ...filter.input, getLabels: getLabels(type) } };
			continue;
		}
		filters[key] =
			filter.input.optionsFrom === 'orderStatuses'
				? {
						...filter,
						input: {
							...filter.input,
							options: Object.entries(statuses).map(([value, label]) => ({
								value,
								label,
							})),
						},
					}
				: filter;
	}
	return { ...config, filters };
}

interface Props {
	config: ReportConfig;
	path: string;
	query: Record<string, unknown>;
}

export function ReportFiltersBar({ config, path, query }: Props) {
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	const { period, compare, before, after } = getDateParamsFromQuery(query, defaultDateRange);
	const { primary, secondary } = getCurrentDates(query, defaultDateRange);
	const filters = config.filters.map((filterConfig) => ({
		...filterConfig,
		filters: withLabels(filterConfig.filters),
	}));
	return (
		<ReportFilters
			path={path}
			query={query}
			filters={filters}
			advancedFilters={withOptions(config.advancedFilters)}
			showDatePicker={hasDateRange(config.endpoint)}
			currency={context.currencyConfig}
			siteLocale={(getSetting('locale', {}) as { siteLocale?: string }).siteLocale ?? 'en_US'}
			isoDateFormat={isoDateFormat}
			dateQuery={{
				period,
				compare,
				before,
				after,
				primaryDate: primary,
				secondaryDate: secondary,
			}}
		/>
	);
}
