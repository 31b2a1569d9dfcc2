/**
 * A local stand-in for a WooCommerce store's REST API, enough for the sync: the REST index (with
 * WordPress's `_fields` filter), the settings groups, `wc-admin/options` (`siteOptions`), taxes,
 * categories, attributes, products (with a variable one), coupons, customers, orders (paging
 * headers, `include`, `modified_after`, `status=trash`, `_fields`) and refunds (per order, and the
 * collection of every refund, `wc/v3/refunds`, as `refundsCollection` says). Orders carry what
 * the breakdown reports read (payment method title, shipping address and lines, attribution meta
 * among other meta); with `cogs` on, lines and products carry their cost of goods sold as
 * WooCommerce 9.5+ answers it; `dateType` is the store's analytics date type, and an order with
 * `paid: false` has no paid date. Faults are injected per request: `fail(match, answers)` makes
 * the next requests whose path contains `match` answer the given statuses or bodies first.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { configureOutbound } from '../outbound.js';

type Json = Record<string, unknown>;

export interface FakeOrder {
	id: number;
	status: string;
	customer_id: number;
	email: string;
	total: number;
	qty: number;
	product_id: number;
	date: string;
	modified: string;
	refunds: Array<{ id: number; amount: number; qty: number; date: string }>;
	/** False: not paid (no `date_paid`). */
	paid?: boolean;
}

/** Unit cost of each product when `cogs` is on (WooCommerce's `cost_of_goods_sold`). */
export const FAKE_COSTS: Record<number, number> = { 11: 4, 12: 2.5 };

export interface Fault {
	status?: number;
	body?: string;
	headers?: Record<string, string>;
	/** Milliseconds to wait before answering. */
	delayMs?: number;
}

function iso(date: string): string {
	return date.replace(' ', 'T');
}

export class FakeWoo {
	orders = new Map<number, FakeOrder>();
	trash = new Set<number>();
	customers = [
		{
			id: 7,
			email: 'ada@example.test',
			first_name: 'Ada',
			last_name: 'Lovelace',
			username: 'ada',
		},
	];
	requests: string[] = [];
	/** Variable products (beside the simple 11 and 12): product id → its variations' ids. */
	variableProducts: Record<number, number[]> = {};
	/** Every answer waits this long (ms), so that requests asked at once overlap. */
	latencyMs = 0;
	/** Routes whose answers wait longer than `latencyMs` (ms, by route such as `wc/v3/refunds`). */
	routeLatencyMs: Record<string, number> = {};
	/** While `latencyMs` is set: each request's route and when the store began and ended it. */
	readonly timeline: Array<{ route: string; start: number; end: number }> = [];
	/** WooCommerce's "Cost of Goods Sold" feature: lines and products answer their cost. */
	cogs = false;
	/**
	 * WooCommerce's collection of every refund, `wc/v3/refunds`: answering its `include` filter
	 * (WooCommerce 10.0.2), answering every refund whatever the filter, or no such route (404
	 * rest_no_route, an older WooCommerce).
	 */
	refundsCollection: 'applies include' | 'ignores include' | 'none' = 'applies include';
	/**
	 * The options `wc-admin/options` answers (any list of names, comma-separated); null: it
	 * refuses (403), as it does for a user without the right.
	 */
	siteOptions: Record<string, string> | null = null;
	/** Analytics › Settings › Date type; absent from the settings when null. */
	dateType: string | null = null;
	private faults: Array<{ match: string; answers: Fault[] }> = [];
	private server = http.createServer((req, res) => void this.handle(req, res));
	url = '';

	constructor(orderCount: number) {
		for (let i = 1; i <= orderCount; i++) {
			const day = String(1 + (i % 28)).padStart(2, '0');
			this.orders.set(1000 + i, {
				id: 1000 + i,
				status: i % 10 === 0 ? 'cancelled' : 'completed',
				customer_id: i % 3 === 0 ? 7 : 0,
				email: i % 3 === 0 ? 'ada@example.test' : `guest${i % 5}@example.test`,
				total: 10 + (i % 7),
				qty: 1 + (i % 2),
				product_id: i % 2 ? 11 : 12,
				date: `2026-10-${day} 10:00:00`,
				modified: `2026-10-${day} 10:00:00`,
				refunds: [],
			});
		}
	}

