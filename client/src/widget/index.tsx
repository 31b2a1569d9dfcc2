/**
 * Entry of the Dashboard widget's script (build/wp/dashboard-widget.js, enqueued by
 * php/dashboard-widget.php on WordPress's Dashboard only): once the page has loaded, renders the
 * widget over its placeholder. Its one request goes through WordPress's api-fetch (root URL and
 * nonce from WordPress) to abacus/v1/dashboard-widget, which computes the figures on the store
 * (from the Abacus engine when the store chose it).
 */
import { createRoot } from 'react-dom/client';

import { apiFetch } from '../base/api-fetch.js';
import { readWidgetSettings } from './data.js';
import { DashboardWidget } from './widget.js';
import './style.scss';

declare global {
	interface Window {
		abacusDashboardWidget?: unknown;
	}
}

function start(): void {
	const container = document.getElementById('abacus-dashboard-widget-root');
	const settings = readWidgetSettings(window.abacusDashboardWidget);
	if (!container || !settings) return;
	const fetcher = (path: string): Promise<unknown> => apiFetch<unknown>({ path });
	createRoot(container).render(<DashboardWidget settings={settings} fetch={fetcher} />);
}

if (document.readyState === 'complete') {
	start();
} else {
	window.addEventListener('load', start, { once: true });
}
