/**
 * The engine's operator on the engine's own admin page, looking at one of the stores it serves.
 * A request from that page (a signed-in operator's session and its nonce, its own origin, no
 * `Authorization` header) naming a served store the operator may read in `X-Abacus-Store` is answered for that store exactly as the store's token would be: it
 * sets `request.engineStore`, so the report routes read that store's rows with its registered
 * settings. The operator's own admin routes (options, the user and its favourites, notes, the
 * settings groups) answer from the engine's `--db` (the user's preferences and favourites per
 * operator), except the options and settings a store owns (currency, time zone, week start, report
 * statuses, stock, date type), which follow the chosen store's registration and cannot be changed
 * from here. The store's own administration (reviews, payments, plugins, set-up, product stock) is
 * refused saying it is done in the store's WordPress (`refuseStoreAdmin`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { DATE_BASIS_OPTION } from '../db/date-basis.js';
import { readOperatorMeta } from '../db/operator-meta.js';
import { storeOwnedOptions, type StoreSettings } from '../db/store-settings.js';
import { RestError } from '../http/errors.js';
import { parseList, type RawQuery } from '../http/params.js';
import { scriptJson } from '../http/response.js';
import { sessionMayRead, storeUnknown } from '../engine-auth/operator-auth.js';
import type {} from '../clickhouse/chosen-store.js';
import { ClickHouseClient } from '../clickhouse/client.js';
import { type PriceFormat, storeByUrl } from '../clickhouse/registry.js';
import type { GroupStore } from '../reports/stores/store-group.js';
import { clusterStores, operatorOnly, type Registry } from './store-group-routes.js';

/** The header naming the chosen store (its id on the cluster). */
export const STORE_HEADER = 'x-abacus-store';

/** The chosen store of an operator request, with the settings it registered. */
export interface OperatorStore extends GroupStore {
	settings: StoreSettings;
	/** Its price decimals (`woocommerce_price_num_decimals`), when its registration says. */
	priceDecimals?: number;
	/** Its price format (currency position, separators), when its registration says. */
	priceFormat?: PriceFormat;
}

/** The option a store's price decimals stand for. */
const PRICE_DECIMALS_OPTION = 'woocommerce_price_num_decimals';

/**
 * The options a chosen store owns, in WordPress's spelling: its registered settings and, when its
 * registration says, its price decimals.
 */
function ownedOptions(store: OperatorStore): Record<string, unknown> {
	const owned = storeOwnedOptions(store.settings);
	if (store.priceDecimals !== undefined)
		owned[PRICE_DECIMALS_OPTION] = String(store.priceDecimals);
	if (store.priceFormat !== undefined) {
		owned.woocommerce_currency_pos = store.priceFormat.position;
		owned.woocommerce_price_thousand_sep = store.priceFormat.thousandSeparator;
		owned.woocommerce_price_decimal_sep = store.priceFormat.decimalSeparator;
	}
	return owned;
}

/**
 * The operator's own admin routes (matched URL prefixes after `/wp-json`) a ClickHouse engine
 * answers from its `--db`, for the operator only.
 */
const OPERATOR_ROUTES = [
	'/wc-admin/options',
	'/wp/v2/users/me',
	'/wc-admin/navigation/favorites/me',
	'/wc-analytics/admin/notes',
	'/wc-analytics/settings',
	'/wc/v3/settings',
	// The countries and their states: the same list for every store, no store data.
	'/wc-analytics/data/countries',
] as const;

function isOperatorRoute(url: string): boolean {
	const route = url.slice('/wp-json'.length);
	return OPERATOR_ROUTES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
}

/**
 * The options a store owns: its registered settings, its price decimals, and the date its orders
 * count on (fixed in its rows when they were loaded).
 */
const STORE_OPTION_NAMES = [
	DATE_BASIS_OPTION,
	PRICE_DECIMALS_OPTION,
	...Object.keys(
		storeOwnedOptions({
			timeZone: 'UTC',
			startOfWeek: 1,
			excludedStatuses: [],
			actionableStatuses: [],
			currency: 'USD',
			lowStockAmount: 2,
			noStockAmount: 0,
			manageStock: true,
		}),
	),
];

