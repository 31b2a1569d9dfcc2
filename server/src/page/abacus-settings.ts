/**
 * Builds the `window.abacusSettings` object of the standalone admin page, the same shape the
 * WordPress plugin injects.
 */
import type { FastifyInstance } from 'fastify';

import type { AbacusSettings, CurrencySettings } from '@abacus/settings';

import type { ServerContext } from '../core/context.js';
import { COUNTRIES, countryNames } from '../admin/countries.js';
import { readGroupValues } from '../admin/setting-groups.js';
import { CURRENCIES, ORDER_STATUSES } from '../admin/statuses.js';
import { currentUser, readUserMeta } from '../admin/users.js';
import { getOption } from '../db/options.js';
import { storeOwnedOptions, type StoreSettings } from '../db/store-settings.js';
import { metricDefinitions } from '../metrics/index.js';
import { timeZoneData } from './time-zone-data.js';

/**
 * What the standalone page emits: @abacus/settings' `AbacusSettings` (the object the plugin
 * injects too), with the fields this server always fills.
 */
export type PageSettings = AbacusSettings &
	Required<Pick<AbacusSettings, 'timeZoneData' | 'preloadedRequests' | 'metricDefinitions'>> & {
		/** The engine's signed-in operator (engine mode only): the page offers to log out. */
		engineSession?: { name: string };
	};

const PRELOADED_OPTIONS = [
	'woocommerce_default_date_range',
	'woocommerce_excluded_report_order_statuses',
	'woocommerce_actionable_order_statuses',
	'woocommerce_manage_stock',
] as const;

const SYMBOL_POSITIONS = ['left', 'right', 'left_space', 'right_space'] as const;

/** GET routes whose answers the page embeds, so that the first load sends no request for them. */
const PRELOADED_REQUESTS = ['/wc-admin/navigation/favorites/me'] as const;

/** The answers of PRELOADED_REQUESTS that succeed, keyed by path, for api-fetch's preloading. */
async function preloadedRequests(
	app: FastifyInstance,
	headers: Record<string, string>,
): Promise<Record<string, { body: unknown; headers: Record<string, string> }>> {
	const result: Record<string, { body: unknown; headers: Record<string, string> }> = {};
	for (const route of PRELOADED_REQUESTS) {
		const response = await app.inject({ method: 'GET', url: `/wp-json${route}`, headers });
		if (response.statusCode === 200) {
			result[route] = { body: response.json(), headers: {} };
		}
	}
	return result;
}

/** Reads a JSON array from one of the app's own GET routes (empty when not routed). */
async function internalList<T>(
	app: FastifyInstance,
	url: string,
	headers: Record<string, string>,
): Promise<T[]> {
	const response = await app.inject({ method: 'GET', url, headers });
	if (response.statusCode !== 200) return [];
	const body: unknown = response.json();
	return Array.isArray(body) ? (body as T[]) : [];
}

function positionOf(value: unknown): CurrencySettings['symbolPosition'] {
	return (SYMBOL_POSITIONS as readonly unknown[]).includes(value)
		? (value as CurrencySettings['symbolPosition'])
		: 'left';
}

