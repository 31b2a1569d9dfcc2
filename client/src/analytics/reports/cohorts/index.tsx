/**
 * The Cohorts page (its own chunk): customers grouped by the month or week of their first order
 * (`cohort_by` in the address), retention or cumulative net sales per customer (`view`), as a triangle
 * table and curves, the lifetime value tiles of the range, and a CSV of the triangle. The date
 * range picks the cohorts (first orders in it); activity is counted up to its end. A picked triangle
 * cell (`cohort`, `k` in the address) shows its orders below, a page at a time. Saved views keep
 * the whole address. Without a range in the address the page shows the last 12 months
 * (default-range.ts), the lifetime value tiles included. Periods after the range's last day or
 * today are not reached; the one running then is outlined as so far (in-progress.ts).
 */
import { useMemo, useState } from 'react';
import { Button, Spinner } from '@wordpress/components';
import { dateI18n } from '@wordpress/date';
import { __, sprintf } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';
import { downloadCSVFile, generateCSVDataFromTable, generateCSVFileName } from '@abacus/csv-export';
import { getStoreTimeZoneMoment } from '@abacus/date';
import { getMetric } from '@abacus/metrics';
import { getNewPath, updateQueryString } from '@abacus/navigation';

import { ReportFiltersBar } from '../../components/report-filters.js';
import { useReportContext } from '../../components/use-report-context.js';
import { SaveView } from '../../saved-views/index.js';
import { config as ordersConfig } from '../orders/config.js';
import { sanitizeReportQuery } from '../../components/query.js';
import type { ReportConfig } from '../../components/types.js';
import { NeedsAbacusEngine, useUsesWooCommerce } from '../../../engine/needs-engine.js';
import { CellOrders, PER_PAGE, type CellOrder } from '../order-times/cell-orders.js';
import { Failure, useRequest } from '../order-times/request.js';
import {
	ComparedTiles,
	useComparedRanges,
	type ComparedTile,
} from '../order-times/compared-tiles.js';
import { useWholeExport } from '../order-times/whole-export.js';
import { withCohortsDefaultRange } from './default-range.js';
import type { Lifetime } from './lifetime-tiles.js';
import { shownPeriods } from './in-progress.js';
import { CohortCurves, Triangle, type TriangleRow } from './triangle.js';
import '../order-times/style.scss';
import './style.scss';

interface Props {
	path: string;
	query: Record<string, unknown>;
}

interface Cohort {
	cohort: string;
	start: string;
	size: number;
	customers: Array<number | null>;
	retention: Array<number | null>;
	net_revenue: Array<number | null>;
	cumulative_value: Array<number | null>;
}

interface CohortsAnswer {
	period: 'month' | 'week';
	periods: number;
	cohorts: Cohort[];
	totals: { customers: number; net_revenue: number };
}

type View = 'retention' | 'value';

/** The filter bar: the date range only (cohorts take the store's excluded statuses). */
export const cohortsConfig: ReportConfig = {
	...ordersConfig,
	title: __('Cohorts', 'abacus'),
	path: '/analytics/cohorts',
	filters: [],
	advancedFilters: undefined,
};

/** The tiles: new customers, repeat customers, lifetime value, time to a second order (mean and median). */
export function cohortTiles(context: {
	formatNumber: (v: number) => string;
	formatAmount: (v: number) => string;
	formatMetric: (type: 'percent', v: number) => string;
}): Array<ComparedTile<Lifetime>> {
	const tile = (
		key:
			| 'new_customers'
			| 'repeat_rate'
			| 'avg_lifetime_value'
			| 'avg_days_to_second_order'
			| 'median_days_to_second_order',
	) => {
		const m = getMetric('customers', key);
		return { key, label: m.label, definition: m.definition, reverseTrend: m.isReverseTrend };
	};
	const days = (value: number | null) =>
		value === null
			? null
			: sprintf(
					/* translators: %s: number of days */
					__('%s days', 'abacus'),
					context.formatNumber(value),
				);
	return [
		{
			...tile('new_customers'),
			figure: (d) => d.customers,
			show: (d) => context.formatNumber(d.customers),
		},
		{
			...tile('repeat_rate'),
			figure: (d) => (d.customers ? d.repeat_rate : null),
			show: (d) =>
				d.customers
					? sprintf(
							/* translators: 1: percentage, 2: customers who ordered again */
							__('%1$s (%2$s)', 'abacus'),
							context.formatMetric('percent', d.repeat_rate),
							context.formatNumber(d.repeat_customers),
						)
					: null,
		},
		{
			...tile('avg_lifetime_value'),
			figure: (d) => (d.customers ? d.avg_lifetime_value : null),
			show: (d) => (d.customers ? context.formatAmount(d.avg_lifetime_value) : null),
		},
		{
			...tile('avg_days_to_second_order'),
			figure: (d) => d.avg_days_to_second_order,
			show: (d) => days(d.avg_days_to_second_order),
		},
		{
			...tile('median_days_to_second_order'),
			figure: (d) => d.median_days_to_second_order,
			show: (d) => days(d.median_days_to_second_order),
		},
	];
}

