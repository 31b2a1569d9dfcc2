/**
 * Entry of the admin app: draws the app into #root, once the report page the address opens has
 * its module and its first view's figures (their requests were asked for by start.ts).
 */
import { createRoot } from 'react-dom/client';

import { App } from './app/app.js';
import { startPage } from './layout/layout.js';
import { registry, settings } from './start.js';

const container = document.getElementById('root');
if (container) {
	// A report page: its module and its first view first (layout.tsx), then the app, drawn once
	// with the page and its figures (no loading frame drawn and replaced first).
	const root = createRoot(container);
	const draw = () => root.render(<App settings={settings} />);
	const page = startPage(registry);
	if (page) void page.then(draw);
	else draw();
}
