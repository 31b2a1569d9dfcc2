/**
 * The store group's own figures (the "Stores" report of an engine serving several stores): each
 * store's share of the chosen stores' net sales and orders, and how many stores are combined. The
 * group's sums themselves are the revenue report's metrics (`getMetric('revenue', …)`).
 */
import { __, _n } from '@wordpress/i18n';

import type { MetricEntry } from './catalogue.js';
import type { Metric } from './types.js';

const STORE_GROUP = {
	net_revenue_share: {
		label: () => __('Share of net sales', 'abacus'),
		columnLabel: () => __('Net sales share', 'abacus'),
		type: 'percent',
		definition: () =>
			__(
				'The store’s net sales as a part of the chosen stores’ combined net sales (each store’s days in its own time zone).',
				'abacus',
			),
		summaryLabel: () => __('of net sales', 'abacus'),
	},
	orders_count_share: {
		label: () => __('Share of orders', 'abacus'),
		columnLabel: () => __('Orders share', 'abacus'),
		type: 'percent',
		definition: () =>
			__(
				'The store’s orders as a part of the chosen stores’ combined orders, refunds left out as in Orders.',
				'abacus',
			),
		summaryLabel: () => __('of orders', 'abacus'),
	},
	stores_count: {
		label: () => __('Stores', 'abacus'),
		type: 'number',
		definition: () =>
			__(
				'The stores whose figures are added up here: stores this engine serves that sell in one currency.',
				'abacus',
			),
		summaryLabel: (n: number) => _n('store', 'stores', n, 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

export type StoreGroupMetricKey = keyof typeof STORE_GROUP;

/** A figure of the store group, its words in the current locale. */
export function storeGroupMetric(key: StoreGroupMetricKey): Metric {
	const entry: MetricEntry = STORE_GROUP[key];
	const label = entry.label();
	return {
		key,
		label,
		columnLabel: entry.columnLabel?.() ?? label,
		indicatorLabel: label,
		type: entry.type,
		trend: 'up',
		isReverseTrend: false,
		definition: entry.definition(),
		summaryLabel: (value) => entry.summaryLabel?.(value) ?? label,
	};
}
