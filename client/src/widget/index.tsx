/**
 * Entry of the Dashboard widget's script (build/wp/dashboard-widget.js, enqueued by
 * php/dashboard-widget.php on WordPress's Dashboard only): once the page has loaded, renders the
 * widget over its placeholder. Its requests go through WordPress's api-fetch (root URL and nonce
 * from WordPress), and to the Abacus engine with the page's token when the store chose it, as on
 * the report pages.
 */
import { createRoot } from 'react-dom/client';

import { apiFetch } from '../app/api-fetch.js';
import { EngineClient, readEngineSettings, type EngineToken } from '../engine/client.js';
import { createEngineMiddleware } from '../engine/middleware.js';
import { readWidgetSettings } from './data.js';
import { DashboardWidget } from './widget.js';
import './style.scss';

declare global {
	interface Window {
		abacusDashboardWidget?: unknown;
	}
}

/** Milliseconds before an unanswered engine request fails (the widget then offers Retry). */
const ENGINE_TIMEOUT = 30000;

function start(): void {
	const container = document.getElementById('abacus-dashboard-widget-root');
	const settings = readWidgetSettings(window.abacusDashboardWidget);
	if (!container || !settings) return;
	const engine = new EngineClient(readEngineSettings(settings.engine), {
		renew: (route) => apiFetch<EngineToken>({ path: route, method: 'POST' }),
	});
	// Registered after WordPress's root URL and nonce middlewares, so it runs before them and sees
	// the request's path: report requests go to the engine when there is one.
	apiFetch.use(createEngineMiddleware(engine, { timeout: ENGINE_TIMEOUT }));
	const fetcher = (path: string): Promise<unknown> => apiFetch<unknown>({ path });
	createRoot(container).render(<DashboardWidget settings={settings} fetch={fetcher} />);
}

if (document.readyState === 'complete') {
	start();
} else {
	window.addEventListener('load', start, { once: true });
}
