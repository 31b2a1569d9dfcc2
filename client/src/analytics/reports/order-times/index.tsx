/**
 * "When orders come" (its own chunk): the orders report's filter bar (date range and advanced
 * filters), a switch between orders count and net sales, the weekday × hour heat map in the
 * store's time zone (rows from the store's week start), a CSV of the 7 × 24 grid, and the orders
 * of a picked cell (`weekday`, `hour` in the address, so a saved view or a shared link keeps it).
 */
import { useMemo, useState } from 'react';
import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';
import { downloadCSVFile, generateCSVDataFromTable, generateCSVFileName } from '@abacus/csv-export';
import { getFilterQuery } from '@abacus/data';
import { getColumn, getMetric } from '@abacus/metrics';
import { getNewPath, updateQueryString } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';

import { ReportFiltersBar } from '../../components/report-filters.js';
import { useReportContext } from '../../components/use-report-context.js';
import { SaveView } from '../../saved-views/index.js';
import { config as ordersConfig } from '../orders/config.js';
import { sanitizeReportQuery } from '../../components/query.js';
import type { ReportConfig } from '../../components/types.js';
import { HeatMap, hourRange, weekdayName, type HeatCell } from './heat-map.js';
import { NeedsAbacusEngine, useUsesWooCommerce } from '../../../engine/needs-engine.js';
import { CellOrders, PER_PAGE, type CellOrder } from './cell-orders.js';
import { ComparedTiles, useComparedRanges, type ComparedTile } from './compared-tiles.js';
import { Failure, useRequest } from './request.js';
import { useWholeExport } from './whole-export.js';
import './style.scss';

interface Props {
	path: string;
	query: Record<string, unknown>;
}

interface Busiest {
	weekday: number;
	hour?: number;
	orders_count: number;
}

export interface OrderTimes {
	weekdays: number[];
	time_zone: string;
	cells: Array<{ weekday: number; hour: number; orders_count: number; net_revenue: number }>;
	totals: {
		orders_count: number;
		net_revenue: number;
		avg_order_value: number;
		busiest_hour: Busiest | null;
		busiest_weekday: Busiest | null;
	};
}

type Metric = 'orders_count' | 'net_revenue';

/** A measure's words: the metrics catalogue's (the orders report's figures of the same name). */
function metricLabel(key: Metric | 'num_items_sold' | 'avg_order_value'): string {
	return getMetric('orders', key).label;
}

/** The page's config for the filter bar: the orders report's filters. */
export const orderTimesConfig: ReportConfig = {
	...ordersConfig,
	title: __('When orders come', 'abacus'),
	path: '/analytics/order-times',
};

/** The tiles: orders, net sales and average order value with their change, the busiest hour and weekday. */
export function orderTimesTiles(
	context: { formatNumber: (v: number) => string; formatAmount: (v: number) => string },
	metric: Metric,
	link: (key: Metric) => string,
): Array<ComparedTile<OrderTimes>> {
	const tile = (
		key:
			'orders_count' | 'net_revenue' | 'avg_order_value' | 'busiest_hour' | 'busiest_weekday',
	) => {
		const m = getMetric('orders', key);
		return { key, label: m.label, definition: m.definition, reverseTrend: m.isReverseTrend };
	};
	return [
		{
			...tile('orders_count'),
			figure: (d) => d.totals.orders_count,
			show: (d) => context.formatNumber(d.totals.orders_count),
			href: link('orders_count'),
			selected: metric === 'orders_count',
		},
		{
			...tile('net_revenue'),
			figure: (d) => d.totals.net_revenue,
			show: (d) => context.formatAmount(d.totals.net_revenue),
			href: link('net_revenue'),
			selected: metric === 'net_revenue',
		},
		{
			...tile('avg_order_value'),
			figure: (d) => (d.totals.orders_count ? d.totals.avg_order_value : null),
			show: (d) =>
				d.totals.orders_count ? context.formatAmount(d.totals.avg_order_value) : null,
		},
		{
			...tile('busiest_hour'),
			compare: false,
			figure: () => null,
			show: (d) => {
				const b = d.totals.busiest_hour;
				return b
					? sprintf(
							/* translators: 1: weekday, 2: hour range (14:00–15:00) */
							__('%1$s, %2$s', 'abacus'),
							weekdayName(b.weekday),
							hourRange(b.hour ?? 0),
						)
					: null;
			},
		},
		{
			...tile('busiest_weekday'),
			compare: false,
			figure: () => null,
			show: (d) =>
				d.totals.busiest_weekday ? weekdayName(d.totals.busiest_weekday.weekday) : null,
		},
	];
}

