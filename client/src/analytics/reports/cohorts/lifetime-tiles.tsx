/**
 * Lifetime value tiles: average lifetime value, repeat customers and average time to a second
 * order of the customers whose first order falls in a range (`reports/customers/lifetime`), with
 * the catalogue's names and definitions (@abacus/metrics, customers report).
 */
import { __, sprintf } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';
import { getMetric } from '@abacus/metrics';

import { Failure, useRequest } from '../order-times/request.js';

export interface Lifetime {
	customers: number;
	repeat_customers: number;
	repeat_rate: number;
	avg_lifetime_value: number;
	avg_days_to_second_order: number | null;
	median_days_to_second_order: number | null;
}

interface Props {
	after: string;
	/** End of the range; without it, now (store time). */
	before?: string;
	formatAmount: (value: number) => string;
	formatNumber: (value: number) => string;
	/** Retry counter of the page (a failed request is asked again when it changes). */
	attempt: number;
	onRetry: () => void;
	/** Tells the reader which customers the figures are about. */
	note: string;
}

export function LifetimeTiles({
	after,
	before,
	formatAmount,
	formatNumber,
	attempt,
	onRetry,
	note,
}: Props) {
	const request = useRequest<Lifetime>(
		addQueryArgs(
			'/wc-analytics/reports/customers/lifetime',
			before ? { after, before } : { after },
		),
		attempt,
	);
	if (request.state === 'error') return <Failure message={request.message} onRetry={onRetry} />;
	if (request.state === 'needs-engine') return null;
	const data = request.state === 'ready' ? request.data : null;
	const tiles = [
		{
			metric: getMetric('customers', 'avg_lifetime_value'),
			value: data ? formatAmount(data.avg_lifetime_value) : '…',
		},
		{
			metric: getMetric('customers', 'repeat_rate'),
			value: data
				? sprintf(
						/* translators: 1: percentage, 2: customers who ordered again */
						__('%1$s %% (%2$s)', 'abacus'),
						formatNumber(data.repeat_rate),
						formatNumber(data.repeat_customers),
					)
				: '…',
		},
		{
			metric: getMetric('customers', 'avg_days_to_second_order'),
			value: data
				? data.avg_days_to_second_order === null
					? __('No second orders yet', 'abacus')
					: sprintf(
							/* translators: %s: number of days */
							__('%s days', 'abacus'),
							formatNumber(data.avg_days_to_second_order),
						)
				: '…',
		},
	];
	return (
		<section
			className="abacus-lifetime"
			aria-label={__('Lifetime value', 'abacus')}
			aria-busy={!data}
		>
			<ul className="abacus-lifetime__tiles">
				{tiles.map(({ metric, value }) => (
					<li key={metric.key} className="abacus-lifetime__tile">
						<span className="abacus-lifetime__label">{metric.label}</span>
						<span className="abacus-lifetime__value">{value}</span>
						<details className="abacus-lifetime__definition">
							<summary>{__('What is this?', 'abacus')}</summary>
							<p>{metric.definition}</p>
						</details>
					</li>
				))}
			</ul>
			<p className="abacus-lifetime__note">
				{note}{' '}
				{data
					? sprintf(
							/* translators: %s: number of customers */
							__('%s customers.', 'abacus'),
							formatNumber(data.customers),
						)
					: null}
			</p>
		</section>
	);
}
