/**
 * The Overview's Profit tiles: gross profit, margin, cost of goods and profit per order for the
 * chosen range with their change from the comparison range (`reports/profit/stats`), each linking
 * to the Profit report with that figure's chart. Shown only when the store's reports can answer
 * profit (the Abacus engine or the Abacus server): with WooCommerce's own analytics the request
 * has no route and the section stays away. A figure without any cost known says N/A, not 0.
 */
import { useEffect, useState } from 'react';
import { Button } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { SummaryList, SummaryListPlaceholder, SummaryNumber } from '@abacus/components';
import { appendTimestamp, getCurrentDates } from '@abacus/date';
import { getMetric } from '@abacus/metrics';
import { getNewPath, getPersistedQuery } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';
import { calculateTrend } from '@abacus/number';
import { addQueryArgs } from '@wordpress/url';

import { useDefaultDateRange } from '../analytics/components/use-default-date-range.js';
import { useReportContext } from '../analytics/components/use-report-context.js';
import { useUsesWooCommerce } from '../engine/needs-engine.js';
import { useEngineFailed, useReportsRefresh } from '../engine/index.js';
import { EngineWaiting } from '../engine/notice.js';
import { apiFetch } from '../base/api-fetch.js';

const KEYS = ['gross_profit', 'margin', 'cost', 'profit_per_order'] as const;

type Totals = Partial<Record<(typeof KEYS)[number] | 'products_without_cost', number | null>>;

type State =
	| { state: 'loading' }
	| { state: 'hidden' }
	| { state: 'error' }
	| { state: 'ready'; primary: Totals; secondary: Totals };

export function ProfitTiles({ query }: { query: Record<string, unknown> }) {
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	const dates = getCurrentDates(query as NavQuery, defaultDateRange);
	const range = (r: { after: { clone: () => never }; before: { clone: () => never } }) => ({
		after: appendTimestamp(r.after.clone(), 'start'),
		before: appendTimestamp(r.before.clone(), 'end'),
	});
	const primary = range(dates.primary as never);
	const secondary = range(dates.secondary as never);
	const [data, setData] = useState<State>({ state: 'loading' });
	const [attempt, setAttempt] = useState(0);
	// The engine banner's Retry (refreshReports) asks again too.
	const refreshes = useReportsRefresh();
	const engineFailed = useEngineFailed();
	const key = JSON.stringify([primary, secondary, attempt, refreshes]);
	const usesWooCommerce = useUsesWooCommerce();

	useEffect(() => {
		// WooCommerce has no profit routes: the section stays away and asks nothing.
		if (usesWooCommerce) return undefined;
		let live = true;
		const ask = (r: { after: string; before: string }) =>
			apiFetch<{ totals: Totals }>({
				path: addQueryArgs('/wc-analytics/reports/profit/stats', {
					...r,
					interval: 'year',
					per_page: 1,
					fields: [...KEYS, 'products_without_cost'],
				}),
			});
		setData({ state: 'loading' });
		Promise.all([ask(primary), ask(secondary)]).then(
			([a, b]) => live && setData({ state: 'ready', primary: a.totals, secondary: b.totals }),
			(error: unknown) => {
				if (!live) return;
				const code = (error as { code?: unknown } | null)?.code;
				setData(code === 'rest_no_route' ? { state: 'hidden' } : { state: 'error' });
			},
		);
		return () => {
			live = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [key, usesWooCommerce]);

	if (usesWooCommerce || data.state === 'hidden') return null;
	const format = (k: (typeof KEYS)[number], value: number | null | undefined) => {
		if (value === null || value === undefined) return __('N/A', 'abacus');
		return context.formatMetric(k === 'margin' ? 'percent' : 'currency', value);
	};
	return (
		<section className="abacus-dashboard__section abacus-dashboard__profit">
			<div className="abacus-dashboard__section-header">
				<h2>{__('Profit', 'abacus')}</h2>
			</div>
			{data.state === 'error' && engineFailed ? (
				<EngineWaiting />
			) : data.state === 'error' ? (
				<div className="abacus-dashboard__profit-error" role="alert">
					<p>{__('The profit figures could not be loaded.', 'abacus')}</p>
					<Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
						{__('Retry', 'abacus')}
					</Button>
				</div>
			) : data.state === 'loading' ? (
				<SummaryListPlaceholder numberOfItems={KEYS.length} />
			) : (
				<SummaryList>
					{() =>
						KEYS.map((k) => {
							const metric = getMetric('profit', k);
							const value = data.primary[k] ?? null;
							const previous = data.secondary[k] ?? null;
							return (
								<SummaryNumber
									key={k}
									label={metric.indicatorLabel}
									value={format(k, value)}
									prevValue={format(k, previous)}
									prevLabel={`${dates.secondary.label} (${dates.secondary.range}):`}
									delta={calculateTrend(value, previous) ?? undefined}
									reverseTrend={metric.isReverseTrend}
									definition={metric.definition}
									href={getNewPath(
										{ ...getPersistedQuery(query as NavQuery), chart: k },
										'/analytics/profit',
										{},
										'abacus',
									)}
								/>
							);
						})
					}
				</SummaryList>
			)}
			{data.state === 'ready' && Number(data.primary.products_without_cost) > 0 ? (
				<p className="abacus-dashboard__profit-missing">
					{sprintf(
						/* translators: %d: number of products */
						_n(
							'%d product sold in this period has no cost: its sales are left out of these figures.',
							'%d products sold in this period have no cost: their sales are left out of these figures.',
							Number(data.primary.products_without_cost),
							'abacus',
						),
						Number(data.primary.products_without_cost),
					)}{' '}
					<a
						href={getNewPath(
							getPersistedQuery(query as NavQuery),
							'/analytics/profit',
							{},
							'abacus',
						)}
					>
						{__('Set their costs', 'abacus')}
					</a>
				</p>
			) : null}
		</section>
	);
}
