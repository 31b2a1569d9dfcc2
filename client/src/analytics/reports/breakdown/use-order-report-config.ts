/**
 * The config of a report whose advanced filters include the breakdown dimensions (revenue,
 * orders): with WooCommerce's own analytics (inside WordPress without the Abacus engine) those
 * filters are left out, since WooCommerce does not take them; then extensions' filters apply
 * (client/README.md, "JS filters").
 */
import { useMemo } from 'react';

import { useUsesWooCommerce } from '../../../engine/needs-engine.js';
import { applyReportConfigFilters } from '../../components/extension-hooks.js';
import type { ReportConfig } from '../../components/types.js';
import { withoutDimensionFilters } from './order-filters.js';

export function useOrderReportConfig(config: ReportConfig): ReportConfig {
	const usesWooCommerce = useUsesWooCommerce();
	return useMemo(
		() => applyReportConfigFilters(usesWooCommerce ? withoutDimensionFilters(config) : config),
		[config, usesWooCommerce],
	);
}
