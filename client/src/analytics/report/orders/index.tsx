/**
 * The orders report page (loaded as its own chunk). With WooCommerce's own analytics (inside
 * WordPress without the Abacus engine) the breakdown dimension filters are left out: WooCommerce
 * does not take them.
 */
import { useMemo } from 'react';

import { useUsesWooCommerce } from '../../../engine/needs-engine.js';
import { withoutDimensionFilters } from '../breakdown/order-filters.js';
import { applyReportConfigFilters } from '../extension-hooks.js';
import { ReportPage } from '../report-page.js';
import { config } from './config.js';

export default function OrdersReport({
	path,
	query,
}: {
	path: string;
	query: Record<string, unknown>;
}) {
	const usesWooCommerce = useUsesWooCommerce();
	// Extensions' charts, filters and advanced filters (client/README.md, "JS filters").
	const hooked = useMemo(
		() => applyReportConfigFilters(usesWooCommerce ? withoutDimensionFilters(config) : config),
		[usesWooCommerce],
	);
	return <ReportPage config={hooked} path={path} query={query} />;
}
