/**
 * The Overview (/analytics/overview): date range, store performance indicators, charts of the
 * main metrics and the leaderboards.
 */
import { useMemo } from 'react';
import { __ } from '@wordpress/i18n';
import { ReportFilters } from '@abacus/components';
import { getCurrentDates, getDateParamsFromQuery, isoDateFormat } from '@abacus/date';
import { FORECAST_METRICS } from '@abacus/metrics';

import { ReportChart } from '../analytics/components/report-chart.js';
import { useDefaultDateRange } from '../analytics/components/use-default-date-range.js';
import { useReportContext } from '../analytics/components/use-report-context.js';
import { ForecastNotes } from '../analytics/forecast/forecast-notes.js';
import { sanitizeDateQuery } from '../analytics/components/query.js';
import { dashboardCharts } from './charts.js';
import { Leaderboards } from './leaderboards.js';
import { PerformanceIndicators } from './performance-indicators.js';
import { ProfitTiles } from './profit-tiles.js';
import './style.scss';

interface Props {
	path: string;
	query: Record<string, unknown>;
}

export default function Dashboard({ path, query: rawQuery }: Props) {
	const query = useMemo(() => sanitizeDateQuery(rawQuery), [rawQuery]);
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	const { period, compare, before, after } = getDateParamsFromQuery(query, defaultDateRange);
	const { primary, secondary } = getCurrentDates(query, defaultDateRange);
	return (
		<div className="abacus-dashboard">
			<ReportFilters
				path={path}
				query={query}
				filters={[]}
				advancedFilters={{ title: '', filters: {} }}
				currency={context.currencyConfig}
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
			<PerformanceIndicators query={query} />
			<ForecastNotes metrics={FORECAST_METRICS} query={query} />
			<ProfitTiles query={query} />
			<section className="abacus-dashboard__section">
				<div className="abacus-dashboard__section-header">
					<h2>{__('Charts', 'abacus')}</h2>
				</div>
				<div className="abacus-dashboard__charts">
					{dashboardCharts().map((chart) => (
						<ReportChart
							key={chart.report}
							config={chart}
							path={path}
							query={{ ...query, chart: chart.charts[0].key }}
						/>
					))}
				</div>
			</section>
			<Leaderboards query={query} />
		</div>
	);
}
