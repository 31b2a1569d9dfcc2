/**
 * The dashboard's routes: the reports index (`reports`), the performance indicators
 * (`reports/performance-indicators`, `…/allowed`) and the leaderboards (`leaderboards`,
 * `leaderboards/allowed`), all in `dashboard.ts`.
 */
import type { ParamSpecs } from '../../http/params.js';
import { NS } from '../shared/list-query.js';
import type { Report } from '../shared/report.js';
import { CONTEXT_PARAMS } from '../shared/report-params.js';
import {
	allowedIndicators,
	allowedLeaderboards,
	leaderboards,
	performanceIndicators,
	reportsIndex,
} from './dashboard.js';

export const dashboard: Report = {
	routes({ route }) {
		route(`${NS}/reports`, CONTEXT_PARAMS, async () => reportsIndex(), { seam: true });
		const indicatorParams: ParamSpecs = {
			stats: { type: 'strings' },
			after: { type: 'date-time' },
			before: { type: 'date-time' },
			...CONTEXT_PARAMS,
		};
		route(
			`${NS}/reports/performance-indicators`,
			indicatorParams,
			(q, settings, _request, reader) => performanceIndicators(reader, q, settings),
			{ seam: true },
		);
		route(
			`${NS}/reports/performance-indicators/allowed`,
			CONTEXT_PARAMS,
			async () => allowedIndicators(),
			{
				seam: true,
			},
		);
		route(
			`${NS}/leaderboards`,
			{
				page: { type: 'integer', default: 1, minimum: 1 },
				per_page: { type: 'integer', default: 5, minimum: 1, maximum: 20 },
				after: { type: 'date-time' },
				before: { type: 'date-time' },
				persisted_query: { type: 'string', maxLength: 5000 },
				...CONTEXT_PARAMS,
			},
			(q, settings, _request, reader) => leaderboards(reader, q, settings),
			{ seam: true },
		);
		route(`${NS}/leaderboards/allowed`, CONTEXT_PARAMS, async () => allowedLeaderboards(), {
			seam: true,
		});
	},
};
