/**
 * The store settings reports and stock figures depend on (time zone, week start, excluded and
 * actionable statuses, currency, stock thresholds, the date type of revenue and orders), read from the `options` table, checked, and
 * cached per server until the next write.
 */
import type { ServerContext } from '../core/context.js';
import { dateBasis, type DateBasis } from './date-basis.js';
import { getOption } from './options.js';
import { isValidTimeZone } from './store-time.js';

export interface StoreSettings {
	timeZone: string;
	startOfWeek: number;
	excludedStatuses: string[];
	actionableStatuses: string[];
	currency: string;
	lowStockAmount: number;
	noStockAmount: number;
	manageStock: boolean;
	/**
	 * The date revenue, orders stats and the orders list count an order on (`date-basis.ts`);
	 * absent, the creation date.
	 */
	dateBasis?: DateBasis;
}

const cache = new WeakMap<ServerContext, Promise<StoreSettings>>();

const isText = (value: unknown): value is string => typeof value === 'string';

/** The stored currency when it is an ISO 4217 code the formatter knows (any option value can be written), else USD. */
function knownCurrency(value: unknown): string {
	if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) return 'USD';
	try {
		new Intl.NumberFormat('en-US', { style: 'currency', currency: value });
		return value;
	} catch {
		return 'USD';
	}
}

async function read(ctx: ServerContext): Promise<StoreSettings> {
	const db = ctx.db;
	const tz = await getOption<string>(db, 'timezone_string', 'UTC');
	const sow = Number(await getOption<number | string>(db, 'start_of_week', 1));
	const excluded = await getOption<string[]>(db, 'woocommerce_excluded_report_order_statuses', [
		'pending',
		'failed',
		'cancelled',
	]);
	const actionable = await getOption<string[]>(db, 'woocommerce_actionable_order_statuses', [
		'processing',
		'on-hold',
	]);
	return {
		timeZone: tz && isValidTimeZone(tz) ? tz : 'UTC',
		startOfWeek: Number.isInteger(sow) && sow >= 0 && sow <= 6 ? sow : 1,
		excludedStatuses: [
			...new Set([...(Array.isArray(excluded) ? excluded.filter(isText) : []), 'trash']),
		],
		actionableStatuses: Array.isArray(actionable) ? actionable.filter(isText) : [],
		currency: knownCurrency(await getOption<unknown>(db, 'woocommerce_currency', 'USD')),
		lowStockAmount: Math.max(
			1,
			Number(
				await getOption<number | string>(db, 'woocommerce_notify_low_stock_amount', 2),
			) || 2,
		),
		noStockAmount:
			Number(await getOption<number | string>(db, 'woocommerce_notify_no_stock_amount', 0)) ||
			0,
		manageStock: (await getOption<string>(db, 'woocommerce_manage_stock', 'yes')) === 'yes',
		dateBasis: await dateBasis(db),
	};
}

/** The store settings (cached per server; dropped on every write). */
export function storeSettings(ctx: ServerContext): Promise<StoreSettings> {
	let value = cache.get(ctx);
	if (!value) {
		value = read(ctx);
		cache.set(ctx, value);
		const off = ctx.onWrite(() => {
			cache.delete(ctx);
			off();
		});
	}
	return value;
}

/**
 * The options a store's settings stand for, in WordPress's spelling (a multi-store engine's page
 * shows a chosen store's registered settings in place of its own options).
 */
export function storeOwnedOptions(settings: StoreSettings): Record<string, unknown> {
	return {
		woocommerce_currency: settings.currency,
		timezone_string: settings.timeZone,
		start_of_week: String(settings.startOfWeek),
		woocommerce_excluded_report_order_statuses: settings.excludedStatuses.filter(
			(status) => status !== 'trash',
		),
		woocommerce_actionable_order_statuses: [...settings.actionableStatuses],
		woocommerce_manage_stock: settings.manageStock ? 'yes' : 'no',
		woocommerce_notify_low_stock_amount: String(settings.lowStockAmount),
		woocommerce_notify_no_stock_amount: String(settings.noStockAmount),
		woocommerce_date_type: settings.dateBasis ?? 'date_created',
	};
}
