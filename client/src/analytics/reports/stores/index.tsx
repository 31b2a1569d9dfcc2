/**
 * "Stores" (its own chunk; `/analytics/stores`): the combined revenue of chosen stores an engine
 * serves, for the engine's operator on the engine's own admin page. The date range and a store
 * picker (stores of one currency, `stores=1,2` in the address), tiles with the comparison period's
 * deltas, a chart of the chosen figure by store or combined with the previous period, each store's
 * share of net sales, and a sortable table of the stores' figures and shares with a CSV download.
 * Money is written in the chosen stores' currency; each store's days are its own calendar days.
 */
import { useMemo, useState } from 'react';
import { Button, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';
import { Chart, SummaryList, SummaryNumber, TableCard } from '@abacus/components';
import { CURRENCY_SYMBOLS, CurrencyFactory } from '@abacus/currency';
import {
	appendTimestamp,
	getAllowedIntervalsForQuery,
	getChartTypeForQuery,
	getCurrentDates,
	getDateFormatsForInterval,
	getIntervalForQuery,
} from '@abacus/date';
import { getMetric, storeGroupMetric, type Metric } from '@abacus/metrics';
import { getNewPath, updateQueryString } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';
import { calculateTrend, numberFormat } from '@abacus/number';
import { getSetting } from '@abacus/settings';
import type { CurrencySettings } from '@abacus/settings';

import {
	chartTimeLocale,
	currencyTickFormat,
	languageTag,
	localizeDateFormats,
} from '../../components/chart-locale.js';
import { ReportFiltersBar } from '../../components/report-filters.js';
import { useDefaultDateRange } from '../../components/use-default-date-range.js';
import { SaveView } from '../../saved-views/index.js';
import { addressForStore, getOperator } from '../../../engine/operator.js';
import { Failure, useRequest } from '../order-times/request.js';
import { config as revenueConfig } from '../revenue/config.js';
import type { ReportConfig } from '../../components/types.js';
import {
	chartRows,
	chosenStores,
	formatShare,
	sortKeyOf,
	sortStores,
	STORE_FIELDS,
	type GroupStats,
	type ServedStore,
	type StoreField,
} from './data.js';
import { StorePicker } from './store-picker.js';
import './style.scss';

interface Props {
	path: string;
	query: Record<string, unknown>;
}

/** The page's config for the filter bar: the date range only. */
export const storesConfig: ReportConfig = {
	...revenueConfig,
	title: __('Stores', 'abacus'),
	path: '/analytics/stores',
	filters: [],
	advancedFilters: undefined,
};

const revenueMetric = (key: StoreField): Metric => getMetric('revenue', key);

/** Money in the chosen stores' currency, written with the page's separators. */
function useMoney(code: string | undefined) {
	return useMemo(() => {
		const page = getSetting('currency', {}) as Partial<CurrencySettings>;
		const setting: Partial<CurrencySettings> =
			code && code !== page.code
				? { ...page, code, symbol: CURRENCY_SYMBOLS[code] ?? code }
				: page;
		const currency = CurrencyFactory(setting);
		return {
			config: currency.getCurrencyConfig() as CurrencySettings,
			format: (value: number) => currency.formatAmount(value),
		};
	}, [code]);
}

export default function StoresReport({ path, query }: Props) {
	const defaultDateRange = useDefaultDateRange();
	const locale = getSetting('locale', {}) as { userLocale?: string; siteLocale?: string };
	const wpLocale = locale.userLocale || locale.siteLocale;
	const tag = languageTag(wpLocale);
	const [attempt, setAttempt] = useState(0);
	const served = useRequest<ServedStore[]>('/abacus/v1/stores', attempt);
	const servedList = useMemo(() => (served.state === 'ready' ? served.data : []), [served]);
	const chosen = useMemo(
		() => chosenStores(query.stores, servedList),
		[query.stores, servedList],
	);
	const { primary, secondary } = getCurrentDates(query as NavQuery, defaultDateRange);
	const interval = getIntervalForQuery(query as NavQuery, defaultDateRange);
	const statsPath = (after: string, before: string) =>
		chosen.length
			? addQueryArgs('/abacus/v1/reports/stores/stats', {
					stores: chosen.map((store) => store.id).join(','),
					after,
					before,
					interval,
					fields: STORE_FIELDS.join(','),
				})
			: null;
	const current = useRequest<GroupStats>(
		statsPath(
			appendTimestamp(primary.after.clone(), 'start'),
			appendTimestamp(primary.before.clone(), 'end'),
		),
		attempt,
	);
	const previous = useRequest<GroupStats>(
		statsPath(
			appendTimestamp(secondary.after.clone(), 'start'),
			appendTimestamp(secondary.before.clone(), 'end'),
		),
		attempt,
	);
	const money = useMoney(chosen[0]?.currency);
	const moneyTicks = useMemo(() => currencyTickFormat(money.config, wpLocale), [money, wpLocale]);
	const timeLocale = useMemo(() => chartTimeLocale(wpLocale), [wpLocale]);
	const formatNumber = (value: number) =>
		numberFormat(
			{
				precision: 0,
				decimalSeparator: money.config.decimalSeparator,
				thousandSeparator: money.config.thousandSeparator,
			},
			value,
		);
	const formatAverage = (value: number) =>
		numberFormat(
			{
				precision: 2,
				decimalSeparator: money.config.decimalSeparator,
				thousandSeparator: money.config.thousandSeparator,
			},
			value,
		);
	const format = (metric: Metric, value: number): string =>
		metric.type === 'currency'
			? money.format(value)
			: metric.type === 'average'
				? formatAverage(value)
				: formatNumber(value);
	const retry = () => setAttempt((n) => n + 1);
	const title = __('Stores', 'abacus');

	if (served.state === 'needs-engine') {
		return (
			<div className="abacus-report abacus-stores">
				<p className="abacus-stores__note">
					{__(
						'The Stores report is on the admin page of an Abacus engine that serves several stores.',
						'abacus',
					)}
				</p>
			</div>
		);
	}
	if (served.state === 'error') {
		return (
			<div className="abacus-report abacus-stores">
				<Failure message={served.message} onRetry={retry} />
			</div>
		);
	}
	if (served.state === 'loading') {
		return (
			<div className="abacus-report abacus-stores" aria-live="polite">
				<Spinner />
				<span>{__('Loading the stores…', 'abacus')}</span>
			</div>
		);
	}

	const selectedKey: StoreField = (STORE_FIELDS as readonly string[]).includes(
		String(query.chart),
	)
		? (query.chart as StoreField)
		: 'net_revenue';
	const selected = revenueMetric(selectedKey);
	const by = query.chart_by === 'combined' ? 'combined' : 'stores';
	const data = current.state === 'ready' ? current.data : null;
	const before = previous.state === 'ready' ? previous.data : null;
	const periodLabel = (range: { label: string; range: string }) =>
		`${range.label} (${range.range})`;
	const orderby = sortKeyOf(query.orderby);
	const order = query.order === 'asc' ? 'asc' : 'desc';
	const sorted = data ? sortStores(data.stores, orderby, order) : [];
	const netShare = storeGroupMetric('net_revenue_share');
	const orderShare = storeGroupMetric('orders_count_share');
	const storesCount = storeGroupMetric('stores_count');
	const headers = [
		{
			key: 'name',
			label: __('Store', 'abacus'),
			isSortable: true,
			isLeftAligned: true,
			required: true,
		},
		{
			key: 'net_revenue',
			label: revenueMetric('net_revenue').columnLabel,
			isSortable: true,
			isNumeric: true,
			defaultSort: true,
		},
		{
			key: 'net_revenue_share',
			label: netShare.columnLabel,
			isSortable: true,
			isNumeric: true,
		},
		{
			key: 'orders_count',
			label: revenueMetric('orders_count').columnLabel,
			isSortable: true,
			isNumeric: true,
		},
		{
			key: 'orders_count_share',
			label: orderShare.columnLabel,
			isSortable: true,
			isNumeric: true,
		},
		{
			key: 'avg_order_value',
			label: revenueMetric('avg_order_value').columnLabel,
			isSortable: true,
			isNumeric: true,
		},
		{
			key: 'total_sales',
			label: revenueMetric('total_sales').columnLabel,
			isSortable: true,
			isNumeric: true,
		},
		{
			key: 'refunds',
			label: revenueMetric('refunds').columnLabel,
			isSortable: true,
			isNumeric: true,
		},
		{ key: 'time_zone', label: __('Time zone', 'abacus'), isLeftAligned: true },
	];
	// On the engine's own page each store's name opens its reports (the page loads for it).
	const operator = getOperator();
	const rows = sorted.map((store) => [
		{
			display: operator ? (
				<a href={addressForStore(store.id, '/analytics/overview', query as NavQuery)}>
					{store.name}
				</a>
			) : (
				store.name
			),
			value: store.name,
		},
		{ display: money.format(store.totals.net_revenue), value: store.totals.net_revenue },
		{
			display: formatShare(store.share.net_revenue, tag),
			value:
				store.share.net_revenue === null
					? null
					: Math.round(store.share.net_revenue * 10) / 10,
		},
		{ display: formatNumber(store.totals.orders_count), value: store.totals.orders_count },
		{
			display: formatShare(store.share.orders_count, tag),
			value:
				store.share.orders_count === null
					? null
					: Math.round(store.share.orders_count * 10) / 10,
		},
		{
			display: money.format(store.totals.avg_order_value),
			value: store.totals.avg_order_value,
		},
		{ display: money.format(store.totals.total_sales), value: store.totals.total_sales },
		{ display: money.format(store.totals.refunds), value: store.totals.refunds },
		{ display: store.time_zone, value: store.time_zone },
	]);
	const chartData = data
		? chartRows(data, before, selectedKey, by, {
				current: periodLabel(primary),
				previous: periodLabel(secondary),
			})
		: [];
	const formats = localizeDateFormats(
		getDateFormatsForInterval(interval, chartData.length),
		wpLocale,
	);
	const failed =
		current.state === 'error' ? current : previous.state === 'error' ? previous : null;

	return (
		<div className="abacus-report abacus-stores">
			<SaveView path={path} query={query} />
			<div className="abacus-stores__filters">
				<ReportFiltersBar config={storesConfig} path={path} query={query} />
				<StorePicker
					served={servedList}
					chosen={chosen}
					onChange={(stores) =>
						updateQueryString(
							{ stores: stores.map((store) => store.id).join(',') },
							path,
							query as NavQuery,
						)
					}
				/>
			</div>
			{failed ? <Failure message={failed.message} onRetry={retry} /> : null}
			<SummaryList label={__('Performance Indicators', 'abacus')}>
				{({ onToggle }: { onToggle?: () => void }) =>
					STORE_FIELDS.map((key) => {
						const metric = revenueMetric(key);
						const value = data?.totals[key];
						const prev = before?.totals[key];
						return (
							<SummaryNumber
								key={key}
								label={metric.label}
								value={value === undefined ? undefined : format(metric, value)}
								prevValue={prev === undefined ? undefined : format(metric, prev)}
								prevLabel={`${periodLabel(secondary)}:`}
								delta={calculateTrend(value ?? null, prev ?? null) ?? undefined}
								reverseTrend={metric.isReverseTrend}
								definition={metric.definition}
								selected={key === selectedKey}
								href={getNewPath({ chart: key }, path, query as NavQuery, 'abacus')}
								onLinkClickCallback={onToggle}
							/>
						);
					})
				}
			</SummaryList>
			<div className="abacus-stores__bar">
				<div
					className="abacus-switch"
					role="group"
					aria-label={__('Chart lines', 'abacus')}
				>
					{(['stores', 'combined'] as const).map((key) => (
						<Button
							key={key}
							variant={by === key ? 'primary' : 'secondary'}
							aria-pressed={by === key}
							href={getNewPath(
								{ chart_by: key === 'stores' ? undefined : key },
								path,
								query as NavQuery,
								'abacus',
							)}
						>
							{key === 'stores' ? __('By store', 'abacus') : __('Combined', 'abacus')}
						</Button>
					))}
				</div>
			</div>
			<Chart
				data={chartData}
				title={
					by === 'stores'
						? sprintf(
								/* translators: %s: a figure, e.g. Net sales */
								__('%s by store', 'abacus'),
								selected.label,
							)
						: selected.label
				}
				mode={by === 'stores' ? 'item-comparison' : 'time-comparison'}
				interval={interval}
				allowedIntervals={getAllowedIntervalsForQuery(query as NavQuery, defaultDateRange)}
				chartType={getChartTypeForQuery(query as NavQuery)}
				path={path}
				query={query}
				isRequesting={
					current.state === 'loading' ||
					(by === 'combined' && previous.state === 'loading')
				}
				dateParser="%Y-%m-%dT%H:%M:%S"
				valueType={selected.type === 'percent' ? 'number' : selected.type}
				formatCurrency={money.format}
				formatNumber={formatNumber}
				formatAverage={formatAverage}
				yFormat={selected.type === 'currency' ? moneyTicks : undefined}
				timeLocale={timeLocale}
				tooltipLabelFormat={formats.tooltipLabelFormat}
				screenReaderFormat={formats.screenReaderFormat}
				xFormat={formats.xFormat}
				x2Format={formats.x2Format}
				legendTotals={
					data
						? by === 'stores'
							? Object.fromEntries(
									data.stores.map((store) => [
										`store-${store.id}`,
										store.totals[selectedKey],
									]),
								)
							: {
									primary: data.totals[selectedKey],
									secondary: before?.totals[selectedKey] ?? 0,
								}
						: undefined
				}
				itemsLabel={_n(
					/* translators: %d: number of stores drawn */
					'%d store',
					'%d stores',
					chosen.length,
					'abacus',
				)}
			/>
			{data && data.stores.length > 1 ? (
				<section className="abacus-stores__shares" aria-labelledby="abacus-stores-shares">
					<h2 id="abacus-stores-shares">{netShare.label}</h2>
					<ul>
						{sortStores(data.stores, 'net_revenue', 'desc').map((store) => {
							const share = store.share.net_revenue;
							const width = share === null ? 0 : Math.max(0, Math.min(100, share));
							return (
								<li key={store.id}>
									<span className="abacus-stores__share-name">{store.name}</span>
									<span className="abacus-stores__share-track" aria-hidden="true">
										<span
											className="abacus-stores__share-fill"
											style={{ width: `${width}%` }}
										/>
									</span>
									<span className="abacus-stores__share-value">
										{formatShare(share, tag)}
									</span>
								</li>
							);
						})}
					</ul>
					<p className="abacus-stores__note">{netShare.definition}</p>
				</section>
			) : null}
			<TableCard
				title={title}
				headers={headers}
				rows={rows}
				rowsPerPage={Math.max(rows.length, 1)}
				totalRows={rows.length}
				isLoading={current.state === 'loading'}
				hasDownload
				query={{ orderby, order }}
				onSort={(key, direction) =>
					updateQueryString({ orderby: key, order: direction }, path, query as NavQuery)
				}
				summary={
					data
						? [
								{
									label: storesCount.summaryLabel(data.stores.length),
									value: formatNumber(data.stores.length),
								},
								{
									label: revenueMetric('net_revenue').summaryLabel(
										data.totals.net_revenue,
									),
									value: money.format(data.totals.net_revenue),
								},
								{
									label: revenueMetric('orders_count').summaryLabel(
										data.totals.orders_count,
									),
									value: formatNumber(data.totals.orders_count),
								},
							]
						: undefined
				}
			/>
			<p className="abacus-stores__note">
				{sprintf(
					/* translators: %s: currency code */
					__(
						'Amounts in %s. A day is each store’s own calendar day, in its time zone; weeks start on the stores’ shared first day of the week, otherwise on Monday.',
						'abacus',
					),
					chosen[0]?.currency ?? '',
				)}
			</p>
		</div>
	);
}
