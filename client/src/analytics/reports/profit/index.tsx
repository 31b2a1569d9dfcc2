/**
 * The Profit report page (its own chunk): the generic report page for the chosen view (by product
 * or by category), a notice naming the products sold without a cost (with a way to set them, or to
 * see them for someone who may not record costs: `canEditCosts`), the cost editor
 * (`edit_cost=<product id>` in the address; read-only for those), and — when the reports come from
 * WooCommerce's own analytics, which has no profit — what the page needs instead.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Notice } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { appendTimestamp, getCurrentDates } from '@abacus/date';
import { getNewPath, updateQueryString } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';

import { useDefaultDateRange } from '../../components/use-default-date-range.js';
import { useReportContext } from '../../components/use-report-context.js';
import { refreshReports, useEngineFailed, useReportsRefresh } from '../../../engine/index.js';
import { EngineWaiting } from '../../../engine/notice.js';
import { NeedsAbacusEngine, useUsesWooCommerce } from '../../../engine/needs-engine.js';
import { applyReportConfigFilters } from '../../components/extension-hooks.js';
import { ReportPage } from '../report-page.js';
import { errorOf, fetchMissingCosts, type MissingCosts } from './api.js';
import { categoryConfig, productConfig } from './config.js';
import { canEditCosts } from './can-edit-costs.js';
import { CostEditor } from './cost-editor.js';
import './style.scss';

interface Props {
	path: string;
	query: Record<string, unknown>;
}

type Missing =
	| { state: 'loading' }
	| { state: 'ready'; data: MissingCosts }
	| { state: 'error'; message: string }
	| { state: 'needs-engine' };

/** Names shown in the notice before "and N more". */
const NAMED = 5;

export default function ProfitReport({ path, query }: Props) {
	const base = query.by === 'category' ? categoryConfig : productConfig;
	const config = useMemo(() => applyReportConfigFilters(base), [base]);
	const context = useReportContext(query);
	const defaultDateRange = useDefaultDateRange();
	const { primary } = getCurrentDates(query as NavQuery, defaultDateRange);
	const after = appendTimestamp(primary.after.clone(), 'start');
	const before = appendTimestamp(primary.before.clone(), 'end');
	const categories = typeof query.categories === 'string' ? query.categories : undefined;
	const [missing, setMissing] = useState<Missing>({ state: 'loading' });
	const [attempt, setAttempt] = useState(0);
	const [showAll, setShowAll] = useState(false);
	const editId = Number(query.edit_cost);
	const usesWooCommerce = useUsesWooCommerce();
	const canEdit = useMemo(canEditCosts, []);
	// The engine banner's Retry (refreshReports) asks again too.
	const refreshes = useReportsRefresh();
	const engineFailed = useEngineFailed();

	useEffect(() => {
		// WooCommerce has no profit routes: ask nothing, the page explains.
		if (usesWooCommerce) return undefined;
		let live = true;
		setMissing({ state: 'loading' });
		fetchMissingCosts({ after, before, ...(categories ? { categories } : {}) }).then(
			(data) => live && setMissing({ state: 'ready', data }),
			(error: unknown) => {
				if (!live) return;
				const code = (error as { code?: unknown } | null)?.code;
				if (code === 'rest_no_route') setMissing({ state: 'needs-engine' });
				else
					setMissing({
						state: 'error',
						message:
							errorOf(error).message ||
							__('The products without a cost could not be loaded.', 'abacus'),
					});
			},
		);
		return () => {
			live = false;
		};
	}, [after, before, categories, attempt, usesWooCommerce, refreshes]);

	if (usesWooCommerce || missing.state === 'needs-engine') {
		return (
			<NeedsAbacusEngine
				title={__('Profit needs the Abacus engine', 'abacus')}
				why={__(
					'WooCommerce’s own analytics has no costs of goods, so these figures are computed by the Abacus engine: it keeps each sold line’s cost and reports gross profit and margin.',
					'abacus',
				)}
			/>
		);
	}

	const editLink = (productId: number) =>
		getNewPath({ edit_cost: String(productId) }, path, query);
	const closeEditor = () => updateQueryString({ edit_cost: undefined }, path, query);

	return (
		<div className="abacus-profit">
			{missing.state === 'error' && engineFailed ? (
				<EngineWaiting />
			) : missing.state === 'error' ? (
				<Notice status="error" isDismissible={false}>
					<p>{missing.message}</p>
					<Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
						{__('Retry', 'abacus')}
					</Button>
				</Notice>
			) : null}
			{missing.state === 'ready' && missing.data.count > 0 ? (
				<Notice status="warning" isDismissible={false} className="abacus-profit__missing">
					<p>
						{sprintf(
							/* translators: %d: number of products */
							_n(
								'%d product sold in this period has no cost. Its sales are left out of cost, gross profit and margin:',
								'%d products sold in this period have no cost. Their sales are left out of cost, gross profit and margin:',
								missing.data.count,
								'abacus',
							),
							missing.data.count,
						)}
					</p>
					<ul>
						{(showAll
							? missing.data.products
							: missing.data.products.slice(0, NAMED)
						).map((item) => (
							<li key={`${item.product_id}-${item.variation_id}`}>
								<a href={editLink(item.product_id)}>
									{sprintf(
										canEdit
											? /* translators: %s: product name */
												__('Set the cost of %s', 'abacus')
											: /* translators: %s: product name */
												__('See the costs of %s', 'abacus'),
										item.name,
									)}
								</a>
							</li>
						))}
					</ul>
					{!showAll && missing.data.products.length > NAMED ? (
						<Button variant="link" onClick={() => setShowAll(true)}>
							{sprintf(
								/* translators: %d: number of further products */
								__('Show %d more', 'abacus'),
								missing.data.products.length - NAMED,
							)}
						</Button>
					) : null}
				</Notice>
			) : null}
			<ReportPage config={config} path={path} query={query} />
			{Number.isInteger(editId) && editId > 0 ? (
				<CostEditor
					productId={editId}
					formatAmount={(value) => context.formatAmount(value)}
					formatDay={(day) => context.formatDate(day)}
					onClose={closeEditor}
					canEdit={canEdit}
					onSaved={() => {
						refreshReports();
						setAttempt((n) => n + 1);
					}}
				/>
			) : null}
		</div>
	);
}
