/**
 * Reads a WooCommerce store over its REST API for the sync: pages of a collection (a malformed
 * page is asked again), the settings that shape figures and the catalogue. The pages of a
 * collection after the first, the variations of the variable products and the terms of the
 * attributes are asked `concurrency` at a time (the store answers them in parallel); the
 * collections one after the other.
 */
import {
	MalformedError,
	mapAttribute,
	mapCategory,
	mapCoupon,
	mapCustomer,
	mapProduct,
	mapTaxRate,
	type AttributeRecord,
	type CustomerRecord,
	type Json,
	type ProductRecord,
} from './map.js';
import { DATE_BASIS_OPTION, effectiveDateBasis } from '../db/date-basis.js';
import { StoreError, type Query, type WooClient } from './woo-client.js';
import type { Catalogue } from './writer.js';

/** An error's message (or the thrown value as text). */
export function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

export class StoreReader {
	/** Milliseconds of the store's answers (the bench prints the median). */
	readonly pageTimes: number[] = [];
	private unsavedDateTypeLogged = false;

	constructor(
		private readonly client: WooClient,
		private readonly storeId: string,
		/** Requests asked at once (at least 1). */
		private readonly concurrency: number,
		private readonly log: (line: string) => void,
	) {
		this.concurrency = Math.max(1, concurrency);
	}

	/** A page of a collection, its items checked by `map` (a malformed item → asked again). */
	async page<T>(
		route: string,
		query: Query,
		map: (item: unknown) => T,
	): Promise<{ items: T[]; total: number; totalPages: number }> {
		for (let attempt = 0; ; attempt++) {
			const page = await this.client.getPage<unknown>(route, query);
			this.pageTimes.push(page.ms);
			try {
				return {
					items: page.items.map(map),
					total: page.total,
					totalPages: page.totalPages,
				};
			} catch (error) {
				if (!(error instanceof MalformedError) || attempt >= 3) {
					throw new Error(
						`The store answered ${route} with a malformed page: ${errorText(error)}`,
					);
				}
				this.log(
					`The store answered ${route} with a malformed page (${error.message}); asking again.`,
				);
			}
		}
	}

	/**
	 * Every item of a collection: the first page, then the others `concurrency` at a time, in
	 * page order (until the page count, or a page that comes back empty).
	 */
	async all<T>(route: string, query: Query, map: (item: unknown) => T): Promise<T[]> {
		const pageOf = (page: number) => this.page(route, { ...query, per_page: 100, page }, map);
		const first = await pageOf(1);
		const out = [...first.items];
		if (first.items.length === 0) return out;
		for (let next = 2; next <= first.totalPages; next += this.concurrency) {
			const pages = Array.from(
				{ length: Math.min(this.concurrency, first.totalPages - next + 1) },
				(_, i) => next + i,
			);
			const results = await Promise.all(pages.map(pageOf));
			for (const result of results) {
				if (result.items.length === 0) return out;
				out.push(...result.items);
			}
		}
		return out;
	}

	/** The store settings that shape figures, as engine options. */
	async settings(): Promise<Record<string, unknown>> {
		const options: Record<string, unknown> = {};
		const general = await this.all('wc/v3/settings/general', {}, (item) => item as Json);
		const wanted: Record<string, string> = {
			woocommerce_currency: 'woocommerce_currency',
			woocommerce_currency_pos: 'woocommerce_currency_pos',
			woocommerce_price_thousand_sep: 'woocommerce_price_thousand_sep',
			woocommerce_price_decimal_sep: 'woocommerce_price_decimal_sep',
			woocommerce_price_num_decimals: 'woocommerce_price_num_decimals',
			woocommerce_default_country: 'woocommerce_default_country',
		};
		for (const item of general) {
			const key = String(item.id);
			if (Object.hasOwn(wanted, key)) {
				options[wanted[key]] =
					key === 'woocommerce_price_num_decimals' ? Number(item.value) : item.value;
			}
		}
		const products = await this.all('wc/v3/settings/products', {}, (item) => item as Json);
		for (const item of products) {
			const key = String(item.id);
			if (
				key === 'woocommerce_manage_stock' ||
				key === 'woocommerce_notify_low_stock_amount' ||
				key === 'woocommerce_notify_no_stock_amount'
			) {
				options[key] = key === 'woocommerce_manage_stock' ? item.value : Number(item.value);
			}
		}
		try {
			const analytics = await this.all(
				'wc-analytics/settings/wc_admin',
				{},
				(item) => item as Json,
			);
			for (const item of analytics) {
				const key = String(item.id);
				if (
					key === 'woocommerce_excluded_report_order_statuses' ||
					key === 'woocommerce_actionable_order_statuses' ||
					key === 'woocommerce_default_date_range'
				) {
					options[key] = item.value;
				}
				if (key === DATE_BASIS_OPTION) {
					// Never saved, WooCommerce answers an empty value and counts by the paid date.
					const { basis, saved } = effectiveDateBasis(item.value);
					options[key] = basis;
					if (!saved && !this.unsavedDateTypeLogged) {
						this.unsavedDateTypeLogged = true;
						this.log(
							`${this.storeId} never saved Analytics › Settings › Date type: revenue, orders and the orders list count orders on their paid date, WooCommerce's default.`,
						);
					}
				}
			}
		} catch (error) {
			if (!(error instanceof StoreError)) throw error;
			this.log(`Analytics settings not readable (${error.message}); keeping the defaults.`);
		}
		const site = await this.siteOptions();
		Object.assign(options, site);
		return options;
	}

