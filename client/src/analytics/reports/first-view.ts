/**
 * A report's first view: the figures its tiles, chart and table ask for when the page opens,
 * asked for by the same selections (so by the same requests), before the page is drawn. The
 * page's loader (layout.tsx) waits a short while for them: the report is then drawn once, with
 * its figures, instead of placeholders first and then again as the answers come in. A report
 * whose answers take longer is drawn with its placeholders when the wait is over
 * (base/first-view.ts).
 */
import type { FirstView } from '../../base/first-view.js';

import {
	getChartMode,
	selectChartData,
	selectSummary,
	selectTableData,
} from '../components/selections.js';
import { sanitizeReportQuery } from '../components/query.js';
import { singleProductId } from '../components/single-variable.js';
import type { ReportConfig } from '../components/types.js';
import { selectDefaultDateRange } from '../components/use-default-date-range.js';

/**
 * The first view of a report page of `config` (ReportPage: tiles, chart, table). A page that
 * looks its items up first (a search, a single product) is not waited for.
 */
export function reportFirstView(config: ReportConfig | (() => ReportConfig)): FirstView {
	return (select, rawQuery) => {
		const pageConfig = typeof config === 'function' ? config() : config;
		const query = sanitizeReportQuery(rawQuery, pageConfig);
		if (typeof query.search === 'string' && query.search) return true;
		if (pageConfig.report === 'products' && singleProductId(query) !== null) return true;
		const defaultDateRange = selectDefaultDateRange(select);
		const waiting: boolean[] = [];
		if (pageConfig.charts.length > 0) {
			waiting.push(selectSummary(select, pageConfig, query, defaultDateRange).isRequesting);
			if (pageConfig.hasChart) {
				const mode = getChartMode(pageConfig, query);
				const segmentby =
					mode === 'item-comparison' ? pageConfig.comparisonSegment : undefined;
				const chartQuery = segmentby ? { ...query, segmentby } : query;
				const chart = selectChartData(
					select,
					pageConfig,
					chartQuery,
					defaultDateRange,
					mode,
				);
				waiting.push(chart.primary.isRequesting, Boolean(chart.secondary?.isRequesting));
			}
		}
		const table = selectTableData(select, pageConfig, query, defaultDateRange);
		waiting.push(Boolean((table.chart ?? table.table)?.isRequesting));
		return !waiting.some(Boolean);
	};
}