/**
 * The settings of a store's WordPress the engine does not hold (no registration carries them: its
 * address, taxes, reviews, site name, date and time formats; its price format only when its
 * registration carries it, `ownedOptions`). With a store chosen they are neither read nor written
 * from the engine's page: the engine's own `--db` values are the engine's, never the store's. The
 * settings groups list, for a chosen store, only the settings it holds.
 */
const STORE_WORDPRESS_OPTIONS = [
	'woocommerce_store_address',
	'woocommerce_store_address_2',
	'woocommerce_store_city',
	'woocommerce_default_country',
	'woocommerce_store_postcode',
	'woocommerce_currency_pos',
	'woocommerce_price_thousand_sep',
	'woocommerce_price_decimal_sep',
	'woocommerce_calc_taxes',
	'woocommerce_enable_reviews',
	'woocommerce_prices_include_tax',
	'woocommerce_tax_based_on',
	'blogname',
	'date_format',
	'time_format',
	'gmt_offset',
];

/** The settings route of one setting or a group (either namespace). */
const SETTINGS_ROUTE = /^\/wp-json\/(wc-analytics|wc\/v3)\/settings\/:group(\/:id)?$/;

/** A read of settings of the store's WordPress the engine does not hold: 403 saying so. */
function notHeld(names: string[], store: string | undefined): RestError {
	return new RestError(
		'abacus_operator_store_admin',
		`These are the store's own WordPress settings, which this engine does not hold (it holds the settings its reports need: currency, price decimals, time zone, week start, statuses, stock, date type): ${names.join(', ')}. Read them in the store's own WordPress admin${store === undefined ? '' : `, ${store}/wp-admin/`}.`,
		403,
		{
			params: Object.fromEntries(
				names.map((name) => [name, 'kept in the store’s WordPress']),
			),
		},
	);
}

function badStore(message: string, status: number, code = 'rest_invalid_param'): RestError {
	return new RestError(code, message, status, { params: { 'X-Abacus-Store': message } });
}

/** The store id a header names: a whole number 1…4294967295 written plainly, else 400. */
export function parseStoreHeader(value: unknown): number {
	const text = Array.isArray(value) ? null : typeof value === 'string' ? value.trim() : null;
	if (text === null || !/^[1-9]\d{0,9}$/.test(text) || Number(text) > 0xffffffff) {
		throw badStore(
			`X-Abacus-Store must be one store id (a whole number from 1 to 4294967295); ${JSON.stringify(String(value ?? '').slice(0, 40))} is not.`,
			400,
		);
	}
	return Number(text);
}

/** The served stores and the one a header or page address names. */
export interface OperatorStores {
	list(): Promise<GroupStore[]>;
	/** The served store with this id and its registered settings; 403 when it is not served. */
	choose(id: number): Promise<OperatorStore>;
}

export function operatorStores(ctx: ServerContext, client: ClickHouseClient): OperatorStores {
	const registry: Registry = clusterStores(ctx, client);
	return {
		list: () => registry.list(),
		async choose(id) {
			const store = (await registry.list()).find((entry) => entry.id === id);
			const registered = store ? await storeByUrl(client, store.url) : null;
			if (!store || !registered || registered.storeId !== id) throw storeUnknown(id);
			return {
				...store,
				settings: registered.settings,
				...(registered.priceDecimals === undefined
					? {}
					: { priceDecimals: registered.priceDecimals }),
				...(registered.priceFormat === undefined
					? {}
					: { priceFormat: registered.priceFormat }),
			};
		},
	};
}

/**
 * Installs, on a ClickHouse engine, the operator's store choice: run before the engine token check
 * (`installEngineAuth`), which leaves a request with a chosen store alone. Returns the registry,
 * which the admin page uses for its own `store` parameter.
 */