	/**
	 * Time zone (the REST index, which every WordPress answers without authentication), week
	 * start (WordPress's settings, readable with an administrator's application password; 1,
	 * WordPress's default, otherwise), date and time formats and the store name.
	 */
	private async siteOptions(): Promise<Record<string, unknown>> {
		const out: Record<string, unknown> = {};
		// Only the fields read: WordPress then leaves out its list of every route (about 1.5 MB
		// on a WooCommerce store, and most of the time of the answer).
		const index = await this.client.getObject<Json>(
			'',
			{ _fields: 'name,timezone_string,gmt_offset' },
			false,
		);
		if (typeof index.timezone_string === 'string' && index.timezone_string) {
			out.timezone_string = index.timezone_string;
		}
		const offset = Number(index.gmt_offset);
		if (Number.isFinite(offset)) out.gmt_offset = offset;
		if (typeof index.name === 'string') out.blogname = index.name;
		// A store set to a fixed offset (no IANA zone) maps to the Etc/GMT zone of that offset.
		if (!out.timezone_string && Number.isFinite(offset)) {
			out.timezone_string =
				offset === 0
					? 'UTC'
					: Number.isInteger(offset)
						? `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
						: 'UTC';
		}
		try {
			// Both in one request (the route takes a list of names).
			const value = await this.client.getObject<Json>('wc-admin/options', {
				options: 'date_format,time_format',
			});
			for (const name of ['date_format', 'time_format']) {
				if (typeof value[name] === 'string' && value[name]) out[name] = value[name];
			}
		} catch (error) {
			if (!(error instanceof StoreError)) throw error;
		}
		try {
			const wp = await this.client.getObject<Json>('wp/v2/settings');
			const week = Number(wp.start_of_week);
			if (Number.isInteger(week) && week >= 0 && week <= 6) out.start_of_week = week;
		} catch (error) {
			if (!(error instanceof StoreError)) throw error;
			this.log(
				`The store's week start is not readable with these credentials (${error.message}); weeks start on Monday (WordPress's default). An administrator's application password lets the engine read it.`,
			);
		}
		return out;
	}

	/** Products (any status) with the variations of each variable one, each after its parent. */
	async products(query: Query): Promise<ProductRecord[]> {
		const products = await this.all('wc/v3/products', { ...query, status: 'any' }, (p) =>
			mapProduct(p),
		);
		const variable = products.filter((p) => p.type === 'variable' || p.variationIds.length);
		const variations = new Map<number, ProductRecord[]>();
		await this.each(variable, async (product) => {
			variations.set(
				product.id,
				await this.all(`wc/v3/products/${product.id}/variations`, {}, (v) =>
					mapProduct(v, product),
				),
			);
		});
		return products.flatMap((product) => [product, ...(variations.get(product.id) ?? [])]);
	}

	/**
	 * The whole catalogue: tax rates, categories, attributes with their terms, products with their
	 * variations, coupons, and (unless `customers` is false) every registered customer.
	 */
	async catalogue({ customers: withCustomers = true }: { customers?: boolean } = {}): Promise<
		Required<Omit<Catalogue, 'options' | 'customers'>> & Pick<Catalogue, 'customers'>
	> {
		const taxRates = await this.all('wc/v3/taxes', {}, mapTaxRate);
		const categories = await this.all('wc/v3/products/categories', {}, mapCategory);
		const rawAttributes = await this.all('wc/v3/products/attributes', {}, (a) => a as Json);
		const terms: unknown[][] = [];
		await this.each(
			rawAttributes.map((a, index) => ({ a, index })),
			async ({ a, index }) => {
				terms[index] = await this.all(
					`wc/v3/products/attributes/${Number(a.id)}/terms`,
					{},
					(t) => t,
				);
			},
		);
		const attributes: AttributeRecord[] = rawAttributes.map((a, index) =>
			mapAttribute(a, terms[index]),
		);
		const products = await this.products({});
		const coupons = await this.all('wc/v3/coupons', {}, mapCoupon);
		if (!withCustomers) return { taxRates, categories, attributes, products, coupons };
		const customers = await this.customers();
		return { taxRates, categories, attributes, products, coupons, customers };
	}

	/** Every registered customer of the store. */
	customers(): Promise<CustomerRecord[]> {
		return this.all('wc/v3/customers', {}, mapCustomer);
	}

	/** `work` for each item, `concurrency` items at a time. */
	async each<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
		for (let i = 0; i < items.length; i += this.concurrency) {
			await Promise.all(items.slice(i, i + this.concurrency).map(work));
		}
	}
}
