/**
 * Settings groups (general, products, tax, wc_admin): definitions, values read from the `options`
 * table, validation and transactional batch updates.
 */
import type { Db } from '../core/db.js';
import { RestError, invalidParams } from '../http/errors.js';
import { countryNames, isKnownCountry } from './countries.js';
import { CURRENCIES, ORDER_STATUSES } from './statuses.js';
import { getOption, writeOption } from '../db/options.js';

export type SettingType =
	| 'text'
	| 'email'
	| 'number'
	| 'select'
	| 'multiselect'
	| 'checkbox'
	| 'textarea'
	| 'single_select_country';

export interface SettingDefinition {
	id: string;
	label: string;
	description: string;
	type: SettingType;
	default: string | string[];
	options?: Record<string, string>;
	tip?: string;
	placeholder?: string;
}

export interface Setting extends SettingDefinition {
	group_id: string;
	value: string | string[];
	_links: Record<string, Array<{ href: string }>>;
}

export type SettingsGroup = 'general' | 'products' | 'tax' | 'wc_admin';
export const SETTINGS_GROUPS: readonly SettingsGroup[] = ['general', 'products', 'tax', 'wc_admin'];

const YES_NO = { yes: 'Yes', no: 'No' };

function countryOptions(): Record<string, string> {
	return countryNames();
}

async function statusOptions(db: Db): Promise<Record<string, string>> {
	const options: Record<string, string> = { ...ORDER_STATUSES };
	const actionable = await getOption<unknown>(db, 'woocommerce_actionable_order_statuses', []);
	if (Array.isArray(actionable)) {
		for (const slug of actionable) {
			if (typeof slug === 'string' && !Object.hasOwn(options, slug)) options[slug] = slug;
		}
	}
	return options;
}