export function installOperatorStore(app: FastifyInstance, ctx: ServerContext): OperatorStores {
	const engine = ctx.config.engine;
	if (!engine) throw new Error('installOperatorStore needs a ClickHouse engine.');
	const client = new ClickHouseClient(engine, { join_use_nulls: 1 });
	const stores = operatorStores(ctx, client);
	// Each request's chosen store as chosen (its price decimals too).
	const chosen = new WeakMap<FastifyRequest, OperatorStore>();

	app.addHook('onRequest', async (request) => {
		const header = request.headers[STORE_HEADER];
		if (header === undefined) return;
		if (!request.url.startsWith('/wp-json/')) return;
		if (request.headers.authorization !== undefined) {
			throw new RestError(
				'abacus_operator_store_with_token',
				"X-Abacus-Store is for the engine's operator on the engine's own page; a request carrying a store token (Authorization) reads that token's store only.",
				403,
			);
		}
		operatorOnly(request, ctx);
		const id = parseStoreHeader(header);
		const store = await stores.choose(id);
		// A store the signed-in operator may not read is answered as one the engine does not serve.
		if (!sessionMayRead(request, store)) throw storeUnknown(id);
		request.operatorStore = store;
		chosen.set(request, store);
		request.engineOperator = true;
		request.engineStore = store.url;
	});

	// The options and settings a store owns follow the chosen store; the operator cannot change
	// them here (they are the store's own, registered by `clickhouse-load.js`).
	// With a store chosen, a read of its WordPress settings the engine does not hold is refused
	// (the engine's own values are not the store's).
	app.addHook('preHandler', async (request) => {
		const store = chosen.get(request);
		const url = request.routeOptions.url;
		if (!store || url === undefined || (request.method !== 'GET' && request.method !== 'HEAD'))
			return;
		let asked: string[] = [];
		if (url === '/wp-json/wc-admin/options') {
			asked = parseList((request.query as RawQuery | undefined)?.options);
		} else if (SETTINGS_ROUTE.test(url)) {
			const id = (request.params as Record<string, unknown> | undefined)?.id;
			if (typeof id === 'string') asked = [id];
		}
		const owned = ownedOptions(store);
		const elsewhere = asked.filter(
			(name) => STORE_WORDPRESS_OPTIONS.includes(name) && !Object.hasOwn(owned, name),
		);
		if (elsewhere.length > 0) throw notHeld([...new Set(elsewhere)], store.url);
	});

	app.addHook('preHandler', async (request) => {
		const url = request.routeOptions.url;
		if (url === undefined || request.method === 'GET' || request.method === 'HEAD') return;
		if (!url.startsWith('/wp-json/') || !isOperatorRoute(url)) return;
		// With a store chosen, its WordPress settings the engine does not hold are the store's too.
		const storeNames = chosen.has(request)
			? [...STORE_OPTION_NAMES, ...STORE_WORDPRESS_OPTIONS]
			: STORE_OPTION_NAMES;
		const owned = writtenStoreOptions(request).filter((name) => storeNames.includes(name));
		if (owned.length > 0) {
			throw new RestError(
				'abacus_operator_store_setting',
				`These settings are the store's own (its WordPress settings; those the reports need are registered on the cluster) and cannot be changed from the engine's page: ${owned.join(', ')}. Change them in the store's own WordPress, which sends them to the engine; nothing was written.`,
				403,
				{ params: Object.fromEntries(owned.map((name) => [name, 'owned by the store'])) },
			);
		}
	});

	app.addHook('onSend', async (request, reply, payload) => {
		const store = chosen.get(request);
		const url = request.routeOptions.url;
		if (!store || request.method !== 'GET' || reply.statusCode !== 200) return payload;
		if (typeof payload !== 'string' || url === undefined) return payload;
		const owned = ownedOptions(store);
		if (url === '/wp-json/wc-admin/options') {
			const body = JSON.parse(payload) as Record<string, unknown>;
			for (const name of Object.keys(body)) {
				if (Object.hasOwn(owned, name)) body[name] = owned[name];
			}
			return JSON.stringify(body);
		}
		if (SETTINGS_ROUTE.test(url)) {
			const body = JSON.parse(payload) as unknown;
			const fix = (entry: unknown): unknown => {
				if (typeof entry !== 'object' || entry === null) return entry;
				const setting = entry as { id?: unknown; value?: unknown };
				if (typeof setting.id === 'string' && Object.hasOwn(owned, setting.id)) {
					return { ...setting, value: owned[setting.id] };
				}
				return entry;
			};
			// A group lists only the settings the engine holds for the store.
			const held = (entry: unknown): boolean => {
				if (typeof entry !== 'object' || entry === null) return true;
				const id = String((entry as { id?: unknown }).id);
				return !STORE_WORDPRESS_OPTIONS.includes(id) || Object.hasOwn(owned, id);
			};
			return JSON.stringify(Array.isArray(body) ? body.filter(held).map(fix) : fix(body));
		}
		return payload;
	});
	// The engine's page preloads the user's preferences (`abacusSettings.currentUserData`) from
	// the engine's admin user; for a signed-in operator they are the operator's own, as
	// `wp/v2/users/me` answers them (`db/operator-meta.ts`).
	app.addHook('onSend', async (request, reply, payload) => {
		const operator = request.operatorSession?.name;
		if (operator === undefined || request.method !== 'GET' || reply.statusCode !== 200)
			return payload;
		if (request.routeOptions.url !== '/wp-admin/admin.php' || typeof payload !== 'string')
			return payload;
		return withOperatorPreferences(payload, operator, await readOperatorMeta(ctx.db, operator));
	});
	return stores;
}

