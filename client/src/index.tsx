/**
 * Entry of the admin app: configures api-fetch from the injected settings, hydrates the stores
 * and renders the app into #root.
 */
import { createRoot } from 'react-dom/client';
import type {} from '@abacus/settings';
import { setRestRoutes } from '@abacus/data';

import { App } from './app/app.js';
import { setUpApiFetch } from './app/api.js';
import { apiFetch } from './base/api-fetch.js';
import { setUpOperator } from './engine/operator.js';

const settings = window.abacusSettings ?? {};
setRestRoutes(settings.restRoutes);
setUpApiFetch(
	settings.restRoot ?? '/wp-json/',
	settings.restNonce ?? '',
	settings.preloadedRequests ?? {},
	settings.requestTimeout,
	(settings as Record<string, unknown>).engine,
	// Inside wp-admin (the plugin names its routes): WordPress's names carry HTML entities.
	settings.restRoutes !== undefined,
);
// The engine's own page for one of the stores it serves: every request names the chosen store.
setUpOperator(settings.engineOperator, (middleware) => apiFetch.use(middleware));

const container = document.getElementById('root');
if (container) {
	createRoot(container).render(<App settings={settings} />);
}
