/**
 * The store group: the stores an engine serves and their combined revenue stats (an agency's
 * revenue over chosen stores of one currency, each store's share). Each store's figures are its own
 * revenue stats (`reports/shared/order-stats.ts`, the same code as `reports/revenue/stats`) read
 * through its tenant scope with its registered settings; the group's figures are their sums.
 * Routes: `clickhouse-engine/store-group-routes.ts`.
 */
import { RestError } from '../../http/errors.js';
import { Query } from '../../http/params.js';
import type { StoreSettings } from '../../db/store-settings.js';
import type { SqlReader } from '../../metrics/dialect.js';
import { orderStats } from '../shared/order-stats.js';

/** A store of the group as `GET abacus/v1/stores` lists it. */
export interface GroupStore {
	id: number;
	url: string;
	/** What the store is called on screen: its address without the scheme (no store name is registered). */
	name: string;
	currency: string;
	time_zone: string;
}

/** A store whose figures can be read: its listing, its settings and a reader scoped to it. */
export interface ReadableStore extends GroupStore {
	settings: StoreSettings;
	reader: SqlReader;
}

/** The figures of the store report, in the order the client lists them. */
export const GROUP_FIELDS = [
	'net_revenue',
	'orders_count',
	'avg_order_value',
	'total_sales',
	'gross_sales',
	'refunds',
	'coupons',
	'taxes',
	'shipping',
	'num_items_sold',
	'avg_items_per_order',
	'total_customers',
] as const;

export type GroupField = (typeof GROUP_FIELDS)[number];

const SUMMED: readonly GroupField[] = GROUP_FIELDS.filter(
	(field) => field !== 'avg_order_value' && field !== 'avg_items_per_order',
);
const COUNTS = new Set<GroupField>(['orders_count', 'num_items_sold', 'total_customers']);

/** The shares a store gets of the group's figures. */
export const SHARE_FIELDS = ['net_revenue', 'orders_count'] as const;

/** Most stores one request may combine. */
export const MAX_GROUP_STORES = 25;
/** Most intervals (over all chosen stores) one request may compute. */
export const MAX_GROUP_INTERVALS = 50_000;
/** Stores computed at the same time. */
const CONCURRENCY = 4;

export type Figures = Record<GroupField, number>;

export interface GroupInterval {
	interval: string;
	date_start: string;
	date_end: string;
	subtotals: Figures;
}

export interface StoreFigures extends GroupStore {
	totals: Figures;
	intervals: GroupInterval[];
	/** Percent of the group's figure (null when the group's figure is 0). */
	share: Record<(typeof SHARE_FIELDS)[number], number | null>;
}

export interface GroupStats {
	currency: string;
	/** The week start used for `interval=week` (the stores' shared one, else Monday). */
	start_of_week: number;
	totals: Figures;
	intervals: GroupInterval[];
	stores: StoreFigures[];
}

/** Sums cleared of floating-point noise; counts whole. */
const clean = (field: GroupField, value: number): number =>
	COUNTS.has(field) ? Math.round(value) : Math.round(value * 1e6) / 1e6;
const ratio = (a: number, b: number): number => (b ? Math.round((a / b) * 10000) / 10000 : 0);

function figuresOf(values: Record<string, unknown>): Figures {
	const out = {} as Figures;
	for (const field of GROUP_FIELDS) {
		const value = Number(values[field] ?? 0);
		out[field] = Number.isFinite(value) ? value : 0;
	}
	return out;
}

function sumFigures(list: readonly Figures[]): Figures {
	const out = {} as Figures;
	for (const field of SUMMED) {
		out[field] = clean(
			field,
			list.reduce((sum, figures) => sum + figures[field], 0),
		);
	}
	out.avg_order_value = ratio(out.net_revenue, out.orders_count);
	out.avg_items_per_order = ratio(out.num_items_sold, out.orders_count);
	return out;
}

/** 400 `rest_invalid_param` whose message says what is wrong with `stores`. */
function badStores(message: string): RestError {
	return new RestError('rest_invalid_param', message, 400, { params: { stores: message } });
}

/**
 * Parses `stores` (`1,2,3`, or `stores[]=1&stores[]=2`): positive whole numbers only, at most
 * MAX_GROUP_STORES; anything else is a 400 naming the parameter.
 */
export function parseStoreIds(raw: unknown): number[] {
	const parts =
		typeof raw === 'string'
			? raw.split(',').map((part) => part.trim())
			: Array.isArray(raw) && raw.every((part) => typeof part === 'string')
				? (raw as string[]).flatMap((part) => part.split(',').map((p) => p.trim()))
				: null;
	if (parts === null || parts.length === 0 || parts.every((part) => part === '')) {
		throw badStores('stores is required: the ids of the stores to combine, e.g. stores=1,2,3.');
	}
	const ids = new Set<number>();
	for (const part of parts) {
		if (!/^[1-9]\d{0,9}$/.test(part) || Number(part) > 0xffffffff) {
			throw badStores(
				`${JSON.stringify(part.slice(0, 40))} is not a store id (ids are whole numbers from 1 to 4294967295, separated by commas).`,
			);
		}
		ids.add(Number(part));
		if (ids.size > MAX_GROUP_STORES) {
			throw badStores(
				`More than ${MAX_GROUP_STORES} stores were asked for; at most ${MAX_GROUP_STORES} are combined in one request.`,
			);
		}
	}
	return [...ids];
}