async function definitions(db: Db, group: SettingsGroup): Promise<SettingDefinition[]> {
	switch (group) {
		case 'general':
			return [
				{
					id: 'woocommerce_store_address',
					label: 'Address line 1',
					description: 'The street address for your business location.',
					type: 'text',
					default: '',
				},
				{
					id: 'woocommerce_store_address_2',
					label: 'Address line 2',
					description: 'An additional, optional address line for your business location.',
					type: 'text',
					default: '',
				},
				{
					id: 'woocommerce_store_city',
					label: 'City',
					description: 'The city in which your business is located.',
					type: 'text',
					default: '',
				},
				{
					id: 'woocommerce_default_country',
					label: 'Country / State',
					description:
						'The country and state or province, if any, in which your business is located.',
					type: 'single_select_country',
					default: 'US:CA',
					options: countryOptions(),
				},
				{
					id: 'woocommerce_store_postcode',
					label: 'Postcode / ZIP',
					description: 'The postal code, if any, in which your business is located.',
					type: 'text',
					default: '',
				},
				{
					id: 'woocommerce_currency',
					label: 'Currency',
					description:
						'This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.',
					type: 'select',
					default: 'USD',
					options: Object.fromEntries(
						Object.entries(CURRENCIES).map(([code, c]) => [
							code,
							`${c.name} (${c.symbol})`,
						]),
					),
				},
				{
					id: 'woocommerce_currency_pos',
					label: 'Currency position',
					description: 'This controls the position of the currency symbol.',
					type: 'select',
					default: 'left',
					options: {
						left: 'Left',
						right: 'Right',
						left_space: 'Left with space',
						right_space: 'Right with space',
					},
				},
				{
					id: 'woocommerce_price_thousand_sep',
					label: 'Thousand separator',
					description: 'This sets the thousand separator of displayed prices.',
					type: 'text',
					default: ',',
				},
				{
					id: 'woocommerce_price_decimal_sep',
					label: 'Decimal separator',
					description: 'This sets the decimal separator of displayed prices.',
					type: 'text',
					default: '.',
				},
				{
					id: 'woocommerce_price_num_decimals',
					label: 'Number of decimals',
					description:
						'This sets the number of decimal points shown in displayed prices.',
					type: 'number',
					default: '2',
				},
				{
					id: 'woocommerce_calc_taxes',
					label: 'Enable taxes',
					description: 'Enable tax rates and calculations',
					type: 'checkbox',
					default: 'no',
					options: YES_NO,
				},
			];
		case 'products':
			return [
				{
					id: 'woocommerce_manage_stock',
					label: 'Manage stock',
					description: 'Enable stock management',
					type: 'checkbox',
					default: 'yes',
					options: YES_NO,
				},
				{
					id: 'woocommerce_notify_low_stock_amount',
					label: 'Low stock threshold',
					description: 'When product stock reaches this amount you will be notified.',
					type: 'number',
					default: '2',
				},
				{
					id: 'woocommerce_notify_no_stock_amount',
					label: 'Out of stock threshold',
					description:
						'When product stock reaches this amount the stock status will change to "out of stock".',
					type: 'number',
					default: '0',
				},
				{
					id: 'woocommerce_enable_reviews',
					label: 'Enable product reviews',
					description: 'Enable product reviews',
					type: 'checkbox',
					default: 'yes',
					options: YES_NO,
				},
			];
		case 'tax':
			return [
				{
					id: 'woocommerce_prices_include_tax',
					label: 'Prices entered with tax',
					description: 'Whether prices are entered inclusive of tax.',
					type: 'select',
					default: 'no',
					options: {
						yes: 'Yes, I will enter prices inclusive of tax',
						no: 'No, I will enter prices exclusive of tax',
					},
				},
				{
					id: 'woocommerce_tax_based_on',
					label: 'Calculate tax based on',
					description: 'The address used to calculate tax.',
					type: 'select',
					default: 'shipping',
					options: {
						shipping: 'Customer shipping address',
						billing: 'Customer billing address',
						base: 'Shop base address',
					},
				},
				{
					id: 'woocommerce_calc_taxes',
					label: 'Enable taxes',
					description: 'Enable tax rates and calculations',
					type: 'checkbox',
					default: 'no',
					options: YES_NO,
				},
			];
		case 'wc_admin': {
			const statuses = await statusOptions(db);
			return [
				{
					id: 'woocommerce_excluded_report_order_statuses',
					label: 'Excluded statuses',
					description:
						'Statuses that should not be included when calculating report totals.',
					type: 'multiselect',
					default: ['pending', 'cancelled', 'failed'],
					options: statuses,
				},
				{
					id: 'woocommerce_actionable_order_statuses',
					label: 'Actionable statuses',
					description: 'Statuses that require extra action on behalf of the store admin.',
					type: 'multiselect',
					default: ['processing', 'on-hold'],
					options: statuses,
				},
				{
					id: 'woocommerce_default_date_range',
					label: 'Default date range',
					description:
						'Select a default date range. When no range is selected, reports will be viewed by the default date range.',
					type: 'text',
					default: 'period=month&compare=previous_year',
				},
				{
					id: 'woocommerce_date_type',
					label: 'Date type',
					description: 'Database date field considered for Revenue and Orders reports',
					type: 'select',
					default: 'date_created',
					options: {
						date_created: 'Date created',
						date_paid: 'Date paid',
						date_completed: 'Date completed',
					},
				},
			];
		}
	}
}

export function isSettingsGroup(value: string): value is SettingsGroup {
	return (SETTINGS_GROUPS as readonly string[]).includes(value);
}

function normalise(def: SettingDefinition, stored: unknown): string | string[] {
	if (stored === undefined || stored === null) return def.default;
	if (def.type === 'multiselect') {
		return Array.isArray(stored) ? stored.map(String) : def.default;
	}
	return typeof stored === 'string' ? stored : String(stored);
}

function toSetting(
	group: SettingsGroup,
	def: SettingDefinition,
	value: string | string[],
	base: string,
): Setting {
	return {
		...def,
		group_id: group,
		value,
		_links: {
			self: [{ href: `${base}/wp-json/wc-analytics/settings/${group}/${def.id}` }],
			collection: [{ href: `${base}/wp-json/wc-analytics/settings/${group}` }],
		},
	};
}

