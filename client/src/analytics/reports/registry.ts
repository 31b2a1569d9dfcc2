/**
 * Every report config by slug (for tests and tools; the router loads each page as its own chunk).
 */
import type { MetricReport } from '@abacus/metrics';

import { config as categories } from './categories/config.js';
import { config as coupons } from './coupons/config.js';
import { config as customers } from './customers/config.js';
import { config as downloads } from './downloads/config.js';
import { config as orders } from './orders/config.js';
import { config as products } from './products/config.js';
import { config as profit } from './profit/config.js';
import { config as revenue } from './revenue/config.js';
import { config as stock } from './stock/config.js';
import { config as taxes } from './taxes/config.js';
import { config as variations } from './variations/config.js';
import type { ReportConfig } from '../components/types.js';
import { breakdownConfig } from './breakdown/config.js';

export const reportConfigs: Record<MetricReport, ReportConfig> = {
	revenue,
	orders,
	products,
	variations,
	categories,
	coupons,
	taxes,
	downloads,
	stock,
	customers,
	'payment-methods': breakdownConfig('payment-methods'),
	'shipping-methods': breakdownConfig('shipping-methods'),
	origins: breakdownConfig('origins'),
	places: breakdownConfig('places'),
	profit,
};