/** The page's settings script (its JSON holds no `<`: `http/response.ts`, `scriptJson`). */
const SETTINGS_SCRIPT = /(window\.abacusSettings = )(.*?)(;<\/script>)/s;

/** The page with the operator's name and preferences as its user's (each preference the page has). */
function withOperatorPreferences(
	html: string,
	operator: string,
	stored: Map<string, string>,
): string {
	const match = SETTINGS_SCRIPT.exec(html);
	if (!match) return html;
	const settings = JSON.parse(match[2]) as { currentUserData?: unknown };
	const user = settings.currentUserData as { woocommerce_meta?: unknown } | undefined;
	if (typeof user !== 'object' || user === null) return html;
	const meta = user.woocommerce_meta;
	if (typeof meta !== 'object' || meta === null) return html;
	settings.currentUserData = {
		...user,
		name: operator,
		username: operator,
		woocommerce_meta: Object.fromEntries(
			Object.keys(meta).map((key) => [key, stored.get(key) ?? '']),
		),
	};
	const start = match.index + match[1].length;
	return `${html.slice(0, start)}${scriptJson(settings)}${html.slice(start + match[2].length)}`;
}

/** The option names a write to an operator route sets (options body keys, settings ids). */
function writtenStoreOptions(request: FastifyRequest): string[] {
	const body = request.body;
	const url = request.routeOptions.url ?? '';
	if (typeof body !== 'object' || body === null) return [];
	if (url === '/wp-json/wc-admin/options') return Object.keys(body);
	const params = request.params as Record<string, unknown> | undefined;
	if (url.endsWith('/:group/batch')) {
		const updates = (body as { update?: unknown }).update;
		return Array.isArray(updates)
			? updates.flatMap((entry: unknown) =>
					typeof entry === 'object' &&
					entry !== null &&
					typeof (entry as { id?: unknown }).id === 'string'
						? [(entry as { id: string }).id]
						: [],
				)
			: [];
	}
	if (url.endsWith('/:group/:id') && typeof params?.id === 'string') return [params.id];
	return [];
}

/**
 * The routes of a store's own administration (matched URL after `/wp-json`, and the methods):
 * its reviews, payment methods, plugins and connections, setup profile and tasks, and the stock
 * of its products. A ClickHouse engine holds a copy of each store's report data on the cluster,
 * not the store: these are neither read nor changed from the engine's page (the page's screens
 * for them link to the store's own WordPress admin), and say so (403, nothing written).
 */
