/**
 * The store's key-value `options` table (JSON values): the options every store starts with, and
 * the one accessor every layer reads them through.
 */
import type { Db } from '../core/db.js';

/** Options every store starts with (JSON-encoded values). */
export function defaultOptions(timeZone: string): Record<string, unknown> {
	return {
		woocommerce_excluded_report_order_statuses: ['pending', 'failed', 'cancelled'],
		woocommerce_actionable_order_statuses: ['processing', 'on-hold'],
		woocommerce_default_date_range: 'period=month&compare=previous_year',
		timezone_string: timeZone,
		gmt_offset: 0,
		start_of_week: 1,
		woocommerce_currency: 'USD',
		woocommerce_currency_pos: 'left',
		woocommerce_price_thousand_sep: ',',
		woocommerce_price_decimal_sep: '.',
		woocommerce_price_num_decimals: 2,
		woocommerce_manage_stock: 'yes',
		woocommerce_notify_low_stock_amount: 2,
		woocommerce_notify_no_stock_amount: 0,
		woocommerce_default_country: 'US:CA',
		blogname: 'Abacus Demo Store',
		date_format: 'F j, Y',
		time_format: 'g:i a',
	};
}

/** Writes the default options (keeps values that already exist). */
export async function seedOptions(db: Db, timeZone: string): Promise<void> {
	for (const [name, value] of Object.entries(defaultOptions(timeZone))) {
		await db.run(
			'INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
			[name, JSON.stringify(value)],
		);
	}
}

/** Reads one option (JSON-decoded), or the fallback when absent or not valid JSON. */
export async function getOption<T>(db: Db, name: string, fallback: T): Promise<T> {
	const row = await db.one<{ value: string | null }>('SELECT value FROM options WHERE name = ?', [
		name,
	]);
	if (!row || row.value === null) return fallback;
	try {
		return JSON.parse(row.value) as T;
	} catch {
		return fallback;
	}
}

/** Writes one option (JSON-encoded); returns whether the stored value changed. */
export async function writeOption(db: Db, name: string, value: unknown): Promise<boolean> {
	const encoded = JSON.stringify(value ?? null);
	const row = await db.one<{ value: string | null }>('SELECT value FROM options WHERE name = ?', [
		name,
	]);
	if (row && row.value === encoded) return false;
	await db.run(
		'INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
		[name, encoded],
	);
	return true;
}
