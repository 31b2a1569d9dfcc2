import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { PageSettings } from '../abacus-settings.js';

import { NONCE, call, startServer, type TestServer } from '../../admin/test/server.js';
import { COUPON_METRICS } from '../../metrics/index.js';

let server: TestServer;
let buildDir: string;

function settingsOf(html: string): PageSettings {
	const match = /<script nonce="[^"]+">window\.abacusSettings = (.*?);<\/script>/s.exec(html);
	if (!match) throw new Error('settings script not found');
	return JSON.parse(match[1]) as PageSettings;
}

beforeAll(async () => {
	buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-page-build-'));
	fs.mkdirSync(path.join(buildDir, 'standalone'));
	fs.writeFileSync(path.join(buildDir, 'standalone', 'index.js'), 'console.log("abacus");');
	fs.writeFileSync(path.join(buildDir, 'standalone', 'index.css'), 'body{margin:0}');
	fs.writeFileSync(
		path.join(buildDir, 'standalone', 'chunk-groups.json'),
		JSON.stringify({
			index: ['index.css', 'index.js'],
			'report-revenue': [
				'chunks/549.ab12.js',
				'chunks/report-revenue.cd34.css',
				'../../x.js',
			],
			dashboard: ['chunks/dashboard.ef56.js'],
		}),
	);
	server = await startServer({ buildDir });
}, 120000);

afterAll(async () => {
	await server.close();
	fs.rmSync(buildDir, { recursive: true, force: true });
});

