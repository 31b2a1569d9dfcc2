/**
 * The page of a breakdown report: the generic report page over the report's config, grouped as the
 * address says (`group_by`). Inside WordPress with WooCommerce's own figures (no Abacus engine
 * connected, or WooCommerce's figures chosen for the session), the page explains that the report
 * needs the Abacus engine and how to connect it, instead of asking WordPress for routes
 * WooCommerce does not have.
 */
import { useMemo } from 'react';
import { __ } from '@wordpress/i18n';

import { NeedsAbacusEngine, useUsesWooCommerce } from '../../../engine/needs-engine.js';
import { applyReportConfigFilters } from '../../components/extension-hooks.js';
import { ReportPage } from '../report-page.js';
import { breakdownConfig, type BreakdownSlug } from './config.js';
import { BreakdownRanking } from './ranking.js';
import './style.scss';

export interface BreakdownPageProps {
	path: string;
	query: Record<string, unknown>;
}

/** The page component of one breakdown report. */
export function createBreakdownPage(slug: BreakdownSlug) {
	function BreakdownPage({ path, query }: BreakdownPageProps) {
		const usesWooCommerce = useUsesWooCommerce();
		const groupBy = typeof query.group_by === 'string' ? query.group_by : '';
		const config = useMemo(
			() => applyReportConfigFilters(breakdownConfig(slug, groupBy)),
			[groupBy],
		);
		if (usesWooCommerce) {
			return (
				<NeedsAbacusEngine
					title={__('This report needs the Abacus engine', 'abacus')}
					why={__(
						"WooCommerce's own analytics have no figures per payment method, shipping method, order origin or place, so this report is computed by the Abacus engine, which keeps a copy of the store's orders.",
						'abacus',
					)}
				/>
			);
		}
		return (
			<>
				<ReportPage config={config} path={path} query={query} />
				<BreakdownRanking slug={slug} config={config} query={query} />
			</>
		);
	}
	BreakdownPage.displayName = `Report(${slug})`;
	return BreakdownPage;
}