	async start(): Promise<string> {
		// A store on 127.0.0.1: the sync reaches it only with private stores allowed, as the
		// engine's --allow-private-stores does (src/sync/outbound.ts).
		configureOutbound({ allowPrivate: true });
		await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		return this.url;
	}

	close(): Promise<void> {
		this.server.closeAllConnections();
		return new Promise((r) => this.server.close(() => r()));
	}

	/**
	 * The most requests whose route passes `match` the store was answering at once (from
	 * `timeline`, the requests since it was last emptied).
	 */
	mostAtOnce(match: (route: string) => boolean): number {
		const edges = this.timeline
			.filter((entry) => match(entry.route))
			.flatMap((entry) => [
				{ at: entry.start, step: 1 },
				{ at: entry.end, step: -1 },
			])
			// An answer that ends as another begins does not overlap it.
			.sort((a, b) => a.at - b.at || a.step - b.step);
		let now = 0;
		let most = 0;
		for (const edge of edges) {
			now += edge.step;
			most = Math.max(most, now);
		}
		return most;
	}

	/** The next requests whose path contains `match` get these answers first. */
	fail(match: string, answers: Fault[]): void {
		this.faults.push({ match, answers: [...answers] });
	}

	/** Marks an order modified now (as WooCommerce does on every save). */
	touch(id: number, change: Partial<FakeOrder>): void {
		const order = this.orders.get(id);
		if (!order) throw new Error(`no order ${id}`);
		Object.assign(order, change, {
			modified: new Date().toISOString().slice(0, 19).replace('T', ' '),
		});
	}

	private orderJson(o: FakeOrder, status = o.status): Json {
		return {
			id: o.id,
			parent_id: 0,
			number: String(o.id),
			status,
			currency: 'USD',
			date_created: iso(o.date),
			date_created_gmt: iso(o.date),
			date_modified: iso(o.modified),
			date_modified_gmt: iso(o.modified),
			discount_total: '0.00',
			shipping_total: '0.00',
			shipping_tax: '0.00',
			cart_tax: '0.00',
			total: o.total.toFixed(2),
			customer_id: o.customer_id,
			billing: {
				first_name: 'Buyer',
				last_name: String(o.id % 5),
				email: o.email,
				country: 'US',
				state: 'CA',
				city: 'Oakland',
				postcode: '94601',
			},
			payment_method: o.id % 2 ? 'bacs' : 'cod',
			payment_method_title: o.id % 2 ? 'Direct bank transfer' : 'Cash on delivery',
			shipping: { first_name: 'Buyer', country: o.id % 2 ? 'FR' : 'DE', state: '' },
			meta_data: [
				{ id: 1, key: '_wc_order_attribution_source_type', value: 'utm' },
				{
					id: 2,
					key: '_wc_order_attribution_utm_source',
					value: o.id % 2 ? 'newsletter' : 'google',
				},
				{ id: 3, key: '_wc_order_attribution_device_type', value: 'Mobile' },
				{ id: 4, key: 'is_vat_exempt', value: 'no' },
			],
			date_paid: o.paid === false ? null : iso(o.date),
			date_completed: o.status === 'completed' ? iso(o.date) : null,
			line_items: [
				{
					id: o.id * 10,
					name: `Product ${o.product_id}`,
					product_id: o.product_id,
					variation_id: 0,
					quantity: o.qty,
					subtotal: o.total.toFixed(2),
					total: o.total.toFixed(2),
					total_tax: '0.00',
					taxes: [],
					meta_data: [],
					...(this.cogs
						? { cost_of_goods_sold: { value: FAKE_COSTS[o.product_id] * o.qty } }
						: {}),
				},
			],
			tax_lines: [],
			shipping_lines: [
				{
					id: o.id * 10 + 1,
					method_id: o.id % 2 ? 'flat_rate' : 'local_pickup',
					method_title: o.id % 2 ? 'Flat rate' : 'Local pickup',
					instance_id: '1',
					total: '0.00',
					total_tax: '0.00',
					taxes: [],
				},
			],
			fee_lines: [],
			coupon_lines: [],
			refunds: o.refunds.map((r) => ({
				id: r.id,
				reason: '',
				total: (-r.amount).toFixed(2),
			})),
		};
	}

