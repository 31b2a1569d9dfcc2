/** The REST path of a report answer: rows (`getReportItems`) or stats (`getReportStats`). */
import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE } from '../constants.js';
import type { Query } from '../types.js';

export type ReportSelectorName = 'getReportItems' | 'getReportStats';

export function reportPath(
	selectorName: ReportSelectorName,
	endpoint: string,
	query: Query,
): string {
	const suffix = selectorName === 'getReportStats' ? '/stats' : '';
	return addQueryArgs(`${NAMESPACE}/reports/${endpoint}${suffix}`, query);
}
