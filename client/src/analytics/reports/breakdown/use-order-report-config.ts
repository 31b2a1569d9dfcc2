/**
 * The config of a report whose advanced filters include the breakdown dimensions (revenue,
 * orders): with WooCommerce's own analytics (inside WordPress without the Abacus engine) those
 * filters are left out, since WooCommerce does not take them; then extensions' filters apply
 * (client/README.md, "JS filters").
 */
import { useMemo } from 'react';

import { usesWooCommerce, useUsesWooCommerce } from '../../../engine/index.js';
import { applyReportConfigFilters } from '../../components/extension-hooks.js';
import type { ReportConfig } from '../../components/types.js';
import { withoutDimensionFilters } from './order-filters.js';

export function useOrderReportConfig(config: ReportConfig): ReportConfig {
	const wooCommerce = useUsesWooCommerce();
	return useMemo(() => orderReportConfig(config, wooCommerce), [config, wooCommerce]);
}

/** The same config, now (outside React: the report's first view, see first-view.ts). */
export function currentOrderReportConfig(config: ReportConfig): ReportConfig {
	return orderReportConfig(config, usesWooCommerce());
}

function orderReportConfig(config: ReportConfig, wooCommerce: boolean): ReportConfig {
	return applyReportConfigFilters(wooCommerce ? withoutDimensionFilters(config) : config);
}
