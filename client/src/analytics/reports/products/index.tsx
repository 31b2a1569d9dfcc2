/**
 * The products report page (loaded as its own chunk). For a single variable product the table
 * lists the product's variations beneath the product's tiles and chart, as WooCommerce does; every
 * other view is the generic report page.
 */
import { useMemo } from 'react';
import { Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { ReportChart } from '../../components/report-chart.js';
import { ReportFiltersBar } from '../../components/report-filters.js';
import { ReportSummary } from '../../components/report-summary.js';
import { ReportTable } from '../../components/report-table.js';
import { SaveView } from '../../saved-views/index.js';
import { applyReportConfigFilters } from '../../components/extension-hooks.js';
import { sanitizeReportQuery } from '../../components/query.js';
import { REPORT_FIRST_VIEWS } from '../first-views.js';
import { ReportPage } from '../report-page.js';
import type { ReportConfig } from '../../components/types.js';
import { config as variationsConfig } from '../variations/config.js';
import { config } from './config.js';
import { singleProductId, withVariationsTable } from '../../components/single-variable.js';
import { useProductType } from '../../components/use-product-type.js';

interface Props {
	path: string;
	query: Record<string, unknown>;
}

/** Tiles and chart of the product; the table of its variations (or a wait while its type is read). */
function SingleProductPage({
	pageConfig,
	tableConfig,
	path,
	query,
}: Props & { pageConfig: ReportConfig; tableConfig: ReportConfig | null }) {
	return (
		<>
			<SaveView path={path} query={query} />
			<div className="abacus-report abacus-report--products">
				<ReportFiltersBar config={pageConfig} path={path} query={query} />
				<ReportSummary config={pageConfig} path={path} query={query} />
				<ReportChart config={pageConfig} path={path} query={query} />
				{tableConfig ? (
					<ReportTable config={tableConfig} path={path} query={query} />
				) : (
					<div className="abacus-report-table" aria-live="polite">
						<Spinner />
						<span>{__('Loading the product…', 'abacus')}</span>
					</div>
				)}
			</div>
		</>
	);
}

export default function ProductsReport({ path, query: rawQuery }: Props) {
	// Extensions' charts, filters and advanced filters (client/README.md, "JS filters").
	const pageConfig = useMemo(() => applyReportConfigFilters(config), []);
	const productId = useMemo(
		() => singleProductId(sanitizeReportQuery(rawQuery, pageConfig)),
		[rawQuery, pageConfig],
	);
	const product = useProductType(productId);
	const tableConfig = useMemo(
		() =>
			productId === null
				? null
				: withVariationsTable(pageConfig, variationsConfig, productId),
		[pageConfig, productId],
	);
	// Sorting and filters are checked against the variations table the page then shows.
	const variableQuery = useMemo(
		() => (tableConfig ? sanitizeReportQuery(rawQuery, tableConfig) : null),
		[rawQuery, tableConfig],
	);
	if (
		productId !== null &&
		variableQuery &&
		(product.isRequesting || product.type === 'variable')
	) {
		return (
			<SingleProductPage
				pageConfig={pageConfig}
				tableConfig={product.type === 'variable' ? tableConfig : null}
				path={path}
				query={variableQuery}
			/>
		);
	}
	// Not a single product, a product that is not variable, or its type could not be read: the
	// product's own row (which is right for every product).
	return <ReportPage config={pageConfig} path={path} query={rawQuery} />;
}

ProductsReport.firstView = REPORT_FIRST_VIEWS.products;