const PERIOD_CHOICES = [6, 12, 24];
/** Cohorts drawn as curves (the newest ones with customers). */
const CURVES = 8;

const intParam = (value: unknown, min: number, max: number): number | null => {
	const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
	return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The picked cell of the address: a cohort key as the server names it and a period index. */
function pickedCell(
	raw: Record<string, unknown>,
	periods: number,
): { key: string; k: number } | null {
	const key = raw.cohort;
	const k = intParam(raw.k, 0, periods - 1);
	if (typeof key !== 'string' || !/^\d{4}-\d{2}(-\d{2})?$/.test(key) || k === null) return null;
	return { key, k };
}

export default function CohortsReport({ path, query: givenQuery }: Props) {
	// Without a range in the address, the last 12 months (a month to date holds one cohort).
	const rawQuery = useMemo(() => withCohortsDefaultRange(givenQuery), [givenQuery]);
	const query = useMemo(() => sanitizeReportQuery(rawQuery, cohortsConfig), [rawQuery]);
	const usesWooCommerce = useUsesWooCommerce();
	const context = useReportContext(query);
	const ranges = useComparedRanges(query);
	const { after, before } = ranges.primary;
	// `cohort_by`, not `period`: the date range owns `period` in the address.
	const period = rawQuery.cohort_by === 'week' ? 'week' : 'month';
	const view: View = rawQuery.view === 'value' ? 'value' : 'retention';
	const periods = PERIOD_CHOICES.includes(Number(rawQuery.periods))
		? Number(rawQuery.periods)
		: 12;
	const [attempt, setAttempt] = useState(0);
	const request = useRequest<CohortsAnswer>(
		usesWooCommerce
			? null
			: addQueryArgs('/wc-analytics/reports/cohorts', { after, before, period, periods }),
		attempt,
	);
	const lifetime = useRequest<Lifetime>(
		usesWooCommerce
			? null
			: addQueryArgs('/wc-analytics/reports/customers/lifetime', { after, before }),
		attempt,
	);
	const cell = pickedCell(rawQuery, periods);
	const cellPage = intParam(rawQuery.cell_page, 1, 100000) ?? 1;
	const orders = useRequest<CellOrder[]>(
		cell && !usesWooCommerce
			? addQueryArgs('/wc-analytics/reports/cohorts/orders', {
					after,
					before,
					period,
					cohort: cell.key,
					k: cell.k,
					page: cellPage,
					per_page: PER_PAGE,
				})
			: null,
		attempt,
		true,
	);
	const wholeExport = useWholeExport({
		type: 'cohorts',
		title: __('Cohorts', 'abacus'),
		args: { after, before, period },
		description: __(
			'Every customer of the cohorts: first and second order, days between, orders and net sales, built by the server.',
			'abacus',
		),
		disabled: request.state !== 'ready' || request.data.totals.customers === 0,
		formatNumber: (v) => context.formatNumber(v),
	});
	if (usesWooCommerce || request.state === 'needs-engine') {
		return (
			<NeedsAbacusEngine
				title={__('Cohorts need the Abacus engine', 'abacus')}
				why={__(
					'WooCommerce’s own analytics does not follow customers from their first order on, so cohorts, retention and lifetime value are computed by the Abacus engine, which keeps a copy of the store’s orders.',
					'abacus',
				)}
			/>
		);
	}
	const periodLabel = (k: number) =>
		period === 'week'
			? sprintf(/* translators: %d: weeks since the first order */ __('Week %d', 'abacus'), k)
			: sprintf(
					/* translators: %d: months since the first order */ __('Month %d', 'abacus'),
					k,
				);
	const cohortLabel = (c: Cohort) =>
		period === 'week'
			? sprintf(
					/* translators: %s: first day of the week */
					__('Week of %s', 'abacus'),
					context.formatDate(c.start),
				)
			: dateI18n('F Y', `${c.start}T00:00:00`, undefined);
	const retention = getMetric('customers', 'retention');
	const value = getMetric('customers', 'cumulative_value');
	const shown = view === 'retention' ? retention : value;
	const formatPercent = (v: number) => `${context.formatNumber(Math.round(v * 10) / 10)}%`;
	const formatShown =
		view === 'retention' ? formatPercent : (v: number) => context.formatAmount(v);
	// Activity is counted up to the range's last day or today, whichever comes first: later periods
	// are not reached yet, and the one running on that day is so far (in-progress.ts).
	const today = getStoreTimeZoneMoment().format('YYYY-MM-DD');
	const lastDay = before.slice(0, 10) < today ? before.slice(0, 10) : today;
	const shownCohorts =
		request.state === 'ready'
			? request.data.cohorts.map((c) => {
					const retentionShown = shownPeriods(c.retention, c.start, period, lastDay);
					return {
						cohort: c,
						retention: retentionShown.values,
						value: shownPeriods(c.cumulative_value, c.start, period, lastDay).values,
						inProgress: retentionShown.inProgress,
					};
				})
			: [];
	const rows: TriangleRow[] = shownCohorts.map((c) => ({
		key: c.cohort.cohort,
		label: cohortLabel(c.cohort),
		size: c.cohort.size,
		values: view === 'retention' ? c.retention : c.value,
		inProgress: c.inProgress,
	}));
	const lastDayLabel = context.formatDate(lastDay);
	const downloadCsv = () => {
		if (request.state !== 'ready') return;
		const n = request.data.periods;
		const headers = [
			{ key: 'cohort', label: __('Cohort', 'abacus') },
			{ key: 'size', label: __('Customers', 'abacus') },
			...Array.from({ length: n }, (_, k) => ({
				key: `r${k}`,
				label: `${retention.label} ${periodLabel(k)}`,
			})),
			...Array.from({ length: n }, (_, k) => ({
				key: `v${k}`,
				label: `${value.label} ${periodLabel(k)}`,
			})),
		];
		const csvRows = shownCohorts.map((c) => [
			{ value: c.cohort.cohort },
			{ value: c.cohort.size },
			...c.retention.map((v) => ({ value: v })),
			...c.value.map((v) => ({ value: v })),
		]);
		downloadCSVFile(
			generateCSVFileName(__('Cohorts', 'abacus'), {
				period,
				after: after.slice(0, 10),
				before: before.slice(0, 10),
			}),
			generateCSVDataFromTable(headers, csvRows),
		);
	};
	const switchLink = (changes: Record<string, string | undefined>) =>
		getNewPath(changes, path, rawQuery);
	const pickedCohort =
		cell && request.state === 'ready'
			? request.data.cohorts.find((c) => c.cohort === cell.key)
			: undefined;
	return (
		<div className="abacus-report abacus-cohorts">
			<SaveView path={path} query={query} />
			<ReportFiltersBar config={cohortsConfig} path={path} query={query} />
			{lifetime.state === 'error' ? (
				<Failure message={lifetime.message} onRetry={() => setAttempt((n) => n + 1)} />
			) : null}
			<ComparedTiles<Lifetime>
				primary={lifetime}
				secondaryPath={
					usesWooCommerce
						? null
						: addQueryArgs('/wc-analytics/reports/customers/lifetime', ranges.secondary)
				}
				attempt={attempt}
				onRetry={() => setAttempt((n) => n + 1)}
				prevLabel={ranges.secondaryLabel}
				label={__('Cohorts: summary', 'abacus')}
				tiles={cohortTiles(context)}
			/>
			<p className="abacus-lifetime__note">
				{__(
					'Customers whose first order falls in the date range; their orders are counted up to its end.',
					'abacus',
				)}
			</p>
			<div className="abacus-order-times__bar">
				<div className="abacus-cohorts__switches">
					<div
						className="abacus-switch"
						role="group"
						aria-label={__('Cohorts by', 'abacus')}
					>
						<Button
							variant={period === 'month' ? 'primary' : 'secondary'}
							aria-pressed={period === 'month'}
							href={switchLink({
								cohort_by: undefined,
								cohort: undefined,
								k: undefined,
								cell_page: undefined,
							})}
						>
							{__('Month', 'abacus')}
						</Button>
						<Button
							variant={period === 'week' ? 'primary' : 'secondary'}
							aria-pressed={period === 'week'}
							href={switchLink({
								cohort_by: 'week',
								cohort: undefined,
								k: undefined,
								cell_page: undefined,
							})}
						>
							{__('Week', 'abacus')}
						</Button>
					</div>
					<div className="abacus-switch" role="group" aria-label={__('Show', 'abacus')}>
						<Button
							variant={view === 'retention' ? 'primary' : 'secondary'}
							aria-pressed={view === 'retention'}
							href={switchLink({ view: undefined })}
						>
							{retention.label}
						</Button>
						<Button
							variant={view === 'value' ? 'primary' : 'secondary'}
							aria-pressed={view === 'value'}
							href={switchLink({ view: 'value' })}
						>
							{__('Value per customer', 'abacus')}
						</Button>
					</div>
					<label className="abacus-cohorts__periods">
						{__('Periods', 'abacus')}{' '}
						<select
							value={periods}
							onChange={(e) =>
								updateQueryString(
									{
										periods:
											e.target.value === '12' ? undefined : e.target.value,
									},
									path,
									rawQuery,
								)
							}
						>
							{PERIOD_CHOICES.map((n) => (
								<option key={n} value={n}>
									{n}
								</option>
							))}
						</select>
					</label>
				</div>
				<div className="abacus-order-times__exports">
					<Button
						variant="secondary"
						onClick={downloadCsv}
						disabled={request.state !== 'ready'}
						aria-describedby="abacus-cohorts-csv"
					>
						{__('Download CSV', 'abacus')}
					</Button>
					<span id="abacus-cohorts-csv" className="screen-reader-text">
						{__(
							'The triangle: retention and value per customer of each cohort.',
							'abacus',
						)}
					</span>
					{wholeExport.button}
				</div>
			</div>
			{wholeExport.panel}
			<details className="abacus-cohorts__definition">
				<summary>
					{sprintf(
						/* translators: %s: metric name */
						__('What is %s?', 'abacus'),
						shown.label,
					)}
				</summary>
				<p>{shown.definition}</p>
			</details>
			{request.state === 'loading' ? (
				<div className="abacus-order-times__loading" aria-live="polite">
					<Spinner />
					<span>{__('Loading the cohorts…', 'abacus')}</span>
				</div>
			) : null}
			{request.state === 'error' ? (
				<Failure message={request.message} onRetry={() => setAttempt((n) => n + 1)} />
			) : null}
			{request.state === 'ready' && request.data.totals.customers === 0 ? (
				<p>{__('No customer placed a first order in this date range.', 'abacus')}</p>
			) : null}
			{request.state === 'ready' && request.data.totals.customers > 0 ? (
				<>
					<Triangle
						caption={sprintf(
							/* translators: %s: metric name */
							__('%s by cohort and period since the first order', 'abacus'),
							shown.label,
						)}
						rows={rows}
						periodLabel={periodLabel}
						formatValue={formatShown}
						formatSize={(v) => context.formatNumber(v)}
						max={view === 'retention' ? 100 : undefined}
						inProgressNote={sprintf(
							/* translators: %s: date (the range's last day, or today) */
							__(
								'Outlined: the period still running on %s, its figure so far.',
								'abacus',
							),
							lastDayLabel,
						)}
						selected={cell}
						onSelect={(key, k) =>
							updateQueryString(
								{ cohort: key, k: String(k), cell_page: undefined },
								path,
								rawQuery,
							)
						}
					/>
					<CohortCurves
						title={
							view === 'retention'
								? __('Retention curves of the newest cohorts', 'abacus')
								: __(
										'Cumulative net sales per customer of the newest cohorts',
										'abacus',
									)
						}
						rows={rows.filter((r) => r.size > 0).slice(-CURVES)}
						periodLabel={periodLabel}
						formatValue={formatShown}
						inProgressNote={sprintf(
							/* translators: %s: date (the range's last day, or today) */
							__(
								'A hollow dot, reached by a dashed line: the period still running on %s, its figure so far.',
								'abacus',
							),
							lastDayLabel,
						)}
					/>
				</>
			) : null}
			{cell ? (
				<CellOrders
					request={orders}
					title={sprintf(
						/* translators: 1: cohort (e.g. August 2026), 2: period (e.g. Month 2) */
						__('Orders of the %1$s cohort in %2$s', 'abacus'),
						pickedCohort ? cohortLabel(pickedCohort) : cell.key,
						periodLabel(cell.k),
					)}
					empty={__('No orders in this period.', 'abacus')}
					page={cellPage}
					context={context}
					onRetry={() => setAttempt((n) => n + 1)}
					onPage={(page) =>
						updateQueryString({ cell_page: String(page) }, path, rawQuery)
					}
				/>
			) : null}
		</div>
	);
}
