/**
 * The Dashboard widget's data: what the page embeds (window.abacusDashboardWidget), the requests
 * for its figures and how their answers become the figures, the chart's days and the report links.
 */
import { calculateTrend, type NEW_TREND } from '@abacus/number';

export interface Range {
	/** Local time in the store's time zone, `YYYY-MM-DDTHH:mm:ss`. */
	after: string;
	before: string;
}

export interface WidgetRanges {
	today: Range;
	week: Range;
	lastWeekToday: Range;
	lastWeek: Range;
}

export interface WidgetCurrency {
	code: string;
	symbol: string;
	symbolPosition: 'left' | 'right' | 'left_space' | 'right_space';
	thousandSeparator: string;
	decimalSeparator: string;
	precision: number;
}

export interface WidgetSettings {
	ranges: WidgetRanges;
	/** `…/wp-admin/admin.php?page=abacus`. */
	reportUrl: string;
	currency: WidgetCurrency;
	/** BCP 47 (`en-US`, `de-DE`). */
	locale: string;
	/** The Abacus engine (abacusSettings.engine) or null. */
	engine: unknown;
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

function isRange(value: unknown): value is Range {
	if (value === null || typeof value !== 'object') return false;
	const v = value as Record<string, unknown>;
	return (
		typeof v.after === 'string' &&
		typeof v.before === 'string' &&
		LOCAL_TIME.test(v.after) &&
		LOCAL_TIME.test(v.before)
	);
}

/** The embedded settings when well-formed, else null (the widget then says it cannot load). */
export function readWidgetSettings(value: unknown): WidgetSettings | null {
	if (value === null || typeof value !== 'object') return null;
	const v = value as Record<string, unknown>;
	const ranges = v.ranges as Record<string, unknown> | null | undefined;
	if (
		!ranges ||
		typeof ranges !== 'object' ||
		!['today', 'week', 'lastWeekToday', 'lastWeek'].every((key) => isRange(ranges[key])) ||
		typeof v.reportUrl !== 'string' ||
		v.currency === null ||
		typeof v.currency !== 'object'
	) {
		return null;
	}
	const c = v.currency as Record<string, unknown>;
	return {
		ranges: ranges as unknown as WidgetRanges,
		reportUrl: v.reportUrl,
		currency: {
			code: typeof c.code === 'string' ? c.code : 'USD',
			symbol: typeof c.symbol === 'string' ? c.symbol : '$',
			symbolPosition:
				c.symbolPosition === 'right' ||
				c.symbolPosition === 'left_space' ||
				c.symbolPosition === 'right_space'
					? c.symbolPosition
					: 'left',
			thousandSeparator: typeof c.thousandSeparator === 'string' ? c.thousandSeparator : ',',
			decimalSeparator: typeof c.decimalSeparator === 'string' ? c.decimalSeparator : '.',
			precision: typeof c.precision === 'number' ? c.precision : 2,
		},
		locale: typeof v.locale === 'string' && v.locale !== '' ? v.locale : 'en-US',
		engine: v.engine ?? null,
	};
}

/** Revenue stats by day over a range (its totals and one interval per day). */
export function statsPath(range: Range): string {
	const query = new URLSearchParams({
		after: range.after,
		before: range.before,
		interval: 'day',
		per_page: '100',
		_locale: 'user',
	});
	return `/wc-analytics/reports/revenue/stats?${query.toString()}`;
}

/** The range's best-selling product by net sales. */
export function topProductPath(range: Range): string {
	const query = new URLSearchParams({
		after: range.after,
		before: range.before,
		orderby: 'net_revenue',
		order: 'desc',
		per_page: '1',
		extended_info: 'true',
		_locale: 'user',
	});
	return `/wc-analytics/reports/products?${query.toString()}`;
}

export interface Figures {
	net_revenue: number;
	orders_count: number;
	avg_order_value: number;
}

export interface Day extends Figures {
	/** `YYYY-MM-DD` (the interval's start day). */
	date: string;
}

export interface Stats {
	totals: Figures;
	days: Day[];
}

export interface TopProduct {
	id: number;
	name: string;
	netRevenue: number;
	itemsSold: number;
}

export interface WidgetData {
	today: Figures;
	lastWeekToday: Figures;
	week: Figures;
	lastWeek: Figures;
	weekDays: Day[];
	lastWeekDays: Day[];
	top: TopProduct | null;
}

function num(value: unknown): number {
	const n = typeof value === 'number' ? value : Number(value);
	return Number.isFinite(n) ? n : 0;
}

function figuresOf(value: unknown): Figures {
	const v = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
	return {
		net_revenue: num(v.net_revenue),
		orders_count: num(v.orders_count),
		avg_order_value: num(v.avg_order_value),
	};
}

/** The totals and daily figures of a revenue stats answer; throws when it is not one. */
export function parseStats(answer: unknown): Stats {
	if (answer === null || typeof answer !== 'object' || !('totals' in answer)) {
		throw new Error('not a revenue stats answer');
	}
	const a = answer as { totals: unknown; intervals?: unknown };
	const intervals = Array.isArray(a.intervals) ? (a.intervals as unknown[]) : [];
	const days = intervals
		.map((interval): Day | null => {
			if (interval === null || typeof interval !== 'object') return null;
			const i = interval as Record<string, unknown>;
			const start = typeof i.date_start === 'string' ? i.date_start : '';
			if (!/^\d{4}-\d{2}-\d{2}/.test(start)) return null;
			return { date: start.slice(0, 10), ...figuresOf(i.subtotals) };
		})
		.filter((day): day is Day => day !== null)
		.sort((x, y) => x.date.localeCompare(y.date));
	return { totals: figuresOf(a.totals), days };
}

/** The first row of a products report answer, or null when the range sold none. */
export function parseTopProduct(answer: unknown): TopProduct | null {
	if (!Array.isArray(answer) || answer.length === 0) return null;
	const row = answer[0] as Record<string, unknown> | null;
	if (!row || typeof row !== 'object') return null;
	const info = (row.extended_info ?? {}) as Record<string, unknown>;
	const id = num(row.product_id);
	if (!id) return null;
	return {
		id,
		name: typeof info.name === 'string' && info.name !== '' ? info.name : `#${id}`,
		netRevenue: num(row.net_revenue),
		itemsSold: num(row.items_sold),
	};
}

/**
 * The widget's figures from the week's and the same span last week's stats (today's figures are
 * the last day of each) and the products answer.
 */
export function widgetData(
	ranges: WidgetRanges,
	week: Stats,
	lastWeek: Stats,
	products: unknown,
): WidgetData {
	const dayOf = (stats: Stats, range: Range): Figures => {
		const day = stats.days.find((d) => d.date === range.after.slice(0, 10));
		return day
			? {
					net_revenue: day.net_revenue,
					orders_count: day.orders_count,
					avg_order_value: day.avg_order_value,
				}
			: { net_revenue: 0, orders_count: 0, avg_order_value: 0 };
	};
	return {
		today: dayOf(week, ranges.today),
		lastWeekToday: dayOf(lastWeek, ranges.lastWeekToday),
		week: week.totals,
		lastWeek: lastWeek.totals,
		weekDays: week.days,
		lastWeekDays: lastWeek.days,
		top: parseTopProduct(products),
	};
}

export type Trend = number | typeof NEW_TREND | null;

/** The change from last week's value: a rounded percentage, 'new' (up from 0), or null. */
export function trendOf(primary: number, secondary: number): Trend {
	return calculateTrend(primary, secondary);
}

export type Metric = keyof Figures;

/** The report each figure links to, and the chart it opens there. */
const REPORTS: Record<Metric, { path: string; chart: string }> = {
	net_revenue: { path: '/analytics/revenue', chart: 'net_revenue' },
	orders_count: { path: '/analytics/orders', chart: 'orders_count' },
	avg_order_value: { path: '/analytics/orders', chart: 'avg_order_value' },
};

/** The Abacus report of a figure over a span (`today` or `week`, to date, against last week). */
export function reportLink(reportUrl: string, metric: Metric, span: 'today' | 'week'): string {
	const { path, chart } = REPORTS[metric];
	const query = new URLSearchParams({
		path,
		period: span,
		compare: 'previous_period',
		chart,
	});
	return `${reportUrl}&${query.toString()}`;
}

/** The Products report of one product this week. */
export function productLink(reportUrl: string, productId: number): string {
	const query = new URLSearchParams({
		path: '/analytics/products',
		period: 'week',
		compare: 'previous_period',
		filter: 'single_product',
		products: String(productId),
	});
	return `${reportUrl}&${query.toString()}`;
}
