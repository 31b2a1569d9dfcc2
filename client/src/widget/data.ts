/**
 * The Dashboard widget's data: what the page embeds (window.abacusDashboardWidget), the answer of
 * its one request (abacus/v1/dashboard-widget, computed by the store), the changes and the links.
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
	/** The widget's REST route (`/abacus/v1/dashboard-widget`). */
	path: string;
	/** `…/wp-admin/admin.php?page=abacus`. */
	reportUrl: string;
	currency: WidgetCurrency;
	/** BCP 47 (`en-US`, `de-DE`). */
	locale: string;
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

/** The embedded settings when well-formed, else null (the widget then stays a placeholder). */
export function readWidgetSettings(value: unknown): WidgetSettings | null {
	if (value === null || typeof value !== 'object') return null;
	const v = value as Record<string, unknown>;
	if (
		typeof v.path !== 'string' ||
		!v.path.startsWith('/') ||
		typeof v.reportUrl !== 'string' ||
		v.currency === null ||
		typeof v.currency !== 'object'
	) {
		return null;
	}
	const c = v.currency as Record<string, unknown>;
	return {
		path: v.path,
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
	};
}

export interface Figures {
	net_revenue: number;
	orders_count: number;
	avg_order_value: number;
}

export interface Day extends Figures {
	/** `YYYY-MM-DD`. */
	date: string;
}

export interface TopProduct {
	id: number;
	/** As WordPress stores it (entities decoded by the server). */
	name: string;
	netRevenue: number;
	itemsSold: number;
}

/** The answer of abacus/v1/dashboard-widget: everything the widget shows, computed by the store. */
export interface WidgetData {
	ranges: WidgetRanges;
	today: Figures;
	lastWeekToday: Figures;
	week: Figures;
	lastWeek: Figures;
	weekDays: Day[];
	lastWeekDays: Day[];
	top: TopProduct | null;
	/** When the figures were computed, in the store's time format (`2:05 pm`). */
	asOf: string;
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

function daysOf(value: unknown): Day[] {
	if (!Array.isArray(value)) return [];
	return value
		.map((item: unknown): Day | null => {
			if (item === null || typeof item !== 'object') return null;
			const date = (item as Record<string, unknown>).date;
			if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
			return { date, ...figuresOf(item) };
		})
		.filter((day): day is Day => day !== null)
		.sort((x, y) => x.date.localeCompare(y.date));
}

function topOf(value: unknown): TopProduct | null {
	if (value === null || typeof value !== 'object') return null;
	const v = value as Record<string, unknown>;
	const id = num(v.id);
	if (!id) return null;
	return {
		id,
		name: typeof v.name === 'string' && v.name !== '' ? v.name : `#${id}`,
		netRevenue: num(v.netRevenue),
		itemsSold: num(v.itemsSold),
	};
}

/** The widget's figures from the route's answer; throws when it is not one. */
export function parseWidgetAnswer(answer: unknown): WidgetData {
	if (answer === null || typeof answer !== 'object') {
		throw new Error('not a dashboard widget answer');
	}
	const a = answer as Record<string, unknown>;
	const ranges = a.ranges as Record<string, unknown> | null | undefined;
	if (
		!ranges ||
		typeof ranges !== 'object' ||
		!['today', 'week', 'lastWeekToday', 'lastWeek'].every((key) => isRange(ranges[key]))
	) {
		throw new Error('not a dashboard widget answer');
	}
	return {
		ranges: ranges as unknown as WidgetRanges,
		today: figuresOf(a.today),
		lastWeekToday: figuresOf(a.lastWeekToday),
		week: figuresOf(a.week),
		lastWeek: figuresOf(a.lastWeek),
		weekDays: daysOf(a.weekDays),
		lastWeekDays: daysOf(a.lastWeekDays),
		top: topOf(a.top),
		asOf: typeof a.asOf === 'string' ? a.asOf : '',
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
