import { __ } from '@wordpress/i18n';
import { lazy, Suspense } from 'react';
import { updateQueryString } from '@abacus/navigation';

import { DateRangeFilterPicker } from '../date-range-filter-picker/index.js';
import type { DateRangeSelection } from '../date-range-filter-picker/index.js';
import type { AdvancedFiltersConfigProp } from '../advanced-filters/index.js';
import { CompareFilter } from '../compare-filter/index.js';
import { FilterPicker, findFilter, getSelectedValue } from '../filter-picker/index.js';
import type { FilterPickerConfig } from '../filter-picker/index.js';
import { isSearchType, SearchFetcherProvider } from '../search/index.js';
import type { ReportFiltersProps } from './types.js';
import './style.scss';

// The advanced filters card (and its inputs) loads only when a report shows it.
const AdvancedFilters = lazy(() =>
	import('../advanced-filters/index.js').then((module) => ({ default: module.AdvancedFilters })),
);

/** Whether the advanced filters prop is a usable configuration. */
function isAdvancedConfig(value: unknown): value is AdvancedFiltersConfigProp {
	if (!value || typeof value !== 'object') return false;
	const { title, filters } = value as Record<string, unknown>;
	return (
		typeof title === 'string' &&
		!!filters &&
		typeof filters === 'object' &&
		Object.keys(filters).length > 0
	);
}

/**
 * The filter bar of a report: a hidden "Filters" heading, the date range picker and one dropdown
 * per filter config shown for the current query, then the comparison card of a filter whose
 * value starts with 'compare', or the advanced filters card (loaded on demand) when it is
 * 'advanced'.
 */
export function ReportFilters({
	path,
	query = {},
	filters = [],
	advancedFilters = {},
	showDatePicker = true,
	onDateSelect = () => {},
	onFilterSelect = () => {},
	onAdvancedFilterAction = () => {},
	currency,
	dateQuery,
	isoDateFormat,
	fetcher,
	children,
}: ReportFiltersProps) {
	const onRangeSelect = (selection: DateRangeSelection) => {
		updateQueryString({ ...selection }, path, query as Record<string, string>);
		onDateSelect(selection);
	};
	const visible = filters.filter((config) => config.showFilters(query));

	const card = (config: FilterPickerConfig) => {
		const value = getSelectedValue(config, query);
		if (value === 'advanced') {
			if (!isAdvancedConfig(advancedFilters)) return null;
			return (
				<div key={`${config.param}-advanced`} className="abacus-report-filters__card">
					<Suspense
						fallback={
							<p className="abacus-report-filters__loading">
								{__('Loading the advanced filters…', 'abacus')}
							</p>
						}
					>
						<AdvancedFilters
							config={advancedFilters}
							path={path}
							query={query}
							onAdvancedFilterAction={onAdvancedFilterAction}
							currency={{
								symbol: currency?.symbol,
								symbolPosition: currency?.symbolPosition,
							}}
						/>
					</Suspense>
				</div>
			);
		}
		if (!value.startsWith('compare')) return null;
		const settings = findFilter(config.filters, value)?.filter.settings;
		if (!settings?.getLabels || !isSearchType(settings.type)) return null;
		return (
			<div key={`${config.param}-${value}`} className="abacus-report-filters__card">
				<CompareFilter
					type={settings.type}
					param={settings.param}
					getLabels={settings.getLabels}
					labels={settings.labels}
					path={path}
					query={query}
				/>
			</div>
		);
	};

	const content = (
		<div className="abacus-report-filters">
			<h2 className="screen-reader-text">{__('Filters', 'abacus')}</h2>
			<div className="abacus-report-filters__bar">
				{showDatePicker && dateQuery && (
					<DateRangeFilterPicker
						dateQuery={dateQuery}
						isoDateFormat={isoDateFormat}
						onRangeSelect={onRangeSelect}
					/>
				)}
				{visible.map((config) => (
					<FilterPicker
						key={config.param}
						config={config}
						path={path}
						query={query}
						onFilterSelect={onFilterSelect}
					/>
				))}
				{children}
			</div>
			{visible.map(card)}
		</div>
	);
	return fetcher ? (
		<SearchFetcherProvider fetcher={fetcher}>{content}</SearchFetcherProvider>
	) : (
		content
	);
}
