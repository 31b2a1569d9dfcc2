/**
 * The customers report page (loaded as its own chunk): the lifetime value tiles of all customers
 * (average lifetime value, repeat customers, time to second order; Abacus engine only), then the
 * generic report page.
 */
import { useState } from 'react';
import { __ } from '@wordpress/i18n';

import { useReportContext } from '../../components/use-report-context.js';
import { LifetimeTiles } from '../cohorts/lifetime-tiles.js';
import '../cohorts/style.scss';
import { useUsesWooCommerce } from '../../../engine/needs-engine.js';
import { REPORT_FIRST_VIEWS } from '../first-views.js';
import { ReportPage } from '../report-page.js';
import { config } from './config.js';

interface Props {
	path: string;
	query: Record<string, unknown>;
}

/** Every customer since the store opened. */
const ALL_TIME = '1970-01-01T00:00:00';

export default function CustomersReport({ path, query }: Props) {
	const usesWooCommerce = useUsesWooCommerce();
	const context = useReportContext(query);
	const [attempt, setAttempt] = useState(0);
	return (
		<>
			{usesWooCommerce ? null : (
				<LifetimeTiles
					after={ALL_TIME}
					attempt={attempt}
					onRetry={() => setAttempt((n) => n + 1)}
					formatAmount={(v) => context.formatAmount(v)}
					formatNumber={(v) => context.formatNumber(v)}
					note={__(
						'Lifetime value of every customer, from their first order to today.',
						'abacus',
					)}
				/>
			)}
			<ReportPage config={config} path={path} query={query} />
		</>
	);
}

CustomersReport.firstView = REPORT_FIRST_VIEWS.customers;
