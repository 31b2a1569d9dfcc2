/**
 * The generic report page: filter bar, summary tiles, chart and table, all driven by the
 * report's config. The query is cleaned first so that a malformed address shows the defaults;
 * search words in the address are resolved to item ids before the report is asked.
 */
import { useMemo } from 'react';
import { Spinner } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { EmptyContent } from '@abacus/components';
import { searchItemsByString } from '@abacus/data';
import { isMetricReport } from '@abacus/metrics';
import { getNewPath, getSearchWords } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';

import { ReportChart } from '../components/report-chart.js';
import { applyReportConfigFilters } from '../components/extension-hooks.js';
import { ReportError } from '../components/report-error.js';
import { ReportFiltersBar } from '../components/report-filters.js';
import { ReportSummary } from '../components/report-summary.js';
import { ReportTable } from '../components/report-table.js';
import { SaveView } from '../saved-views/index.js';
import { REPORT_FIRST_VIEWS, genericFirstView } from './first-views.js';
import { sanitizeReportQuery } from '../components/query.js';
import type { ReportConfig } from '../components/types.js';
import './style.scss';

interface Props {
	config: ReportConfig;
	path: string;
	query: Record<string, unknown>;
}

/** Item endpoint searched for a report's `search` words (categories' single view lists products). */
function searchEndpoint(config: ReportConfig, query: Record<string, unknown>): string | null {
	const param = config.limitBy?.[0];
	if (!param) {
		return null;
	}
	if (param === 'categories' && query.filter === 'single_category') {
		return 'products';
	}
	return param;
}

function Report({ config, path, query }: Props) {
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

function SearchedReport({ config, path, query }: Props) {
	const endpoint = searchEndpoint(config, query) as string;
	const words = useMemo(() => getSearchWords(query as NavQuery), [query]);
	const result = useSelect(
		(select) => searchItemsByString(select, endpoint, words),
		[endpoint, words],
	);
	const ids = Object.keys(result.items ?? {});
	const searchedQuery = useMemo(
		() => ({ ...query, [config.limitBy?.[0] ?? endpoint]: ids.join(',') }),
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[query, ids.join(','), endpoint],
	);
	if (result.isError) {
		return <ReportError title={__('The search could not be run.', 'abacus')} />;
	}
	if (result.isRequesting) {
		return (
			<div className="abacus-report__searching" aria-live="polite">
				<Spinner />
				<span>{__('Finding matching items…', 'abacus')}</span>
			</div>
		);
	}
	if (!ids.length) {
		return (
			<EmptyContent
				title={__('No matches', 'abacus')}
				message={sprintf(
					/* translators: %s: the words searched for */
					__(
						'Nothing matches “%s”. Try other words, or show the whole report.',
						'abacus',
					),
					words.join(', '),
				)}
				actionLabel={__('Show the whole report', 'abacus')}
				actionURL={getNewPath({ search: undefined }, path, query, 'abacus')}
			/>
		);
	}
	return <Report config={config} path={path} query={searchedQuery} />;
}

export function ReportPage({ config, path, query: rawQuery }: Props) {
	const query = useMemo(() => sanitizeReportQuery(rawQuery, config), [rawQuery, config]);
	const isSearch =
		typeof query.search === 'string' && query.search && searchEndpoint(config, query);
	return (
		<>
			<SaveView path={path} query={query} />
			{isSearch ? (
				<SearchedReport config={config} path={path} query={query} />
			) : (
				<Report config={config} path={path} query={query} />
			)}
		</>
	);
}

/** A page component for one report config (each report module exports one as default). */
export function createReportPage(config: ReportConfig) {
	function ReportForConfig({ path, query }: { path: string; query: Record<string, unknown> }) {
		// Extensions' charts, filters and advanced filters (client/README.md, "JS filters").
		const hooked = useMemo(() => applyReportConfigFilters(config), []);
		return <ReportPage config={hooked} path={path} query={query} />;
	}
	ReportForConfig.displayName = `Report(${config.report})`;
	// The same first view the app's first script asked for (first-views.ts).
	ReportForConfig.firstView =
		(isMetricReport(config.report) ? REPORT_FIRST_VIEWS[config.report] : undefined) ??
		genericFirstView(config);
	return ReportForConfig;
}
