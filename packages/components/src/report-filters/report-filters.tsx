import { __ } from '@wordpress/i18n';
import { updateQueryString } from '@abacus/navigation';

import { DateRangeFilterPicker } from '../date-range-filter-picker/index.js';
import type { DateRangeSelection } from '../date-range-filter-picker/index.js';
import { FilterPicker } from '../filter-picker/index.js';
import type { ReportFiltersProps } from './types.js';
import './style.scss';

/**
 * The filter bar of a report: a hidden "Filters" heading, the date range picker and one dropdown
 * per filter config shown for the current query.
 */
export function ReportFilters({
	path,
	query = {},
	filters = [],
	showDatePicker = true,
	onDateSelect = () => {},
	onFilterSelect = () => {},
	dateQuery,
	isoDateFormat,
	children,
}: ReportFiltersProps) {
	const onRangeSelect = (selection: DateRangeSelection) => {
		updateQueryString({ ...selection }, path, query as Record<string, string>);
		onDateSelect(selection);
	};
	const visible = filters.filter((config) => config.showFilters(query));

	return (
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
		</div>
	);
}