	/** A refund of `order` as `wc/v3/orders/{id}/refunds` answers it. */
	private refundJson(order: FakeOrder, r: FakeOrder['refunds'][number]): Json {
		return {
			id: r.id,
			date_created: iso(r.date),
			date_created_gmt: iso(r.date),
			amount: r.amount.toFixed(2),
			line_items: [
				{
					id: r.id * 10,
					name: 'x',
					product_id: order.product_id,
					variation_id: 0,
					quantity: -r.qty,
					subtotal: (-r.amount).toFixed(2),
					total: (-r.amount).toFixed(2),
					total_tax: '0.00',
					taxes: [],
					meta_data: [],
				},
			],
			shipping_lines: [],
			tax_lines: [],
			fee_lines: [],
		};
	}

	private collection<T>(
		items: T[],
		url: URL,
		res: http.ServerResponse,
		toJson: (item: T) => Json = (item) => item as Json,
	): void {
		const perPage = Number(url.searchParams.get('per_page') ?? 10);
		const page = Number(url.searchParams.get('page') ?? 1);
		const total = items.length;
		const pages = Math.max(1, Math.ceil(total / perPage));
		let slice = items.slice((page - 1) * perPage, page * perPage).map(toJson);
		const fields = url.searchParams.get('_fields');
		if (fields) {
			const keep = fields.split(',');
			slice = slice.map((item) =>
				Object.fromEntries(keep.filter((k) => k in item).map((k) => [k, item[k]])),
			);
		}
		res.writeHead(200, {
			'Content-Type': 'application/json',
			'X-WP-Total': String(total),
			'X-WP-TotalPages': String(pages),
		});
		res.end(JSON.stringify(slice));
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', this.url);
		const route = url.pathname.replace(/^\/wp-json\/?/, '');
		this.requests.push(`${route}?${url.searchParams.toString()}`);
		if (this.latencyMs > 0) {
			const start = performance.now();
			const wait = Object.hasOwn(this.routeLatencyMs, route)
				? this.routeLatencyMs[route]
				: this.latencyMs;
			await new Promise((r) => setTimeout(r, wait));
			this.timeline.push({ route, start, end: performance.now() });
		}
		const fault = this.faults.find((f) => route.includes(f.match) && f.answers.length);
		if (fault) {
			const answer = fault.answers.shift() as Fault;
			if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
			res.writeHead(answer.status ?? 200, {
				'Content-Type': 'application/json',
				...answer.headers,
			});
			res.end(answer.body ?? '');
			return;
		}
		const json = (body: unknown, status = 200) => {
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		if (route === '') {
			// WordPress's REST index, with its `_fields` filter (the routes left out).
			const index: Json = {
				name: 'Fake store',
				timezone_string: 'Europe/Paris',
				gmt_offset: 1,
				routes: { '/wc/v3/orders': {} },
			};
			const fields = url.searchParams.get('_fields')?.split(',');
			return json(
				fields
					? Object.fromEntries(fields.filter((f) => f in index).map((f) => [f, index[f]]))
					: index,
			);
		}
		if (route === 'wc-admin/options' && this.siteOptions) {
			const names = (url.searchParams.get('options') ?? '').split(',');
			const site = this.siteOptions;
			return json(Object.fromEntries(names.map((n) => [n, site[n] ?? false])));
		}
		if (route === 'wc/v3/settings/general') {
			return this.collection(
				[
					{ id: 'woocommerce_currency', value: 'EUR' },
					{ id: 'woocommerce_price_num_decimals', value: '2' },
				],
				url,
				res,
			);
		}
		if (route === 'wc/v3/settings/products')
			return this.collection([{ id: 'woocommerce_manage_stock', value: 'yes' }], url, res);
		if (route === 'wc-analytics/settings/wc_admin') {
			return this.collection(
				[
					{
						id: 'woocommerce_excluded_report_order_statuses',
						value: ['pending', 'failed', 'cancelled'],
					},
					...(this.dateType
						? [{ id: 'woocommerce_date_type', value: this.dateType }]
						: []),
				],
				url,
				res,
			);
		}
		if (route === 'wc-admin/options' || route === 'wp/v2/settings')
			return json({ code: 'rest_forbidden', message: 'No.' }, 403);
		if (
			route === 'wc/v3/taxes' ||
			route === 'wc/v3/products/attributes' ||
			route === 'wc/v3/coupons'
		) {
			return this.collection([], url, res);
		}
		if (route === 'wc/v3/products/categories') {
			return this.collection(
				[{ id: 3, name: 'Things', slug: 'things', parent: 0, count: 2 }],
				url,
				res,
			);
		}
		const variations = /^wc\/v3\/products\/(\d+)\/variations$/.exec(route);
		if (variations) {
			const parent = Number(variations[1]);
			return this.collection(
				(this.variableProducts[parent] ?? []).map((id) => ({
					id,
					sku: `v${id}`,
					price: '12',
					regular_price: '12',
					sale_price: '',
					date_created: '2026-01-01T00:00:00',
					date_created_gmt: '2026-01-01T00:00:00',
					manage_stock: false,
					stock_status: 'instock',
					attributes: [{ id: 0, name: 'Size', option: `S${id}` }],
					image: null,
				})),
				url,
				res,
			);
		}
		if (route === 'wc/v3/products') {
			const variable = Object.keys(this.variableProducts).map(Number);
			const products = [11, 12, ...variable].map((id) => ({
				id,
				name: `Product ${id}`,
				slug: `product-${id}`,
				type: variable.includes(id) ? 'variable' : 'simple',
				status: 'publish',
				sku: `p${id}`,
				price: '10',
				regular_price: '10',
				sale_price: '',
				date_created: '2026-01-01T00:00:00',
				date_created_gmt: '2026-01-01T00:00:00',
				manage_stock: true,
				stock_quantity: 5,
				stock_status: 'instock',
				categories: [{ id: 3 }],
				attributes: [],
				variations: this.variableProducts[id] ?? [],
				images: [],
				...(this.cogs ? { cost_of_goods_sold: { total_value: FAKE_COSTS[id] } } : {}),
			}));
			return this.collection(
				url.searchParams.get('modified_after') ? [] : products,
				url,
				res,
			);
		}
		if (route === 'wc/v3/customers') {
			const include = url.searchParams.get('include');
			const list = this.customers.filter(
				(c) => !include || include.split(',').includes(String(c.id)),
			);
			// Newest first, as `orderby=id&order=desc` asks (else in the order they were added).
			if (
				url.searchParams.get('orderby') === 'id' &&
				url.searchParams.get('order') === 'desc'
			)
				list.sort((a, b) => b.id - a.id);
			return this.collection(
				list.map((c) => ({
					...c,
					role: 'customer',
					date_created_gmt: '2025-01-01T00:00:00',
					billing: { country: 'GB' },
				})),
				url,
				res,
			);
		}
		const refunds = /^wc\/v3\/orders\/(\d+)\/refunds$/.exec(route);
		if (refunds) {
			const order = this.orders.get(Number(refunds[1]));
			return this.collection(
				(order?.refunds ?? []).map((r) => this.refundJson(order as FakeOrder, r)),
				url,
				res,
			);
		}
		if (route === 'wc/v3/refunds' && this.refundsCollection !== 'none') {
			const include = url.searchParams.get('include');
			const ids =
				include && this.refundsCollection === 'applies include' ? include.split(',') : null;
			const all = [...this.orders.values()]
				.flatMap((o) =>
					o.refunds.map((r): Json => ({ ...this.refundJson(o, r), parent_id: o.id })),
				)
				.filter((r) => !ids || ids.includes(String(r.id)))
				.sort((a, b) => Number(a.id) - Number(b.id));
			return this.collection(all, url, res);
		}
		if (route === 'wc/v3/orders') {
			const status = url.searchParams.get('status');
			let list = [...this.orders.values()].filter((o) =>
				status === 'trash' ? this.trash.has(o.id) : !this.trash.has(o.id),
			);
			const include = url.searchParams.get('include');
			if (include) list = list.filter((o) => include.split(',').includes(String(o.id)));
			const after = url.searchParams.get('modified_after');
			if (after) list = list.filter((o) => iso(o.modified) > after);
			list.sort((a, b) =>
				url.searchParams.get('orderby') === 'modified'
					? a.modified.localeCompare(b.modified) || a.id - b.id
					: a.id - b.id,
			);
			return this.collection(list, url, res, (o) =>
				this.orderJson(o, this.trash.has(o.id) ? 'trash' : o.status),
			);
		}
		json({ code: 'rest_no_route', message: 'No route.' }, 404);
	}
}
