/**
 * The Dashboard widget: today and this week so far against the same time last week (net sales,
 * orders, average order value, each with its change and a link to its report), a chart of the
 * week's net sales by day, and the week's top product. It asks for its figures once when shown (one
 * request: the store computes them), shows a skeleton of its final size meanwhile, and on failure
 * says why with a Retry button.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { __, sprintf } from '@wordpress/i18n';
import { CurrencyFactory } from '@abacus/currency';
import { NEW_TREND, numberFormat } from '@abacus/number';

import {
	parseWidgetAnswer,
	productLink,
	reportLink,
	trendOf,
	type Figures,
	type Metric,
	type Trend,
	type WidgetData,
	type WidgetSettings,
} from './data.js';
import { describeChart, Sparkline } from './sparkline.js';

export type Fetcher = (path: string) => Promise<unknown>;

export interface DashboardWidgetProps {
	settings: WidgetSettings;
	fetch: Fetcher;
}

type State =
	{ kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: WidgetData };

function messageOf(error: unknown): string {
	if (error !== null && typeof error === 'object' && 'message' in error) {
		const message = (error as { message: unknown }).message;
		if (typeof message === 'string' && message !== '') return message;
	}
	return __('The store did not answer.', 'abacus');
}

function TrendBadge({ trend }: { trend: Trend }): ReactElement {
	if (trend === null) {
		return <span className="abacus-dw__trend abacus-dw__trend--none">—</span>;
	}
	if (trend === NEW_TREND) {
		return (
			<span className="abacus-dw__trend abacus-dw__trend--up">
				{__('New', 'abacus')}
				<span className="screen-reader-text">
					{__('(none at this time last week)', 'abacus')}
				</span>
			</span>
		);
	}
	const direction = trend > 0 ? 'up' : trend < 0 ? 'down' : 'flat';
	const label =
		trend > 0
			? /* translators: %d: percentage. */ sprintf(__('Up %d%%', 'abacus'), trend)
			: trend < 0
				? /* translators: %d: percentage. */ sprintf(__('Down %d%%', 'abacus'), -trend)
				: __('No change', 'abacus');
	return (
		<span className={`abacus-dw__trend abacus-dw__trend--${direction}`}>
			<span aria-hidden="true">
				{trend > 0 ? '↑' : trend < 0 ? '↓' : ''}
				{trend === 0 ? '0%' : `${Math.abs(trend)}%`}
			</span>
			<span className="screen-reader-text">{label}</span>
		</span>
	);
}

