/**
 * Summary tiles of a report: one SummaryNumber per chart metric with its value, the comparison
 * period's value and the change; the selected tile chooses the chart.
 */
import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { SummaryList, SummaryListPlaceholder, SummaryNumber } from '@abacus/components';
import { getCurrentDates } from '@abacus/date';
import { getNewPath } from '@abacus/navigation';
import { isForecastMetric } from '@abacus/metrics';
import { calculateTrend } from '@abacus/number';

import { ForecastNotes } from '../forecast/forecast-notes.js';
import { getSelectedChart } from './query.js';
import { selectSummary } from './selections.js';
import type { ReportConfig } from './types.js';
import { ReportError } from './report-error.js';
import { useDefaultDateRange } from './use-default-date-range.js';
import { useReportContext } from './use-report-context.js';

/** Reports whose tiles get the forecast of revenue, orders and net sales. */
const FORECAST_REPORTS: readonly string[] = ['revenue', 'orders'];

interface Props {
	config: ReportConfig;
	path: string;
	query: Record<string, unknown>;
}

export function ReportSummary({ config, path, query }: Props) {
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	const summary = useSelect(
		(select) => selectSummary(select, config, query, defaultDateRange),
		[config, query, defaultDateRange],
	);
	if (summary.isError) {
		return <ReportError title={__('The summary numbers could not be loaded.', 'abacus')} />;
	}
	if (summary.isRequesting) {
		return <SummaryListPlaceholder numberOfItems={config.charts.length} />;
	}
	const selected = getSelectedChart(config, query);
	const { secondary } = getCurrentDates(query, defaultDateRange);
	const primaryTotals = (summary.totals.primary ?? {}) as Record<string, unknown>;
	const secondaryTotals = (summary.totals.secondary ?? {}) as Record<string, unknown>;
	const forecastMetrics = FORECAST_REPORTS.includes(config.report)
		? config.charts.map((chart) => chart.key).filter(isForecastMetric)
		: [];
	return (
		<>
			<SummaryList label={__('Performance Indicators', 'abacus')}>
				{({ onToggle }: { onToggle?: () => void }) =>
					config.charts.map((chart) => {
						const value = primaryTotals[chart.key];
						const prevValue = secondaryTotals[chart.key];
						const primary = typeof value === 'number' ? value : null;
						const previous = typeof prevValue === 'number' ? prevValue : null;
						return (
							<SummaryNumber
								key={chart.key}
								label={chart.label}
								value={
									primary === null
										? undefined
										: context.formatMetric(chart.type, primary)
								}
								prevValue={
									previous === null
										? undefined
										: context.formatMetric(chart.type, previous)
								}
								prevLabel={`${secondary.label} (${secondary.range}):`}
								delta={calculateTrend(primary, previous) ?? undefined}
								reverseTrend={chart.isReverseTrend}
								definition={chart.definition}
								selected={chart.key === selected?.key}
								href={getNewPath({ chart: chart.key }, path, query, 'abacus')}
								onLinkClickCallback={onToggle}
							/>
						);
					})
				}
			</SummaryList>
			<ForecastNotes metrics={forecastMetrics} query={query} />
		</>
	);
}