/**
 * The chosen stores among the served ones, in the order asked: unknown ids and mixed currencies
 * are 400s naming them.
 */
export function chooseStores<T extends GroupStore>(served: readonly T[], ids: number[]): T[] {
	const byId = new Map(served.map((store) => [store.id, store]));
	const unknown = ids.filter((id) => !byId.has(id));
	if (unknown.length) {
		throw badStores(
			`This engine serves no store with the id ${unknown.join(', ')} (GET abacus/v1/stores lists the stores it serves).`,
		);
	}
	const chosen = ids.map((id) => byId.get(id) as T);
	const currencies = new Set(chosen.map((store) => store.currency));
	if (currencies.size > 1) {
		throw new RestError(
			'abacus_stores_mixed_currencies',
			`The chosen stores sell in different currencies, so their sales cannot be added up: ${chosen.map((store) => `${store.name} (id ${store.id}) in ${store.currency}`).join(', ')}. Choose stores of one currency.`,
			400,
			{
				params: { stores: 'The chosen stores sell in different currencies.' },
				currencies: Object.fromEntries(
					chosen.map((store) => [String(store.id), store.currency]),
				),
			},
		);
	}
	return chosen;
}

async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
	const out: R[] = [];
	for (let i = 0; i < items.length; i += CONCURRENCY) {
		out.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(run))));
	}
	return out;
}

export interface GroupRequest {
	after: string;
	before: string;
	interval: string;
	fields: readonly GroupField[];
}

/** The week start of the group: the one all chosen stores share, else Monday (1). */
export function groupWeekStart(stores: readonly { settings: StoreSettings }[]): number {
	const starts = new Set(stores.map((store) => store.settings.startOfWeek));
	return starts.size === 1 ? (stores[0]?.settings.startOfWeek ?? 1) : 1;
}

function pick(figures: Figures, fields: readonly GroupField[]): Figures {
	return Object.fromEntries(fields.map((field) => [field, figures[field]])) as Figures;
}

/**
 * Each chosen store's revenue stats over [after, before] read in its own time zone (a day is the
 * store's own calendar day), and their sums: totals, intervals (by interval key: the same wall-time
 * buckets in every store) and each store's share of the group's net sales and orders.
 */
export async function groupStats(
	stores: readonly ReadableStore[],
	request: GroupRequest,
): Promise<GroupStats> {
	const startOfWeek = groupWeekStart(stores);
	const computed = await inBatches(stores, async (store) => {
		const q = new Query({
			after: request.after,
			before: request.before,
			interval: request.interval,
			orderby: 'date',
			order: 'asc',
			page: 1,
			per_page: MAX_GROUP_INTERVALS,
		});
		const result = await orderStats(store.reader, q, { ...store.settings, startOfWeek }, false);
		return {
			store,
			totals: figuresOf(result.body.totals),
			intervals: result.body.intervals.map((row) => ({
				interval: String(row.interval),
				date_start: String(row.date_start),
				date_end: String(row.date_end),
				subtotals: figuresOf((row.subtotals ?? {}) as Record<string, unknown>),
			})),
		};
	});
	const totals = sumFigures(computed.map((entry) => entry.totals));
	const buckets = new Map<string, { date_start: string; date_end: string; list: Figures[] }>();
	for (const entry of computed) {
		for (const row of entry.intervals) {
			const held = buckets.get(row.interval);
			if (held) held.list.push(row.subtotals);
			else
				buckets.set(row.interval, {
					date_start: row.date_start,
					date_end: row.date_end,
					list: [row.subtotals],
				});
		}
	}
	const intervals = [...buckets.entries()]
		.sort(([, a], [, b]) =>
			a.date_start < b.date_start ? -1 : a.date_start > b.date_start ? 1 : 0,
		)
		.map(([interval, bucket]) => ({
			interval,
			date_start: bucket.date_start,
			date_end: bucket.date_end,
			subtotals: pick(sumFigures(bucket.list), request.fields),
		}));
	const share = (value: number, whole: number): number | null =>
		whole === 0 ? null : (value / whole) * 100;
	return {
		currency: stores[0]?.currency ?? '',
		start_of_week: startOfWeek,
		totals: pick(totals, request.fields),
		intervals,
		stores: computed.map(({ store, totals: own, intervals: rows }) => ({
			id: store.id,
			url: store.url,
			name: store.name,
			currency: store.currency,
			time_zone: store.time_zone,
			totals: pick(own, request.fields),
			intervals: rows.map((row) => ({
				...row,
				subtotals: pick(row.subtotals, request.fields),
			})),
			share: {
				net_revenue: share(own.net_revenue, totals.net_revenue),
				orders_count: share(own.orders_count, totals.orders_count),
			},
		})),
	};
}

/** A store's name on screen: its address without the scheme. */
export function storeName(url: string): string {
	return url.replace(/^https?:\/\//i, '');
}