export async function readGroup(db: Db, group: SettingsGroup, base = ''): Promise<Setting[]> {
	const defs = await definitions(db, group);
	const out: Setting[] = [];
	for (const def of defs) {
		const stored = await getOption<unknown>(db, def.id, null);
		out.push(toSetting(group, def, normalise(def, stored), base));
	}
	return out;
}

/** id → value of a group (what the page preloads). */
export async function readGroupValues(
	db: Db,
	group: SettingsGroup,
): Promise<Record<string, unknown>> {
	const settings = await readGroup(db, group);
	return Object.fromEntries(settings.map((setting) => [setting.id, setting.value]));
}

/** Why `value` is not acceptable for `def`, or null when it is. */
function validate(def: SettingDefinition, value: unknown): string | null {
	switch (def.type) {
		case 'multiselect': {
			if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
				return `${def.id} must be an array of strings.`;
			}
			const unknown = value.filter((item) => !Object.hasOwn(def.options ?? {}, item));
			return unknown.length > 0
				? `${def.id} contains unknown values: ${unknown.join(', ')}.`
				: null;
		}
		case 'checkbox':
			return value === 'yes' || value === 'no' ? null : `${def.id} must be "yes" or "no".`;
		case 'select':
			return typeof value === 'string' && Object.hasOwn(def.options ?? {}, value)
				? null
				: `${def.id} is not one of ${Object.keys(def.options ?? {}).join(', ')}.`;
		case 'single_select_country':
			return typeof value === 'string' && isKnownCountry(value)
				? null
				: `${def.id} must be a known country code (CC or CC:ST).`;
		case 'number':
			return (typeof value === 'string' || typeof value === 'number') &&
				String(value).trim() !== '' &&
				Number.isFinite(Number(value))
				? null
				: `${def.id} must be a number.`;
		case 'email':
			return typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value)
				? null
				: `${def.id} must be an e-mail address.`;
		default:
			return typeof value === 'string' ? null : `${def.id} must be a string.`;
	}
}

function settingNotFound(): RestError {
	return new RestError('rest_setting_setting_invalid', 'Invalid setting.', 404);
}

export function groupNotFound(): RestError {
	return new RestError('rest_setting_setting_group_invalid', 'Invalid setting group.', 404);
}

export async function readSetting(
	db: Db,
	group: SettingsGroup,
	id: string,
	base = '',
): Promise<Setting> {
	const setting = (await readGroup(db, group, base)).find((s) => s.id === id);
	if (!setting) throw settingNotFound();
	return setting;
}

/**
 * Validates every update first, then writes them all in one transaction: either all are stored
 * or none is (400 naming each bad item as `update[i]`).
 */
export async function updateSettings(
	db: Db,
	group: SettingsGroup,
	updates: Array<{ id: string; value: unknown }>,
	base = '',
	paramName: (index: number) => string = (index) => `update[${index}]`,
): Promise<Setting[]> {
	const defs = await definitions(db, group);
	const problems: Record<string, string> = {};
	updates.forEach((update, index) => {
		const def = defs.find((d) => d.id === update.id);
		const problem = def
			? validate(def, update.value)
			: `${update.id} is not a setting of the ${group} group.`;
		if (problem) problems[paramName(index)] = problem;
	});
	if (Object.keys(problems).length > 0) throw invalidParams(problems);
	await db.transaction(async () => {
		// The reports read these settings at query time (the date type too: db/date-basis.ts).
		for (const update of updates) {
			const def = defs.find((d) => d.id === update.id) as SettingDefinition;
			const value = def.type === 'number' ? Number(update.value) : update.value;
			await writeOption(db, update.id, value);
		}
	});
	const after = await readGroup(db, group, base);
	return updates.map((update) => after.find((s) => s.id === update.id) as Setting);
}
