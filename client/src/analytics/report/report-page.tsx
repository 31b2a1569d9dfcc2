/**
 * The generic report page: filter bar, summary tiles, chart and table, all driven by the
 * report's config. The query is cleaned first so that a malformed address shows the defaults.
 */
import { useMemo } from 'react';

import { ReportChart } from '../components/report-chart.js';
import { ReportFiltersBar } from '../components/report-filters.js';
import { ReportSummary } from '../components/report-summary.js';
import { ReportTable } from '../components/report-table.js';
import { sanitizeReportQuery } from './query.js';
import type { ReportConfig } from './types.js';
import './style.scss';

interface Props {
	config: ReportConfig;
	path: string;
	query: Record<string, unknown>;
}

export function ReportPage({ config, path, query: rawQuery }: Props) {
	const query = useMemo(() => sanitizeReportQuery(rawQuery, config), [rawQuery, config]);
	return (
		<div className={`abacus-report abacus-report--${config.report}`}>
			<ReportFiltersBar config={config} path={path} query={query} />
			{config.charts.length > 0 && (
				<ReportSummary config={config} path={path} query={query} />
			)}
			{config.hasChart && config.charts.length > 0 && (
				<ReportChart config={config} path={path} query={query} />
			)}
			<ReportTable config={config} path={path} query={query} />
		</div>
	);
}

/** A page component for one report config (each report module exports one as default). */
export function createReportPage(config: ReportConfig) {
	function Report({ path, query }: { path: string; query: Record<string, unknown> }) {
		return <ReportPage config={config} path={path} query={query} />;
	}
	Report.displayName = `Report(${config.report})`;
	return Report;
}