export function DashboardWidget({ settings, fetch }: DashboardWidgetProps): ReactElement {
	const [state, setState] = useState<State>({ kind: 'loading' });
	const [attempt, setAttempt] = useState(0);
	const retryRef = useRef<HTMLButtonElement>(null);
	const currency = useMemo(() => CurrencyFactory(settings.currency), [settings.currency]);
	const count = useCallback(
		(value: number) =>
			numberFormat(
				{
					precision: 0,
					thousandSeparator: settings.currency.thousandSeparator,
					decimalSeparator: settings.currency.decimalSeparator,
				},
				value,
			),
		[settings.currency],
	);

	useEffect(() => {
		let live = true;
		setState({ kind: 'loading' });
		fetch(settings.path)
			.then((answer) => {
				if (!live) return;
				setState({ kind: 'ready', data: parseWidgetAnswer(answer) });
			})
			.catch((error: unknown) => {
				if (live) setState({ kind: 'failed', message: messageOf(error) });
			});
		return () => {
			live = false;
		};
	}, [fetch, settings, attempt]);

	useEffect(() => {
		if (state.kind === 'failed') retryRef.current?.focus();
	}, [state.kind]);

	if (state.kind === 'loading') {
		return (
			<div className="abacus-dw" aria-busy="true">
				<p className="screen-reader-text" role="status">
					{__('Loading the store’s figures…', 'abacus')}
				</p>
				<div className="abacus-dw__skeleton" aria-hidden="true">
					{[0, 1].map((section) => (
						<div className="abacus-dw__skeleton-section" key={section}>
							<span className="abacus-dw__bone abacus-dw__bone--title" />
							<div className="abacus-dw__skeleton-figures">
								{[0, 1, 2].map((figure) => (
									<span
										className="abacus-dw__bone abacus-dw__bone--figure"
										key={figure}
									/>
								))}
							</div>
						</div>
					))}
					<span className="abacus-dw__bone abacus-dw__bone--chart" />
					<span className="abacus-dw__bone abacus-dw__bone--line" />
				</div>
			</div>
		);
	}

	if (state.kind === 'failed') {
		return (
			<div className="abacus-dw abacus-dw--failed">
				<div className="notice notice-error inline" role="alert">
					<p>
						{sprintf(
							/* translators: %s: the reason the figures could not be loaded. */
							__('The store’s figures could not be loaded: %s', 'abacus'),
							state.message,
						)}
					</p>
				</div>
				<button
					type="button"
					className="button"
					ref={retryRef}
					onClick={() => setAttempt((n) => n + 1)}
				>
					{__('Retry', 'abacus')}
				</button>
			</div>
		);
	}

	const { data } = state;
	const format = (metric: Metric, value: number): string =>
		metric === 'orders_count' ? count(value) : currency.formatAmount(value);
	const metrics: Array<{ metric: Metric; label: string }> = [
		{ metric: 'net_revenue', label: __('Net sales', 'abacus') },
		{ metric: 'orders_count', label: __('Orders', 'abacus') },
		{ metric: 'avg_order_value', label: __('Average order', 'abacus') },
	];
	const section = (
		span: 'today' | 'week',
		title: string,
		current: Figures,
		previous: Figures,
	): ReactElement => (
		<section
			className="abacus-dw__section"
			aria-labelledby={`abacus-dw-${span}`}
			data-after={data.ranges[span].after}
			data-before={data.ranges[span].before}
		>
			<h3 className="abacus-dw__title" id={`abacus-dw-${span}`}>
				{title}
			</h3>
			<ul className="abacus-dw__figures">
				{metrics.map(({ metric, label }) => (
					<li className="abacus-dw__figure" key={metric} data-metric={metric}>
						<a
							className="abacus-dw__link"
							href={reportLink(settings.reportUrl, metric, span)}
						>
							<span className="abacus-dw__label">{label}</span>
							<span className="abacus-dw__value">
								{format(metric, current[metric])}
							</span>
						</a>
						<span
							className="abacus-dw__compare"
							title={sprintf(
								/* translators: %s: the figure at the same time last week. */
								__('last week %s', 'abacus'),
								format(metric, previous[metric]),
							)}
						>
							<TrendBadge trend={trendOf(current[metric], previous[metric])} />
							<span className="abacus-dw__previous">
								{sprintf(
									/* translators: %s: the figure at the same time last week. */
									__('last week %s', 'abacus'),
									format(metric, previous[metric]),
								)}
							</span>
						</span>
					</li>
				))}
			</ul>
		</section>
	);

	const weekday = new Intl.DateTimeFormat(settings.locale, { weekday: 'short', timeZone: 'UTC' });
	const dayLabel = (date: string): string => weekday.format(new Date(`${date}T12:00:00Z`));
	const chartDays = data.lastWeekDays.map((day, index) => {
		const current = data.weekDays[index];
		return {
			label: dayLabel(current ? current.date : day.date),
			current: current ? currency.formatAmount(current.net_revenue) : null,
			previous: currency.formatAmount(day.net_revenue),
		};
	});

	return (
		<div className="abacus-dw">
			{section('today', __('Today so far', 'abacus'), data.today, data.lastWeekToday)}
			{section('week', __('This week so far', 'abacus'), data.week, data.lastWeek)}
			<figure className="abacus-dw__chart-figure">
				<Sparkline
					current={data.weekDays.map((d) => d.net_revenue)}
					previous={data.lastWeekDays.map((d) => d.net_revenue)}
					description={describeChart(chartDays)}
				/>
				<figcaption className="abacus-dw__legend">
					<span className="abacus-dw__legend-current">{__('This week', 'abacus')}</span>
					<span className="abacus-dw__legend-previous">{__('Last week', 'abacus')}</span>
					{data.asOf !== '' && (
						<span className="abacus-dw__as-of">
							{sprintf(
								/* translators: %s: a time of day in the store's format. */
								__('as of %s', 'abacus'),
								data.asOf,
							)}
						</span>
					)}
				</figcaption>
			</figure>
			<div className="abacus-dw__top">
				<span className="abacus-dw__label">{__('Top product this week', 'abacus')}</span>
				<span className="abacus-dw__top-line">
					{data.top ? (
						<>
							<a
								className="abacus-dw__link abacus-dw__top-link"
								href={productLink(settings.reportUrl, data.top.id)}
							>
								{data.top.name}
							</a>{' '}
							<span className="abacus-dw__top-figures">
								{sprintf(
									/* translators: 1: net sales, 2: items sold. */
									__('%1$s, %2$s sold', 'abacus'),
									currency.formatAmount(data.top.netRevenue),
									count(data.top.itemsSold),
								)}
							</span>
						</>
					) : (
						<span>{__('No sales yet this week.', 'abacus')}</span>
					)}
				</span>
			</div>
		</div>
	);
}
