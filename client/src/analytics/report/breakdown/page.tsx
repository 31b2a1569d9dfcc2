/**
 * The page of a breakdown report: the generic report page over the report's config, grouped as the
 * address says (`group_by`). Inside WordPress with WooCommerce's own figures (no Abacus engine
 * connected, or WooCommerce's figures chosen for the session), the page explains that the report
 * needs the Abacus engine and how to connect it, instead of asking WordPress for routes
 * WooCommerce does not have.
 */
import { useMemo } from 'react';
import { __ } from '@wordpress/i18n';
import { getNewPath } from '@abacus/navigation';

import { engineClient, useEngineStatus } from '../../../engine/index.js';
import { applyReportConfigFilters } from '../extension-hooks.js';
import { ReportPage } from '../report-page.js';
import { breakdownConfig, type BreakdownSlug } from './config.js';
import { BreakdownRanking } from './ranking.js';
import './style.scss';

export interface BreakdownPageProps {
	path: string;
	query: Record<string, unknown>;
}

/** Whether the page runs inside WordPress (the plugin's page names its own REST routes). */
function isInsideWordPress(): boolean {
	return window.abacusSettings?.restRoutes !== undefined;
}

export function NeedsEngine({ title }: { title: string }) {
	return (
		<div className="abacus-report abacus-report--needs-engine" role="region" aria-label={title}>
			<div className="abacus-engine-notice is-info">
				<p className="abacus-engine-notice__title">
					{__('This report needs the Abacus engine', 'abacus')}
				</p>
				<p>
					{__(
						"WooCommerce's own analytics have no figures per payment method, shipping method, order origin or place, so this report is computed by the Abacus engine, which keeps a copy of the store's orders.",
						'abacus',
					)}
				</p>
				<ol>
					<li>
						{__(
							'Run the Abacus server and connect this store to it with a read-only WooCommerce REST API key (npm run connect -- --store <your store address>).',
							'abacus',
						)}
					</li>
					<li>
						{__(
							"In Analytics › Settings, under the engine, enter the engine's address and shared secret, test the connection and choose the Abacus engine.",
							'abacus',
						)}
					</li>
				</ol>
				<p>
					<a href={getNewPath({}, '/analytics/settings', {}, 'abacus')}>
						{__('Open Analytics › Settings', 'abacus')}
					</a>
				</p>
			</div>
		</div>
	);
}

/** The page component of one breakdown report. */
export function createBreakdownPage(slug: BreakdownSlug) {
	function BreakdownPage({ path, query }: BreakdownPageProps) {
		const status = useEngineStatus(engineClient);
		const groupBy = typeof query.group_by === 'string' ? query.group_by : '';
		const config = useMemo(
			() => applyReportConfigFilters(breakdownConfig(slug, groupBy)),
			[groupBy],
		);
		const usesWooCommerce =
			isInsideWordPress() && (!engineClient.getSettings() || status.kind === 'fallback');
		if (usesWooCommerce) return <NeedsEngine title={config.title} />;
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
