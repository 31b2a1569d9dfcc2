/** The forecast: `reports/forecast` (`routes.ts`). It has no export. */
import type { Report } from '../shared/report.js';
import { registerForecastRoutes } from './routes.js';

export const forecast: Report = {
	routes({ app, ctx, cache }) {
		registerForecastRoutes(app, ctx, cache);
	},
};
