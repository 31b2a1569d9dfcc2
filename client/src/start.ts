/**
 * The app's first script. Configures api-fetch and the engine from the page's settings, puts what
 * the page embedded into the data stores and, on a report page, asks for the figures of its first
 * view (tiles, chart and table), before the app's entry (index.tsx) is drawn. Inside WordPress it
 * is a script of its own (build/wp/start.js, the `abacus-start` handle), printed before the
 * components' scripts, which take the longest of the page's scripts to run: the figures come while
 * they run. Nothing here imports a component.
 */
import { dispatch, select, subscribe } from '@wordpress/data';
import type {} from '@abacus/settings';
import { setRestRoutes } from '@abacus/data';
import type { AnySelect } from '@abacus/data';

import { setUpApiFetch } from './app/api.js';
import { hydrateApp } from './app/hydrate.js';
import { apiFetch } from './base/api-fetch.js';
import { setUpOperator } from './engine/operator-session.js';
import { askFirstView } from './layout/first-report.js';

export const settings = window.abacusSettings ?? {};

/** The page's data registry (@wordpress/data's default one). */
export const registry = {
	select: select as unknown as AnySelect,
	dispatch,
	subscribe: subscribe as (listener: () => void) => () => void,
};

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

if (typeof document !== 'undefined' && document.getElementById('root')) {
	hydrateApp(settings, registry);
	askFirstView(registry.select);
}
