/**
 * The first view of each report page (first-view.ts), by the report's slug: what its tiles, chart
 * and table ask for when the page opens. The app's first script asks for it before the report's
 * module and the components' scripts have loaded (start.ts), so that the figures come while the
 * rest of the page's scripts run; the report's module waits for the same selections (its default
 * export's `firstView`) before it is drawn. Configs only: no component is imported here.
 */
import type { MetricReport } from '@abacus/metrics';

import type { FirstView } from '../../base/first-view.js';
import { applyReportConfigFilters } from '../components/extension-hooks.js';
import type { ReportConfig } from '../components/types.js';
import { currentOrderReportConfig } from './breakdown/use-order-report-config.js';
import { config as categories } from './categories/config.js';
import { config as coupons } from './coupons/config.js';
import { config as customers } from './customers/config.js';
import { config as downloads } from './downloads/config.js';
import { reportFirstView } from './first-view.js';
import { config as orders } from './orders/config.js';
import { config as products } from './products/config.js';
import { config as revenue } from './revenue/config.js';
import { config as stock } from './stock/config.js';
import { config as taxes } from './taxes/config.js';
import { config as variations } from './variations/config.js';

/** The first view of a report drawn by the generic report page (report-page.tsx). */
export const genericFirstView = (config: ReportConfig): FirstView =>
	reportFirstView(() => applyReportConfigFilters(config));

export const REPORT_FIRST_VIEWS: Partial<Record<MetricReport, FirstView>> = {
	// The breakdown dimensions' filters are left out with WooCommerce's own analytics.
	revenue: reportFirstView(() => currentOrderReportConfig(revenue)),
	orders: reportFirstView(() => currentOrderReportConfig(orders)),
	// A single product is looked up first: its page is not waited for (see first-view.ts).
	products: genericFirstView(products),
	// The lifetime tiles are not waited for: they come from a request of their own.
	customers: reportFirstView(customers),
	variations: genericFirstView(variations),
	categories: genericFirstView(categories),
	coupons: genericFirstView(coupons),
	taxes: genericFirstView(taxes),
	downloads: genericFirstView(downloads),
	stock: genericFirstView(stock),
};
