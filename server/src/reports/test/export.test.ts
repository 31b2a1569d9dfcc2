import type { RunningServer } from '../../index.js';
import { csvCell, EXPORT_LIMITS, exportBusy } from '../shared/export.js';
import { BASIC_ORDERS, get, startFixtureServer } from './fixtures.js';

let server: RunningServer;

beforeAll(async () => {
	server = await startFixtureServer({ orders: BASIC_ORDERS });
}, 60000);

afterAll(async () => {
	await server.close();
});

async function post<T>(route: string, body?: unknown): Promise<{ status: number; body: T }> {
	const res = await fetch(`${server.url}/wp-json${route}`, {
		method: 'POST',
		headers:
			body === undefined
				? { 'X-WP-Nonce': 'test-nonce' }
				: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'test-nonce' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: res.status, body: (await res.json()) as T };
}

async function waitForDownload(type: string, id: string): Promise<string> {
	for (let i = 0; i < 100; i++) {
		const status = await get<{ percent_complete: number; download_url?: string }>(
			server,
			`/wc-analytics/reports/${type}/export/${id}/status`,
		);
		expect(status.status).toBe(200);
		if (status.body.download_url) return status.body.download_url;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	throw new Error('The export never completed.');
}

describe('report export', () => {
	it('builds the products CSV with the report figures', async () => {
		const started = await post<{ export_id: string; message: string }>(
			'/wc-analytics/reports/products/export',
			{
				report_args: {
					after: '2021-11-29T00:00:00',
					before: '2021-12-13T23:59:59',
					orderby: 'product_name',
					order: 'asc',
				},
				email: true,
			},
		);
		expect(started.status).toBe(200);
		expect(started.body.message).toBe('Your report file is being generated.');
		const url = await waitForDownload('products', started.body.export_id);
		const res = await fetch(`${server.url}${url}`, { headers: { 'X-WP-Nonce': 'test-nonce' } });
		expect(res.headers.get('content-type')).toContain('text/csv');
		const lines = (await res.text()).trim().split('\n');
		expect(lines[0]).toBe(
			'Product title,SKU,Items sold,Net sales,Orders,Variations,Status,Stock',
		);
		expect(lines.slice(1)).toEqual([
			'Album,ALBUM,1,10,2,0,In stock,',
			'Hoodie,HOODIE,1,40,1,1,In stock,',
			'Shirt,SHIRT,1,10,1,0,Low stock,2',
		]);
	});

	it.each([
		['revenue', 'Date,Orders,Gross sales,Total sales,Returns,Coupons,Taxes,Shipping,Net sales'],
		['categories', 'Category,Items sold,Net sales,Products,Orders'],
		['coupons', 'Coupon code,Orders,Amount discounted,Created,Expires,Type'],
	])('names the %s CSV columns as the report table does', async (type, header) => {
		const started = await post<{ export_id: string }>(`/wc-analytics/reports/${type}/export`, {
			report_args: { after: '2021-11-29T00:00:00', before: '2021-12-13T23:59:59' },
			email: false,
		});
		expect(started.status).toBe(200);
		const url = await waitForDownload(type, started.body.export_id);
		const res = await fetch(`${server.url}${url}`, { headers: { 'X-WP-Nonce': 'test-nonce' } });
		expect((await res.text()).split('\n')[0]).toBe(header);
	});

	it('says when there is nothing to export', async () => {
		const res = await post<{ message: string; export_id?: string }>(
			'/wc-analytics/reports/orders/export',
			{
				report_args: { after: '2010-01-01T00:00:00', before: '2010-01-02T00:00:00' },
			},
		);
		expect(res.body).toEqual({ message: 'There is no data to export for the given request.' });
	});

	it('refuses unknown report types and unknown export ids', async () => {
		expect((await post('/wc-analytics/reports/planets/export', {})).status).toBe(400);
		const missing = await get<{ code: string }>(
			server,
			'/wc-analytics/reports/orders/export/123/status',
		);
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe('woocommerce_admin_reports_export_invalid_id');
	});

	it('serves a finished file only with the nonce (header or _wpnonce), then expires it', async () => {
		const started = await post<{ export_id: string }>('/wc-analytics/reports/orders/export', {
			report_args: { after: '2021-11-29T00:00:00', before: '2021-12-13T23:59:59' },
		});
		const id = started.body.export_id;
		const url = await waitForDownload('orders', id);
		const anonymous = await fetch(`${server.url}${url}`);
		expect(anonymous.status).toBe(403);
		const wrong = await fetch(`${server.url}${url}&_wpnonce=guess`);
		expect(wrong.status).toBe(403);
		const ok = await fetch(`${server.url}${url}&_wpnonce=test-nonce`);
		expect(ok.status).toBe(200);
		expect(ok.headers.get('content-disposition')).toContain(
			`wc-orders-report-export-${id}.csv`,
		);
		expect((await ok.text()).trim().split('\n')).toHaveLength(1 + 6);
		const ttl = EXPORT_LIMITS.ttlMs;
		EXPORT_LIMITS.ttlMs = 0;
		try {
			// Any export start sweeps expired files; the old one is gone and says so.
			await post('/wc-analytics/reports/orders/export', {
				report_args: { after: '2021-11-29T00:00:00', before: '2021-12-13T23:59:59' },
			});
			const gone = await get<{ code: string }>(
				server,
				`/wc-analytics/reports/orders/export/${id}/status`,
			);
			expect(gone.status).toBe(410);
			expect(gone.body.code).toBe('woocommerce_admin_reports_export_expired');
			const late = await fetch(`${server.url}${url}&_wpnonce=test-nonce`);
			expect(late.status).toBe(410);
		} finally {
			EXPORT_LIMITS.ttlMs = ttl;
		}
	});

	it('refuses an export larger than the limit with a message saying what to do', async () => {
		const max = EXPORT_LIMITS.maxRows;
		EXPORT_LIMITS.maxRows = 3;
		try {
			const res = await post<{ code: string; message: string }>(
				'/wc-analytics/reports/orders/export',
				{ report_args: { after: '2021-11-29T00:00:00', before: '2021-12-13T23:59:59' } },
			);
			expect(res.status).toBe(400);
			expect(res.body.code).toBe('woocommerce_admin_reports_export_too_large');
			expect(res.body.message).toContain('Choose a shorter period or add filters.');
		} finally {
			EXPORT_LIMITS.maxRows = max;
		}
	});

	it("gives each store its own share of running exports: one store's exports never make another wait", () => {
		const running = (store: string | null) => ({ store, state: 'running' as const });
		const a = 'https://a.example';
		const b = 'https://b.example';
		// Store A builds its two: a third of A's waits with the message the page shows, B's starts.
		const twoOfA = [running(a), running(a), { store: a, state: 'done' as const }];
		const refused = exportBusy(twoOfA, a);
		expect(
			refused && { status: refused.status, code: refused.code, message: refused.message },
		).toEqual({
			status: 429,
			code: 'woocommerce_admin_reports_export_busy',
			message:
				'2 exports are being built; wait for one to finish (or cancel one) and try again.',
		});
		expect(exportBusy(twoOfA, b)).toBeNull();
		expect(exportBusy([running(a), running(b)], a)).toBeNull();
		// Many stores each within their share: the server-wide total is the bound.
		const many = Array.from({ length: EXPORT_LIMITS.maxRunning }, (_, i) =>
			running(`https://shop-${i}.example`),
		);
		expect(EXPORT_LIMITS.maxRunning).toBeGreaterThan(EXPORT_LIMITS.maxRunningPerStore * 4);
		expect(exportBusy(many.slice(1), b)).toBeNull();
		expect(exportBusy(many, b)?.status).toBe(429);
		// The single-store server (no store) keeps two at once, as before.
		expect(exportBusy([running(null)], null)).toBeNull();
		expect(exportBusy([running(null), running(null)], null)?.message).toBe(
			'2 exports are being built; wait for one to finish (or cancel one) and try again.',
		);
	});

	it('answers 429 when the store is at its share of running exports', async () => {
		const share = EXPORT_LIMITS.maxRunningPerStore;
		EXPORT_LIMITS.maxRunningPerStore = 0;
		try {
			const res = await post<{ code: string; message: string }>(
				'/wc-analytics/reports/orders/export',
				{ report_args: { after: '2021-11-29T00:00:00', before: '2021-12-13T23:59:59' } },
			);
			expect(res.status).toBe(429);
			expect(res.body.code).toBe('woocommerce_admin_reports_export_busy');
		} finally {
			EXPORT_LIMITS.maxRunningPerStore = share;
		}
		const after = await post<{ export_id?: string }>('/wc-analytics/reports/orders/export', {
			report_args: { after: '2021-11-29T00:00:00', before: '2021-12-13T23:59:59' },
		});
		expect(after.status).toBe(200);
		await waitForDownload('orders', after.body.export_id ?? '');
	});

	it('exports the downloads report with product titles', async () => {
		const db = server.ctx.db;
		await db.exec(`
			INSERT INTO users (id, username, email, first_name, last_name, date_registered) VALUES (11, 'ada', 'ada@example.com', 'Ada', 'Lovelace', '2021-01-01');
			INSERT INTO product_downloads (download_id, product_id, name, file) VALUES ('d1', 2, 'Album', 'https://example.com/album.zip');
			INSERT INTO downloadable_product_permissions (permission_id, download_id, product_id, order_id, user_id, access_granted) VALUES (1, 'd1', 2, 2, 11, '2021-01-01');
			INSERT INTO download_log (download_log_id, timestamp, permission_id, user_id, user_ip_address) VALUES (1, '2021-12-01 10:00:00', 1, 11, '10.0.0.1');
		`);
		server.ctx.notifyWrite();
		const started = await post<{ export_id: string }>(
			'/wc-analytics/reports/downloads/export',
			{ report_args: { after: '2021-11-29T00:00:00', before: '2021-12-13T23:59:59' } },
		);
		const url = await waitForDownload('downloads', started.body.export_id);
		const text = await (await fetch(`${server.url}${url}&_wpnonce=test-nonce`)).text();
		expect(text.trim().split('\n')[1]).toBe(
			'2021-12-01 10:00:00,Album,album.zip,2,ada,10.0.0.1',
		);
	});

	it('neutralises spreadsheet formulas in cells', () => {
		expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
		expect(csvCell(-10)).toBe('-10');
		expect(csvCell('a,b')).toBe('"a,b"');
	});
});

describe('import', () => {
	it('rebuilds the lookup tables and reports a complete import', async () => {
		const deleted = await post<{ status: string }>('/wc-analytics/reports/import/delete');
		expect(deleted.body.status).toBe('success');
		const empty = await get<{ totals: Record<string, number> }>(
			server,
			'/wc-analytics/reports/revenue/stats?after=2021-11-29T00:00:00&before=2021-12-13T23:59:59&interval=year',
		);
		expect(empty.body.totals.net_revenue).toBe(0);
		const emptyChart = await get<{ totals: Record<string, number> }>(
			server,
			'/wc-analytics/reports/revenue/stats?after=2021-11-29T00:00:00&before=2021-12-13T23:59:59&interval=year&fields=net_revenue',
		);
		expect(emptyChart.body.totals.net_revenue).toBe(0);
		const started = await post<{ status: string }>(
			'/wc-analytics/reports/import?skip_existing=true',
		);
		expect(started.body.status).toBe('success');
		type Status = {
			is_importing: boolean;
			orders: { imported: number; total: number };
			imported_from: number;
		};
		let status = await get<Status>(server, '/wc-analytics/reports/import/status?timestamp=1');
		while (status.body.is_importing) {
			await new Promise((resolve) => setImmediate(resolve));
			status = await get<Status>(server, '/wc-analytics/reports/import/status?timestamp=2');
		}
		expect(status.body).toMatchObject({
			is_importing: false,
			orders: { imported: 7, total: 7 },
			imported_from: -1,
		});
		const rebuilt = await get<{ totals: Record<string, number> }>(
			server,
			'/wc-analytics/reports/revenue/stats?after=2021-11-29T00:00:00&before=2021-12-13T23:59:59&interval=year',
		);
		expect(rebuilt.body.totals).toMatchObject({ net_revenue: 60, taxes: 6, coupons: 2 });
	});

	it('validates the number of days', async () => {
		const res = await post<{ code: string; data: { params: Record<string, string> } }>(
			'/wc-analytics/reports/import?days=-3',
		);
		expect(res.status).toBe(400);
		expect(res.body.data.params).toHaveProperty('days');
	});
});
