/**
 * The orders report page (loaded as its own chunk). With WooCommerce's own analytics (inside
 * WordPress without the Abacus engine) the breakdown dimension filters are left out: WooCommerce
 * does not take them (useOrderReportConfig).
 */
import { useOrderReportConfig } from '../breakdown/use-order-report-config.js';
import { REPORT_FIRST_VIEWS } from '../first-views.js';
import { ReportPage } from '../report-page.js';
import { config } from './config.js';

export default function OrdersReport({
	path,
	query,
}: {
	path: string;
	query: Record<string, unknown>;
}) {
	return <ReportPage config={useOrderReportConfig(config)} path={path} query={query} />;
}

OrdersReport.firstView = REPORT_FIRST_VIEWS.orders;
