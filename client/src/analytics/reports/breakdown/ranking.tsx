/**
 * The ranked bar chart of a breakdown: the values with the largest net sales of the range and
 * filters, one horizontal bar each, longest first, with the amount and the share of net sales
 * written out (so that the bars are read without colour or a pointer). Read by screen readers as a
 * list. A failed request says so with a way to retry.
 */
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { getReportTableData } from '@abacus/data';

import { ReportError } from '../../components/report-error.js';
import { useDefaultDateRange } from '../../components/use-default-date-range.js';
import { useReportContext } from '../../components/use-report-context.js';
import { getTableOptions } from '../../components/query.js';
import type { ReportConfig } from '../../components/types.js';
import { breakdownLabel, type BreakdownSlug } from './config.js';

/** Values the ranking shows. */
export const RANKING_SIZE = 10;

interface Props {
	slug: BreakdownSlug;
	config: ReportConfig;
	query: Record<string, unknown>;
}

export function BreakdownRanking({ slug, config, query }: Props) {
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	const data = useSelect(
		(select) =>
			getReportTableData({
				...getTableOptions(config, {
					...query,
					orderby: 'net_revenue',
					order: 'desc',
					paged: 1,
					per_page: RANKING_SIZE,
				}),
				select,
				defaultDateRange,
			}),
		[config, query, defaultDateRange],
	);
	const title = sprintf(
		/* translators: %s: what the report is about (Places, Payment methods) */
		__('%s by net sales', 'abacus'),
		config.title,
	);
	if (data.isError) {
		return <ReportError title={__('The ranking could not be loaded.', 'abacus')} />;
	}
	const rows = (Array.isArray(data.items.data) ? data.items.data : []) as Array<
		Record<string, unknown>
	>;
	const largest = Math.max(0, ...rows.map((row) => Number(row.net_revenue) || 0));
	const groupBy = typeof query.group_by === 'string' ? query.group_by : '';
	return (
		<section
			className="abacus-breakdown-ranking"
			aria-labelledby={`abacus-ranking-${slug}`}
			aria-busy={data.isRequesting}
		>
			<h2 id={`abacus-ranking-${slug}`} className="abacus-breakdown-ranking__title">
				{title}
			</h2>
			{data.isRequesting ? (
				<p className="abacus-breakdown-ranking__empty">{__('Loading…', 'abacus')}</p>
			) : rows.length === 0 ? (
				<p className="abacus-breakdown-ranking__empty">
					{__('No orders in this period.', 'abacus')}
				</p>
			) : (
				<ol className="abacus-breakdown-ranking__list">
					{rows.map((row) => {
						const net = Number(row.net_revenue) || 0;
						const share = Number(row.net_revenue_share) || 0;
						const width = largest > 0 && net > 0 ? (100 * net) / largest : 0;
						const name = breakdownLabel(slug, row, context, groupBy);
						return (
							<li key={String(row.key)} className="abacus-breakdown-ranking__item">
								<span className="abacus-breakdown-ranking__name">{name}</span>
								<span className="abacus-breakdown-ranking__bar" aria-hidden="true">
									<span style={{ width: `${width}%` }} />
								</span>
								<span className="abacus-breakdown-ranking__value">
									{sprintf(
										/* translators: 1: net sales amount, 2: share of net sales in % */
										__('%1$s (%2$s%%)', 'abacus'),
										context.formatAmount(net),
										share.toLocaleString(undefined, {
											maximumFractionDigits: 1,
										}),
									)}
								</span>
							</li>
						);
					})}
				</ol>
			)}
		</section>
	);
}