/** Store time zone: the IANA name, or a `±HH:MM` offset built from gmt_offset. */
async function timeZoneOf(ctx: ServerContext): Promise<string> {
	const name = await getOption<unknown>(ctx.db, 'timezone_string', '');
	if (typeof name === 'string' && name !== '') return name;
	const offset = Number(await getOption<unknown>(ctx.db, 'gmt_offset', 0)) || 0;
	const hours = Math.trunc(Math.abs(offset));
	const minutes = Math.round((Math.abs(offset) - hours) * 60);
	return `${offset < 0 ? '-' : '+'}${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** A store the engine serves, as the page lists it for the operator's store switcher. */
export interface PageStore {
	id: number;
	name: string;
	url: string;
	currency: string;
}

/**
 * On a multi-store engine (ClickHouse): the served stores, and one's registered settings.
 * `choose` throws (a RestError) when the id is not served.
 */
export interface PageStores {
	list(): Promise<PageStore[]>;
	choose(id: number): Promise<ChosenStore>;
}

/**
 * A store chosen on an engine's page: its registered settings and, when its registration says,
 * its price decimals and price format (`clickhouse/registry.ts`), which the page writes its money
 * with instead of the engine's own options.
 */
export type ChosenStore = PageStore & {
	settings: StoreSettings;
	priceDecimals?: number;
	priceFormat?: { position: string; thousandSeparator: string; decimalSeparator: string };
};

/** The engine's page for one chosen store: its settings replace the engine's own. */
export interface OperatorChoice {
	stores: PageStore[];
	store: ChosenStore | null;
}

/** `values` with the chosen store's own options in place of the engine's (same keys only). */
function withOwned(
	values: Record<string, unknown>,
	owned: Record<string, unknown> | null,
): Record<string, unknown> {
	if (!owned) return values;
	const out = { ...values };
	for (const name of Object.keys(out)) if (Object.hasOwn(owned, name)) out[name] = owned[name];
	return out;
}

export async function buildSettings(
	app: FastifyInstance,
	ctx: ServerContext,
	origin: string,
	operator?: OperatorChoice,
	access?: { cookie: string; nonce: string; name: string },
): Promise<PageSettings> {
	const chosen = operator?.store ?? null;
	const owned = chosen ? storeOwnedOptions(chosen.settings) : null;
	// On an engine the page's own requests are the signed-in operator's (its session cookie and
	// nonce) and, for a chosen store, carry its id, as the client's requests do.
	const nonce = access?.nonce ?? ctx.config.nonce;
	const storeHeaders: Record<string, string> = {
		...(access ? { cookie: access.cookie } : {}),
		...(operator || access ? { 'x-wp-nonce': nonce } : {}),
		...(chosen ? { 'x-abacus-store': String(chosen.id) } : {}),
	};
	const db = ctx.db;
	const code = chosen
		? chosen.settings.currency
		: String(await getOption<unknown>(db, 'woocommerce_currency', 'USD'));
	// A chosen store's money as the store writes it (the engine's own options otherwise, and for
	// a store whose registration does not say).
	const format = chosen?.priceFormat;
	const currency: CurrencySettings = {
		code,
		symbol: (Object.hasOwn(CURRENCIES, code) ? CURRENCIES[code].symbol : undefined) ?? code,
		symbolPosition: positionOf(
			format
				? format.position
				: await getOption<unknown>(db, 'woocommerce_currency_pos', 'left'),
		),
		thousandSeparator: format
			? format.thousandSeparator
			: String(await getOption<unknown>(db, 'woocommerce_price_thousand_sep', ',')),
		decimalSeparator: format
			? format.decimalSeparator
			: String(await getOption<unknown>(db, 'woocommerce_price_decimal_sep', '.')),
		precision:
			chosen?.priceDecimals ??
			(Number(await getOption<unknown>(db, 'woocommerce_price_num_decimals', 2)) || 0),
	};
	const preloadOptions: Record<string, unknown> = {};
	for (const name of PRELOADED_OPTIONS)
		preloadOptions[name] =
			owned && Object.hasOwn(owned, name)
				? owned[name]
				: await getOption<unknown>(db, name, null);

	const user = await currentUser(db);
	const meta = await readUserMeta(db, user.id);
	const plugins = await db.all<{ slug: string; installed: boolean; active: boolean }>(
		'SELECT slug, installed, active FROM plugins ORDER BY slug',
	);
	const siteLocale = String((await getOption<unknown>(db, 'WPLANG', '')) || 'en_US');
	const timeZone = chosen ? chosen.settings.timeZone : await timeZoneOf(ctx);

	return {
		adminUrl: `${origin}/wp-admin/`,
		siteUrl: `${origin}/`,
		siteTitle: String(await getOption<unknown>(db, 'blogname', 'Abacus')),
		assetUrl: `${origin}/abacus-build/`,
		restRoot: `${origin}/wp-json/`,
		restNonce: nonce,
		currency,
		locale: {
			siteLocale,
			userLocale: user.locale || siteLocale,
			weekdaysShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
		},
		timeZone,
		timeZoneData: timeZoneData(timeZone) ?? { version: '', zones: [], links: [] },
		dateFormat: String(await getOption<unknown>(db, 'date_format', 'F j, Y')),
		timeFormat: String(await getOption<unknown>(db, 'time_format', 'g:i a')),
		startOfWeek: chosen
			? chosen.settings.startOfWeek
			: Number(await getOption<unknown>(db, 'start_of_week', 1)) || 0,
		orderStatuses: { ...ORDER_STATUSES },
		countries: countryNames(),
		manageStock: chosen
			? chosen.settings.manageStock
				? 'yes'
				: 'no'
			: (await getOption<unknown>(db, 'woocommerce_manage_stock', 'yes')) === 'no'
				? 'no'
				: 'yes',
		reviewsEnabled:
			(await getOption<unknown>(db, 'woocommerce_enable_reviews', 'yes')) === 'no'
				? 'no'
				: 'yes',
		preloadOptions,
		preloadSettings: { general: withOwned(await readGroupValues(db, 'general'), owned) },
		wcAdminSettings: withOwned(await readGroupValues(db, 'wc_admin'), owned),
		currentUserData: {
			id: user.id,
			username: user.username,
			name: user.name,
			email: user.email,
			capabilities: { view_woocommerce_reports: true, manage_woocommerce: true },
			woocommerce_meta: meta,
		},
		dataEndpoints: {
			countries: COUNTRIES.map((country) => ({ ...country })),
			performanceIndicators: await internalList(
				app,
				'/wp-json/wc-analytics/reports/performance-indicators/allowed',
				storeHeaders,
			),
			leaderboards: await internalList(
				app,
				'/wp-json/wc-analytics/leaderboards/allowed',
				storeHeaders,
			),
		},
		variationTitleAttributesSeparator: ' - ',
		plugins: {
			activePlugins: plugins.filter((p) => p.active).map((p) => p.slug),
			installedPlugins: plugins.filter((p) => p.installed).map((p) => p.slug),
		},
		preloadedRequests: await preloadedRequests(app, storeHeaders),
		metricDefinitions: metricDefinitions(),
		...(access ? { engineSession: { name: access.name } } : {}),
		...(operator
			? {
					engineOperator: {
						stores: operator.stores.map(({ id, name, url, currency }) => ({
							id,
							name,
							url,
							currency,
						})),
						store: chosen ? chosen.id : null,
					},
				}
			: {}),
	};
}