const STORE_ADMIN_ROUTES: ReadonlyArray<{ route: RegExp; methods?: string[]; what: string }> = [
	{ route: /^\/wc-analytics\/products\/reviews(\/|$)/, what: 'Its product reviews' },
	{ route: /^\/wc\/v3\/payment_gateways(\/|$)/, what: 'Its payment methods' },
	{ route: /^\/wc-admin\/plugins(\/|$)/, what: 'Its plugins' },
	{ route: /^\/jetpack\/v4\/connection$/, what: 'Its Jetpack connection' },
	{ route: /^\/wc-paypal\/v1\//, what: 'Its PayPal set-up' },
	{ route: /^\/wc-admin\/onboarding(\/|$)/, what: 'Its store profile and set-up tasks' },
	{
		route: /^\/wc-analytics\/products\/(:id|:product_id\/variations\/:id)$/,
		methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
		what: 'The stock of its products',
	},
];

/**
 * On a ClickHouse engine, a signed-in operator's request (its session's nonce, its own origin) to
 * a route of a store's own administration: refused (403 `abacus_operator_store_admin`) saying it is
 * done in the store's own WordPress, naming the chosen store's address. A request that is not the
 * page's (no nonce, or a store token) is left alone (the route stays 501 for it).
 */
export function refuseStoreAdmin(request: FastifyRequest, ctx: ServerContext): void {
	const url = request.routeOptions.url;
	if (url === undefined || !url.startsWith('/wp-json/')) return;
	const route = url.slice('/wp-json'.length);
	const match = STORE_ADMIN_ROUTES.find(
		(entry) =>
			entry.route.test(route) &&
			(entry.methods === undefined || entry.methods.includes(request.method)),
	);
	if (!match) return;
	if (request.headers.authorization !== undefined) return;
	const queryNonce = (request.query as Record<string, unknown> | undefined)?._wpnonce;
	if (request.headers['x-wp-nonce'] === undefined && queryNonce === undefined) return;
	operatorOnly(request, ctx);
	// The chosen store's address (`request.engineStore`, set with the choice).
	const address = request.operatorStore === undefined ? undefined : request.engineStore;
	const where =
		address === undefined
			? "the store's own WordPress admin"
			: `the store's own WordPress admin, ${address}/wp-admin/`;
	throw new RestError(
		'abacus_operator_store_admin',
		`${match.what} ${match.what.startsWith('The stock') ? 'is' : 'are'} the store's own, kept in its WordPress: this engine holds a copy of each store's report data, not the store, so it neither reads nor changes them. Open them in ${where}.`,
		403,
		{ route },
	);
}

/**
 * On a ClickHouse engine, the engine page's request (its session's nonce, no store token) to a
 * route that reads a store's data through the storage port, naming no store: 400
 * `abacus_operator_store_required` asking for one (`X-Abacus-Store`), never the engine's own data.
 */
export function requireChosenStore(request: FastifyRequest, ctx: ServerContext): void {
	if (request.routeOptions.config.storePort !== true || request.operatorStore !== undefined)
		return;
	if (request.headers.authorization !== undefined) return;
	const queryNonce = (request.query as Record<string, unknown> | undefined)?._wpnonce;
	if (request.headers['x-wp-nonce'] === undefined && queryNonce === undefined) return;
	operatorOnly(request, ctx);
	throw badStore(
		"Choose a store: this engine serves many stores, and the engine's page names the one it shows in X-Abacus-Store (its id on the cluster).",
		400,
		'abacus_operator_store_required',
	);
}

/**
 * Whether a ClickHouse engine answers this non-report route: one of the operator's own admin
 * routes, asked from the engine's own page. A request carrying no nonce, or a store token, is not
 * the page's (the route stays 501 for it); a wrong nonce or another site is refused (403).
 */
export function answersOperator(request: FastifyRequest, ctx: ServerContext): boolean {
	const url = request.routeOptions.url;
	// A route reading through the storage port (the catalogue lookups of the search and filter
	// fields), for the store the page chose (its nonce and origin checked when it was chosen): it
	// reads that store's rows on the cluster (`clickhouse/storage.ts`).
	// A route that also writes through the port (the notes on charts) answers its writes too: the
	// nonce and origin of a write are checked for every route (`app.ts`).
	if (
		request.operatorStore !== undefined &&
		request.routeOptions.config.storePort === true &&
		(request.method === 'GET' ||
			request.method === 'HEAD' ||
			request.routeOptions.config.storePortWrites === true)
	) {
		return true;
	}
	if (url === undefined || !isOperatorRoute(url)) return false;
	if (request.headers.authorization !== undefined) return false;
	const queryNonce = (request.query as Record<string, unknown> | undefined)?._wpnonce;
	if (request.headers['x-wp-nonce'] === undefined && queryNonce === undefined) return false;
	operatorOnly(request, ctx);
	// The operator's own preferences and favourites are kept per operator (`db/operator-meta.ts`).
	request.operatorName = request.operatorSession?.name;
	return true;
}
