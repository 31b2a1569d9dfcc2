/**
 * "Store performance": the performance indicators the user chose (a preference), for the primary
 * and comparison periods, each linking to its report.
 */
import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import {
	EllipsisMenu,
	MenuItem,
	MenuTitle,
	SummaryList,
	SummaryListPlaceholder,
	SummaryNumber,
} from '@abacus/components';
import {
	selectReportItems,
	toRequestFlags,
	useUserPreferences,
	type ReportResult,
	type RequestState,
} from '@abacus/data';
import { findIndicator } from '@abacus/metrics';
import { appendTimestamp, getCurrentDates } from '@abacus/date';
import { getNewPath, getPersistedQuery } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';
import { calculateTrend } from '@abacus/number';
import { getSetting } from '@abacus/settings';

import { ReportError } from '../analytics/components/report-error.js';
import { useDefaultDateRange } from '../analytics/components/use-default-date-range.js';
import { useReportContext } from '../analytics/components/use-report-context.js';

export const HIDDEN_INDICATORS_PREFERENCE = 'dashboard_performance_indicators_hidden';

/** Indicators hidden until the user shows them (the rest fit on one row). */
export const DEFAULT_HIDDEN_INDICATORS = [
	'coupons/amount',
	'coupons/orders_count',
	'downloads/download_count',
	'taxes/order_tax',
	'taxes/total_tax',
	'taxes/shipping_tax',
	'revenue/shipping',
	'revenue/gross_sales',
	'variations/items_sold',
];

interface Indicator {
	stat: string;
	chart: string;
	label: string;
	format?: string;
	value?: number | null;
	_links?: { report?: Array<{ href: string }> };
}

interface Props {
	query: Record<string, unknown>;
}

const NO_INDICATORS: Indicator[] = [];

/** The indicators of an answer (none until it has arrived). */
function indicatorsOf(state: RequestState<ReportResult>): Indicator[] {
	return state.status === 'success'
		? ((state.data.data as Indicator[] | null) ?? NO_INDICATORS)
		: NO_INDICATORS;
}

export function PerformanceIndicators({ query }: Props) {
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	const preferences = useUserPreferences();
	const allowed = ((getSetting('dataEndpoints', {}) as { performanceIndicators?: Indicator[] })
		.performanceIndicators ?? []) as Indicator[];
	const storedHidden = preferences[HIDDEN_INDICATORS_PREFERENCE];
	const hidden = Array.isArray(storedHidden)
		? (storedHidden as string[])
		: DEFAULT_HIDDEN_INDICATORS;
	const shown = allowed.filter((indicator) => !hidden.includes(indicator.stat));
	const dates = getCurrentDates(query, defaultDateRange);
	const stats = shown.map((indicator) => indicator.stat).join(',');

	const result = useSelect(
		(select) => {
			if (!stats) {
				return {
					isRequesting: false,
					isError: false,
					primary: NO_INDICATORS,
					secondary: NO_INDICATORS,
				};
			}
			const request = (range: { after: unknown; before: unknown }) => ({
				stats,
				after: appendTimestamp((range.after as { clone: () => never }).clone(), 'start'),
				before: appendTimestamp((range.before as { clone: () => never }).clone(), 'end'),
			});
			const primary = selectReportItems(
				select,
				'performance-indicators',
				request(dates.primary),
			);
			const secondary = selectReportItems(
				select,
				'performance-indicators',
				request(dates.secondary),
			);
			const flags = [primary, secondary].map(toRequestFlags);
			return {
				isRequesting: flags.some((flag) => flag.isRequesting),
				isError: flags.some((flag) => flag.isError),
				primary: indicatorsOf(primary),
				secondary: indicatorsOf(secondary),
			};
		},
		[stats, dates],
	);

	const persisted = getPersistedQuery(query as NavQuery) as Record<string, unknown>;
	const toggle = (stat: string) => {
		const next = hidden.includes(stat)
			? hidden.filter((item) => item !== stat)
			: [...hidden, stat];
		void preferences.updateUserPreferences({ [HIDDEN_INDICATORS_PREFERENCE]: next });
	};

	return (
		<section className="abacus-dashboard__section">
			<div className="abacus-dashboard__section-header">
				<h2>{__('Store performance', 'abacus')}</h2>
				<EllipsisMenu
					label={__('Choose which analytics to display', 'abacus')}
					renderContent={() => (
						<>
							<MenuTitle>{__('Display stats:', 'abacus')}</MenuTitle>
							{allowed.map((indicator) => (
								<MenuItem
									key={indicator.stat}
									checked={!hidden.includes(indicator.stat)}
									isCheckbox
									isClickable
									onInvoke={() => toggle(indicator.stat)}
								>
									{indicator.label}
								</MenuItem>
							))}
						</>
					)}
				/>
			</div>
			{result.isError ? (
				<ReportError
					title={__('The performance indicators could not be loaded.', 'abacus')}
				/>
			) : result.isRequesting ? (
				<SummaryListPlaceholder numberOfItems={Math.max(shown.length, 1)} />
			) : shown.length === 0 ? (
				<p>
					{__(
						'No indicators are selected. Use the menu to choose which to display.',
						'abacus',
					)}
				</p>
			) : (
				<SummaryList>
					{() =>
						shown.map((indicator) => {
							const primary = result.primary.find(
								(item) => item.stat === indicator.stat,
							);
							const secondary = result.secondary.find(
								(item) => item.stat === indicator.stat,
							);
							const type = primary?.format === 'currency' ? 'currency' : 'number';
							const value = typeof primary?.value === 'number' ? primary.value : null;
							const previous =
								typeof secondary?.value === 'number' ? secondary.value : null;
							// What the catalogue says of this stat (none for a stat it does not know).
							const metric = findIndicator(indicator.stat);
							const reportPath =
								primary?._links?.report?.[0]?.href ??
								indicator._links?.report?.[0]?.href;
							return (
								<SummaryNumber
									key={indicator.stat}
									label={indicator.label}
									value={
										value === null
											? undefined
											: context.formatMetric(type, value)
									}
									prevValue={
										previous === null
											? undefined
											: context.formatMetric(type, previous)
									}
									prevLabel={`${dates.secondary.label} (${dates.secondary.range}):`}
									delta={calculateTrend(value, previous) ?? undefined}
									reverseTrend={metric?.isReverseTrend}
									definition={metric?.definition}
									href={
										reportPath
											? getNewPath(
													{ ...persisted, chart: indicator.chart },
													reportPath,
													{},
													'abacus',
												)
											: ''
									}
								/>
							);
						})
					}
				</SummaryList>
			)}
		</section>
	);
}
