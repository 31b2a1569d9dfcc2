/**
 * What the Stores report shows, computed from the engine's answers (`GET abacus/v1/stores` and
 * `abacus/v1/reports/stores/stats`): the chosen stores from the address, the table's rows and
 * their order, and the chart's rows. Pure functions, so the page and the tests share them.
 */

/** A store the engine serves. */
export interface ServedStore {
	id: number;
	url: string;
	name: string;
	currency: string;
	time_zone: string;
}

/** The figures the report asks for. */
export const STORE_FIELDS = [
	'net_revenue',
	'orders_count',
	'avg_order_value',
	'total_sales',
	'refunds',
] as const;

export type StoreField = (typeof STORE_FIELDS)[number];
export type Figures = Record<StoreField, number>;

export interface GroupInterval {
	interval: string;
	date_start: string;
	date_end: string;
	subtotals: Figures;
}

export interface StoreFigures extends ServedStore {
	totals: Figures;
	intervals: GroupInterval[];
	share: { net_revenue: number | null; orders_count: number | null };
}

export interface GroupStats {
	currency: string;
	start_of_week: number;
	totals: Figures;
	intervals: GroupInterval[];
	stores: StoreFigures[];
}

/** Most stores one request combines (the server's cap). */
export const MAX_CHOSEN = 25;

/**
 * The chosen store ids: the address's `stores` (served ids of one currency, the first store's), or
 * by default the stores of the currency most stores sell in (the first such store's on a tie), at
 * most MAX_CHOSEN.
 */
export function chosenStores(value: unknown, served: readonly ServedStore[]): ServedStore[] {
	const byId = new Map(served.map((store) => [store.id, store]));
	const asked =
		typeof value === 'string'
			? value
					.split(',')
					.filter((part) => /^\d{1,10}$/.test(part))
					.map(Number)
			: [];
	const picked: ServedStore[] = [];
	for (const id of asked) {
		const store = byId.get(id);
		if (!store || picked.includes(store)) continue;
		if (picked.length && store.currency !== picked[0].currency) continue;
		picked.push(store);
	}
	if (picked.length) return picked.slice(0, MAX_CHOSEN);
	const counts = new Map<string, number>();
	for (const store of served) counts.set(store.currency, (counts.get(store.currency) ?? 0) + 1);
	let currency = served[0]?.currency;
	for (const [code, count] of counts) {
		if (count > (counts.get(currency ?? '') ?? 0)) currency = code;
	}
	return served.filter((store) => store.currency === currency).slice(0, MAX_CHOSEN);
}

/**
 * The selection after a store is ticked or unticked: a store of another currency starts a new
 * selection (stores are added up in one currency); the last store cannot be unticked.
 */
export function toggleStore(
	chosen: readonly ServedStore[],
	store: ServedStore,
	checked: boolean,
): ServedStore[] {
	if (!checked) {
		const rest = chosen.filter((s) => s.id !== store.id);
		return rest.length ? rest : [...chosen];
	}
	if (chosen.length && chosen[0].currency !== store.currency) return [store];
	if (chosen.some((s) => s.id === store.id) || chosen.length >= MAX_CHOSEN) return [...chosen];
	return [...chosen, store];
}

/** The table's sortable columns. */
export const SORT_KEYS = [
	'name',
	'net_revenue',
	'net_revenue_share',
	'orders_count',
	'orders_count_share',
	'avg_order_value',
	'total_sales',
	'refunds',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export function sortKeyOf(value: unknown): SortKey {
	return typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value)
		? (value as SortKey)
		: 'net_revenue';
}

function sortValue(store: StoreFigures, key: SortKey): number | string {
	switch (key) {
		case 'name':
			return store.name.toLowerCase();
		case 'net_revenue_share':
			return store.share.net_revenue ?? -Infinity;
		case 'orders_count_share':
			return store.share.orders_count ?? -Infinity;
		default:
			return store.totals[key];
	}
}

/** The stores in the table's order (ties by name, so the order never depends on the answer's). */
export function sortStores(
	stores: readonly StoreFigures[],
	key: SortKey,
	order: 'asc' | 'desc',
): StoreFigures[] {
	const sign = order === 'asc' ? 1 : -1;
	return [...stores].sort((a, b) => {
		const x = sortValue(a, key);
		const y = sortValue(b, key);
		if (x < y) return -sign;
		if (x > y) return sign;
		return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
	});
}

/** A chart row: `date` and one `{ value, label, labelDate }` per series. */
export interface StoreChartRow {
	date: string;
	[series: string]: string | { value: number | null; label: string; labelDate: string };
}

/**
 * The chart's rows. `by: 'stores'`: one series per store (keyed by its id), the group's intervals
 * as the dates; `by: 'combined'`: the group's figure for the period and, beside it interval by
 * interval, the comparison period's.
 */
export function chartRows(
	current: GroupStats,
	previous: GroupStats | null,
	field: StoreField,
	by: 'stores' | 'combined',
	labels: { current: string; previous: string },
): StoreChartRow[] {
	const dateOf = (row: GroupInterval): string => row.date_start.replace(' ', 'T');
	if (by === 'stores') {
		return current.intervals.map((row) => {
			const out: StoreChartRow = { date: dateOf(row) };
			for (const store of current.stores) {
				const own = store.intervals.find((r) => r.interval === row.interval);
				out[`store-${store.id}`] = {
					value: own ? own.subtotals[field] : 0,
					label: store.name,
					labelDate: dateOf(row),
				};
			}
			return out;
		});
	}
	return current.intervals.map((row, index) => {
		const before = previous?.intervals[index];
		return {
			date: dateOf(row),
			primary: { value: row.subtotals[field], label: labels.current, labelDate: dateOf(row) },
			secondary: {
				value: before ? before.subtotals[field] : null,
				label: labels.previous,
				labelDate: before ? dateOf(before) : '',
			},
		};
	});
}

/** A share as the table writes it (`42.3 %` in the page's language), or a dash when there is none. */
export function formatShare(value: number | null, languageTag: string): string {
	if (value === null || !Number.isFinite(value)) return '—';
	return new Intl.NumberFormat(languageTag, {
		style: 'percent',
		minimumFractionDigits: 1,
		maximumFractionDigits: 1,
	}).format(value / 100);
}