describe('admin page', () => {
	it('is served whatever numbers its address holds (the app drops what it cannot use)', async () => {
		const response = await fetch(
			`${server.url}/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Frevenue&variations=99999999999999999999999&per_page=1e308&paged=Infinity`,
		);
		expect(response.status).toBe(200);
		expect(await response.text()).toContain('<div id="root"></div>');
		// The same numbers on a REST route are still refused.
		const rest = await fetch(
			`${server.url}/wp-json/wc-analytics/reports/variations?variations=99999999999999999999999`,
			{ headers: { 'X-WP-Nonce': NONCE } },
		);
		expect(rest.status).toBe(400);
	});

	it('preloads the files of the page’s own chunks, and nothing else', async () => {
		const head = async (query: string) => {
			const html = await (
				await fetch(`${server.url}/wp-admin/admin.php?page=abacus${query}`)
			).text();
			return html.slice(0, html.indexOf('</head>'));
		};
		const revenue = await head('&path=%2Fanalytics%2Frevenue');
		expect(revenue).toContain(
			'<link rel="preload" href="/abacus-build/standalone/chunks/549.ab12.js" as="script">',
		);
		expect(revenue).toContain(
			'<link rel="preload" href="/abacus-build/standalone/chunks/report-revenue.cd34.css" as="style">',
		);
		// A name outside the chunks folder is never offered.
		expect(revenue).not.toContain('x.js');
		// No path, or one the app cannot read: the Overview, as the app shows.
		expect(await head('')).toContain('chunks/dashboard.ef56.js');
		expect(await head('&path[]=x')).toContain('chunks/dashboard.ef56.js');
		for (const other of [
			'&path=%2Fanalytics%2Fnowhere',
			'&path=%2Finbox',
			'&path=%2Fanalytics%2F__proto__',
		]) {
			expect(await head(other)).not.toContain('rel="preload"');
		}
	});

	it('serves the root element, the settings and the bundle', async () => {
		const response = await fetch(
			`${server.url}/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Frevenue`,
		);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toContain('text/html');
		const html = await response.text();
		expect(html).toContain('<div id="root"></div>');
		expect(html).toContain('<link rel="stylesheet" href="/abacus-build/standalone/index.css">');
		expect(html).toContain('<script src="/abacus-build/standalone/index.js"></script>');
		const settings = settingsOf(html);
		const host = new URL(server.url).host;
		expect(settings.adminUrl).toBe(`http://${host}/wp-admin/`);
		expect(settings.restRoot).toBe(`http://${host}/wp-json/`);
		expect(settings.restNonce).toBe(NONCE);
		expect(settings.currency).toMatchObject({ code: 'USD', symbol: '$', precision: 2 });
		expect(settings.timeZone).toBe('UTC');
		expect(settings.startOfWeek).toBe(1);
		expect(settings.orderStatuses.processing).toBe('Processing');
		expect(settings.countries.US).toBe('United States (US)');
		expect(settings.wcAdminSettings.woocommerce_actionable_order_statuses).toEqual([
			'processing',
			'on-hold',
		]);
		expect(settings.preloadSettings.general.woocommerce_currency).toBe('USD');
		expect(settings.currentUserData.id).toBe(1);
		expect(settings.currentUserData.woocommerce_meta).toHaveProperty(
			'revenue_report_columns',
			'',
		);
		expect(settings.dataEndpoints.countries?.some((c) => c.code === 'DE')).toBe(true);
		expect(settings.variationTitleAttributesSeparator).toBe(' - ');
		// The favourites answer is embedded, so the first load does not ask for it.
		const favourites = await call(server, 'GET', '/wc-admin/navigation/favorites/me');
		expect(settings.preloadedRequests['/wc-admin/navigation/favorites/me']?.body).toEqual(
			favourites.body,
		);
		// Each report's tile definitions, in the metric layer's wording.
		expect(settings.metricDefinitions.revenue.net_revenue).toBe(
			'Sales after discounts and refunds, without taxes and shipping.',
		);
		expect(settings.metricDefinitions.coupons.amount).toBe(COUPON_METRICS.amount.definition);
		expect(Object.keys(settings.metricDefinitions).sort()).toEqual([
			'categories',
			'coupons',
			'downloads',
			'orders',
			'products',
			'revenue',
			'taxes',
			'variations',
		]);
	});

	it('reflects saved preferences and settings', async () => {
		await call(server, 'POST', '/wp/v2/users/me', {
			woocommerce_meta: { dashboard_chart_type: '"bar"' },
		});
		await call(server, 'POST', '/wc-analytics/settings/wc_admin/batch', {
			update: [
				{
					id: 'woocommerce_default_date_range',
					value: 'period=year&compare=previous_year',
				},
			],
		});
		const html = await (await fetch(`${server.url}/wp-admin/admin.php?page=abacus`)).text();
		const settings = settingsOf(html);
		expect(settings.currentUserData.woocommerce_meta?.dashboard_chart_type).toBe('"bar"');
		expect(settings.wcAdminSettings.woocommerce_default_date_range).toBe(
			'period=year&compare=previous_year',
		);
	});

	it('escapes markup from store data inside the script', async () => {
		const title = '</script><script>window.hacked=1</script><!-- & \u2028';
		await call(server, 'POST', '/wc-admin/options', { blogname: title });
		const html = await (await fetch(`${server.url}/wp-admin/admin.php?page=abacus`)).text();
		expect(html.match(/<\/script>/g)).toHaveLength(2);
		expect(html).not.toContain('<script>window.hacked');
		expect(html).not.toContain('<!-- &');
		expect(settingsOf(html).siteTitle).toBe(title);
	});

	it('serves the built files', async () => {
		const response = await fetch(`${server.url}/abacus-build/standalone/index.js`);
		expect(response.status).toBe(200);
		expect(await response.text()).toContain('abacus');
	});

	it('redirects the site root and wp-admin to the page', async () => {
		for (const route of ['/', '/wp-admin/', '/wp-admin']) {
			const response = await fetch(`${server.url}${route}`, { redirect: 'manual' });
			expect(response.status).toBe(302);
			expect(response.headers.get('location')).toBe('/wp-admin/admin.php?page=abacus');
		}
	});
});

describe('admin page without a client build', () => {
	it('says how to build the client', async () => {
		fs.rmSync(path.join(buildDir, 'standalone', 'index.js'));
		const response = await fetch(`${server.url}/wp-admin/admin.php?page=abacus`);
		expect(response.status).toBe(503);
		expect(await response.text()).toContain('npm run build:client');
	});
});

describe('component gallery', () => {
	it('is served at /abacus-gallery when built, and says how to build it otherwise', async () => {
		const missing = await fetch(`${server.url}/abacus-gallery`);
		expect(missing.status).toBe(503);
		expect(await missing.text()).toContain('npm run build:client');
		fs.mkdirSync(path.join(buildDir, 'gallery'), { recursive: true });
		fs.writeFileSync(path.join(buildDir, 'gallery', 'gallery.js'), 'console.log("gallery");');
		const response = await fetch(`${server.url}/abacus-gallery`);
		expect(response.status).toBe(200);
		expect(await response.text()).toContain(
			'<script src="/abacus-build/gallery/gallery.js"></script>',
		);
	});

	it('answers the favicon request without an error', async () => {
		expect((await fetch(`${server.url}/favicon.ico`)).status).toBe(204);
	});
});
