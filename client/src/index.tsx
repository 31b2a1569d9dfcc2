/**
 * Entry of the admin app: configures api-fetch from the injected settings, hydrates the stores
 * and renders the app into #root.
 */
import { createRoot } from 'react-dom/client';
import { dispatch, select, subscribe } from '@wordpress/data';
import type {} from '@abacus/settings';
import { setRestRoutes } from '@abacus/data';
import type { AnySelect } from '@abacus/data';

import { App, hydrateApp } from './app/app.js';
import { startPage } from './layout/layout.js';
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
	// A report page: its module and the requests of its first view first (layout.tsx), then the
	// app, drawn once with the page and its figures (no loading frame drawn and replaced first).
	const registry = {
		select: select as unknown as AnySelect,
		dispatch,
		subscribe: subscribe as (listener: () => void) => () => void,
	};
	hydrateApp(settings, registry);
	const root = createRoot(container);
	const draw = () => root.render(<App settings={settings} />);
	const page = startPage(registry);
	if (page) void page.then(draw);
	else draw();
}