const intParam = (value: unknown, min: number, max: number): number | null => {
	const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
	return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

export default function OrderTimesReport({ path, query: rawQuery }: Props) {
	const query = useMemo(() => sanitizeReportQuery(rawQuery, orderTimesConfig), [rawQuery]);
	const usesWooCommerce = useUsesWooCommerce();
	const context = useReportContext(query);
	const ranges = useComparedRanges(query);
	const { after, before } = ranges.primary;
	const metric: Metric = rawQuery.metric === 'net_revenue' ? 'net_revenue' : 'orders_count';
	const filterQuery = getFilterQuery({
		endpoint: 'orders',
		query: query as NavQuery,
		filters: ordersConfig.filters,
		advancedFilters: ordersConfig.advancedFilters,
	});
	const args = { ...filterQuery, after, before };
	const [attempt, setAttempt] = useState(0);
	const request = useRequest<OrderTimes>(
		usesWooCommerce ? null : addQueryArgs('/wc-analytics/reports/order-times', args),
		attempt,
	);
	const secondaryPath = usesWooCommerce
		? null
		: addQueryArgs('/wc-analytics/reports/order-times', {
				...filterQuery,
				...ranges.secondary,
			});
	const weekday = intParam(rawQuery.weekday, 0, 6);
	const hour = intParam(rawQuery.hour, 0, 23);
	const cell = weekday !== null && hour !== null ? { weekday, hour } : null;
	const cellPage = intParam(rawQuery.cell_page, 1, 100000) ?? 1;
	const orders = useRequest<CellOrder[]>(
		cell && !usesWooCommerce
			? addQueryArgs('/wc-analytics/reports/order-times/orders', {
					...args,
					weekday: cell.weekday,
					hour: cell.hour,
					page: cellPage,
					per_page: PER_PAGE,
				})
			: null,
		attempt,
		true,
	);
	const title = __('When orders come', 'abacus');
	const wholeExport = useWholeExport({
		type: 'order-times',
		title: title,
		args: args,
		description: __(
			'Every order of the range and filters, with its weekday and hour, built by the server.',
			'abacus',
		),
		disabled: request.state !== 'ready' || request.data.totals.orders_count === 0,
		formatNumber: (v) => context.formatNumber(v),
	});
	if (usesWooCommerce || request.state === 'needs-engine') {
		return (
			<NeedsAbacusEngine
				title={__('When orders come needs the Abacus engine', 'abacus')}
				why={__(
					'WooCommerce’s own analytics cannot count orders per hour of the day and weekday, so this heat map is computed by the Abacus engine, which keeps a copy of the store’s orders.',
					'abacus',
				)}
			/>
		);
	}
	const format = (value: number) =>
		metric === 'net_revenue' ? context.formatAmount(value) : context.formatNumber(value);
	const measureLabel = metricLabel(metric);
	const cells: HeatCell[] =
		request.state === 'ready'
			? request.data.cells.map((c) => ({
					weekday: c.weekday,
					hour: c.hour,
					value: c[metric],
				}))
			: [];
	const downloadCsv = () => {
		if (request.state !== 'ready') return;
		const headers = [
			{ key: 'weekday', label: getColumn('order-times', 'weekday').label },
			{ key: 'hour', label: getColumn('order-times', 'hour').label },
			{ key: 'orders_count', label: metricLabel('orders_count') },
			{ key: 'net_revenue', label: metricLabel('net_revenue') },
		];
		const rows = request.data.cells.map((c) => [
			{ value: weekdayName(c.weekday) },
			{ value: hourRange(c.hour) },
			{ value: c.orders_count },
			{ value: c.net_revenue },
		]);
		downloadCSVFile(
			generateCSVFileName(title, { after: after.slice(0, 10), before: before.slice(0, 10) }),
			generateCSVDataFromTable(headers, rows),
		);
	};
	return (
		<div className="abacus-report abacus-order-times">
			<SaveView path={path} query={query} />
			<ReportFiltersBar config={orderTimesConfig} path={path} query={query} />
			<ComparedTiles<OrderTimes>
				primary={request}
				secondaryPath={secondaryPath}
				attempt={attempt}
				onRetry={() => setAttempt((n) => n + 1)}
				prevLabel={ranges.secondaryLabel}
				label={__('When orders come: summary', 'abacus')}
				tiles={orderTimesTiles(context, metric, (key) =>
					getNewPath(
						{ metric: key === 'orders_count' ? undefined : key },
						path,
						rawQuery,
					),
				)}
			/>
			<div className="abacus-order-times__bar">
				<div className="abacus-switch" role="group" aria-label={__('Measure', 'abacus')}>
					{(['orders_count', 'net_revenue'] as Metric[]).map((key) => (
						<Button
							key={key}
							variant={metric === key ? 'primary' : 'secondary'}
							aria-pressed={metric === key}
							href={getNewPath(
								{ metric: key === 'orders_count' ? undefined : key },
								path,
								rawQuery,
							)}
						>
							{metricLabel(key)}
						</Button>
					))}
				</div>
				<div className="abacus-order-times__exports">
					<Button
						variant="secondary"
						onClick={downloadCsv}
						disabled={request.state !== 'ready'}
						aria-describedby="abacus-order-times-csv"
					>
						{__('Download CSV', 'abacus')}
					</Button>
					<span id="abacus-order-times-csv" className="screen-reader-text">
						{__('The 168 cells of the heat map, with orders and net sales.', 'abacus')}
					</span>
					{wholeExport.button}
				</div>
			</div>
			{wholeExport.panel}
			{request.state === 'loading' ? (
				<div className="abacus-order-times__loading" aria-live="polite">
					<Spinner />
					<span>{__('Loading the heat map…', 'abacus')}</span>
				</div>
			) : null}
			{request.state === 'error' ? (
				<Failure message={request.message} onRetry={() => setAttempt((n) => n + 1)} />
			) : null}
			{request.state === 'ready' ? (
				<>
					<p className="abacus-order-times__summary">
						{sprintf(
							/* translators: %s: time zone */
							__('Hours in the store’s time zone (%s).', 'abacus'),
							request.data.time_zone,
						)}
					</p>
					<HeatMap
						weekdays={request.data.weekdays}
						cells={cells}
						caption={sprintf(
							/* translators: %s: measure (Orders or Net sales) */
							__('%s by weekday and hour of the day', 'abacus'),
							measureLabel,
						)}
						formatValue={format}
						wholeNumbers={metric !== 'net_revenue'}
						selected={cell}
						onSelect={(picked) =>
							updateQueryString(
								{
									weekday: String(picked.weekday),
									hour: String(picked.hour),
									cell_page: undefined,
								},
								path,
								rawQuery,
							)
						}
					/>
				</>
			) : null}
			{cell ? (
				<CellOrders
					request={orders}
					title={sprintf(
						/* translators: 1: weekday, 2: hour range */
						__('Orders on %1$s, %2$s', 'abacus'),
						weekdayName(cell.weekday),
						hourRange(cell.hour),
					)}
					empty={__('No orders in this hour.', 'abacus')}
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
