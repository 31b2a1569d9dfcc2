/**
 * Engine authentication: when the server is an engine for real stores (at least one store secret
 * configured, by `--store-url`/`--store-secret` or a connected store's registration), the report
 * routes answer only requests carrying a valid, unexpired token signed by that store's WordPress
 * plugin (`Authorization: Bearer …`), and browsers may call them only from the store's own origin
 * (CORS: preflight answered, `Authorization` allowed, no credentials). Without any store secret
 * nothing changes (the demo server and its own admin page).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { RestError } from '../http/errors.js';
import { requestOrigin } from '../http/security.js';
import {
	BAD_SIGNATURE,
	bearerToken,
	EDIT_COSTS_SCOPE,
	hasScope,
	normaliseStoreId,
	readClaims,
	storeOrigin,
	SYNC_SETTINGS_SCOPE,
	verifyEngineToken,
	type EngineClaims,
} from './token.js';

export * from './token.js';

/** A store the engine serves: its id (normalised URL) and the secret shared with its plugin. */
export interface EngineStore {
	id: string;
	secret: string;
}

/** A store as configured: its URL (any spelling) and secret. */
export interface EngineStoreConfig {
	url: string;
	secret: string;
}

/** Where the stores come from: a fixed list, or a function (the connected stores' registry). */
export type EngineStoreSource =
	| readonly EngineStoreConfig[]
	| (() => readonly EngineStoreConfig[] | Promise<readonly EngineStoreConfig[]>);

/** Shortest shared secret accepted (characters). */
export const MIN_SECRET_LENGTH = 16;

/**
 * Route prefixes (after `/wp-json`) that need the token when stores are configured: the reports,
 * the dashboard's leaderboards, the sync status, the engine's own check and the products' costs.
 */
export const GUARDED_PREFIXES = [
	'/wc-analytics/reports',
	'/wc-analytics/leaderboards',
	'/abacus/v1/sync',
	'/abacus/v1/engine',
	'/abacus/v1/costs',
] as const;

/** A write a store's token may make; `scope`, when set, must be among the token's. */
export interface TokenWrite {
	method: string;
	url: string;
	scope?: string;
}

/**
 * The only writes a store's token may make, judged on the matched route and the effective method:
 * starting a whole-report export and cancelling one (an export is a read of the store's figures,
 * built in the background), and recording a product's cost (only with `EDIT_COSTS_SCOPE`, which
 * the plugin gives to users who may manage the store), and asking for the store's settings to be
 * read again (only with `SYNC_SETTINGS_SCOPE`, which the plugin signs for its own notice after a
 * save, never for a page). Every other write still needs the server's
 * own nonce.
 */
export const TOKEN_WRITE_ROUTES: readonly TokenWrite[] = [
	{ method: 'POST', url: '/wp-json/wc-analytics/reports/:type/export' },
	{ method: 'POST', url: '/wp-json/wc-analytics/reports/:type/export/:id/cancel' },
	{ method: 'DELETE', url: '/wp-json/wc-analytics/reports/:type/export/:id' },
	{ method: 'POST', url: '/wp-json/abacus/v1/costs', scope: EDIT_COSTS_SCOPE },
	{ method: 'POST', url: '/wp-json/abacus/v1/sync/settings', scope: SYNC_SETTINGS_SCOPE },
];

/** The same writes as request paths (after `/wp-json`), for the preflight (which matches no route). */
const TOKEN_WRITE_PATHS: ReadonlyArray<{ method: string; path: RegExp }> = [
	{ method: 'POST', path: /^\/wc-analytics\/reports\/[a-z][a-z-]*\/export$/ },
	{ method: 'POST', path: /^\/wc-analytics\/reports\/[a-z][a-z-]*\/export\/\d{1,30}\/cancel$/ },
	{ method: 'DELETE', path: /^\/wc-analytics\/reports\/[a-z][a-z-]*\/export\/\d{1,30}$/ },
	{ method: 'POST', path: /^\/abacus\/v1\/costs$/ },
	{ method: 'POST', path: /^\/abacus\/v1\/sync\/settings$/ },
];

/** The methods a store's page may use cross-origin on a guarded path: reads, and the writes above. */
export function corsMethods(route: string): string[] {
	return [
		'GET',
		'HEAD',
		...TOKEN_WRITE_PATHS.filter((write) => write.path.test(route)).map((write) => write.method),
	];
}

/** The token write this is (the matched route's URL and the effective method), or undefined. */
export function tokenWriteOf(
	method: string,
	matchedUrl: string | undefined,
): TokenWrite | undefined {
	return TOKEN_WRITE_ROUTES.find(
		(write) => write.method === method.toUpperCase() && write.url === matchedUrl,
	);
}

/** Whether a token may make this write (the matched route's URL and the effective method). */
export function isTokenWrite(method: string, matchedUrl: string | undefined): boolean {
	return tokenWriteOf(method, matchedUrl) !== undefined;
}

/** Headers a store's page may send cross-origin. */
const ALLOWED_REQUEST_HEADERS = new Set(['authorization', 'accept', 'content-type']);
/** Response headers a store's page may read (paging totals). */
const EXPOSED_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link';

declare module 'fastify' {
	interface FastifyRequest {
		/** The store whose token authenticated the request (engine mode only). */
		engineStore?: string;
		/** The verified token's claims (engine mode only). */
		engineClaims?: EngineClaims;
		/**
		 * True when a verified store token authorises this write (one of `TOKEN_WRITE_ROUTES`):
		 * the server's nonce check then leaves it alone.
		 */
		engineTokenWrite?: boolean;
		/**
		 * True when the engine's operator chose a served store on the engine's own page (nonce
		 * and origin checked, ClickHouse engine): no token is needed then.
		 */
		engineOperator?: boolean;
	}
}

/** Checks and normalises configured stores; throws a message naming the bad entry. */
export function normaliseStores(configured: readonly EngineStoreConfig[]): EngineStore[] {
	return configured.map((entry) => {
		const id = normaliseStoreId(entry.url);
		if (id === null) {
			throw new Error(
				`The store URL ${JSON.stringify(entry.url)} is not an http(s) address (e.g. https://shop.example).`,
			);
		}
		if (entry.secret.length < MIN_SECRET_LENGTH) {
			throw new Error(
				`The secret of ${id} is too short: use at least ${MIN_SECRET_LENGTH} characters.`,
			);
		}
		return { id, secret: entry.secret };
	});
}

/** Whether a request path (no query, no `/wp-json` prefix) is one the token guards. */
export function isGuardedRoute(route: string): boolean {
	return GUARDED_PREFIXES.some(
		(prefix) =>
			route === prefix || route.startsWith(`${prefix}/`) || route.startsWith(`${prefix}?`),
	);
}

function restPath(url: string): string | null {
	const pathName = url.split('?', 1)[0];
	let decoded: string;
	try {
		decoded = decodeURIComponent(pathName);
	} catch {
		return null;
	}
	const clean = decoded.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
	return clean.startsWith('/wp-json/') ? clean.slice('/wp-json'.length) : null;
}

function unauthorised(code: string, message: string): RestError {
	return new RestError(code, message, 401);
}

function forbiddenOrigin(origin: string): RestError {
	return new RestError(
		'abacus_engine_origin_forbidden',
		`This engine answers browsers only from the stores it serves; ${JSON.stringify(origin)} is not one of them.`,
		403,
	);
}

/** Looks the stores up, at most once every `ttl` ms. */
export function storeLookup(
	source: EngineStoreSource | undefined,
	ttl = 2000,
): () => Promise<EngineStore[]> {
	if (source === undefined) return async () => [];
	if (typeof source !== 'function') {
		const fixed = normaliseStores(source as readonly EngineStoreConfig[]);
		return async () => fixed;
	}
	let cached: { at: number; stores: EngineStore[] } | null = null;
	const read = source as () =>
		readonly EngineStoreConfig[] | Promise<readonly EngineStoreConfig[]>;
	return async () => {
		if (cached && Date.now() - cached.at < ttl) return cached.stores;
		const stores = normaliseStores(await read());
		cached = { at: Date.now(), stores };
		return stores;
	};
}

function allowCors(reply: FastifyReply, origin: string): void {
	reply.header('Access-Control-Allow-Origin', origin);
	reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
	reply.header('Vary', 'Origin');
}

/**
 * Installs the token check and CORS on `app` (the root instance, before the routes are
 * registered) and the route `GET /wp-json/abacus/v1/engine/whoami`.
 */
export async function installEngineAuth(
	app: FastifyInstance,
	source: EngineStoreSource | undefined,
): Promise<void> {
	const stores = storeLookup(source);
	// Refuse a bad fixed configuration at start rather than on the first request.
	await stores();

	app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
		// The address as sent (decoded) or the route it matched: either naming a guarded route
		// is enough, so no spelling reaches a report without the token.
		const route = restPath(request.url);
		const matched = request.routeOptions.url ?? '';
		const matchedRoute = matched.startsWith('/wp-json/')
			? matched.slice('/wp-json'.length)
			: null;
		const guarded =
			(route !== null && isGuardedRoute(route)) ||
			(matchedRoute !== null && isGuardedRoute(matchedRoute));
		// The engine's operator chose a served store on its own page
		// (`src/clickhouse-engine/operator-store.ts`), or a signed-in operator reads the engine's
		// own store (`operator-auth.ts`).
		if (!guarded || request.engineOperator === true) return;
		if (request.operatorSession !== undefined && request.headers.authorization === undefined) {
			return;
		}
		const configured = await stores();
		const originHeader = request.headers.origin;
		const origin = typeof originHeader === 'string' ? originHeader : undefined;
		const isWhoAmI =
			route === '/abacus/v1/engine/whoami' || matchedRoute === '/abacus/v1/engine/whoami';
		if (configured.length === 0 && !isWhoAmI) return;
		const origins = new Set(configured.map((store) => storeOrigin(store.id)));

		// CORS preflight: answered here for the guarded routes (no route has OPTIONS).
		const preflightMethod = request.headers['access-control-request-method'];
		if (request.method === 'OPTIONS' && typeof preflightMethod === 'string') {
			const wanted = String(request.headers['access-control-request-headers'] ?? '')
				.split(',')
				.map((name) => name.trim().toLowerCase())
				.filter((name) => name !== '');
			const methods = route === null ? ['GET', 'HEAD'] : corsMethods(route);
			if (
				origin === undefined ||
				!origins.has(origin) ||
				!methods.includes(preflightMethod.toUpperCase()) ||
				wanted.some((name) => !ALLOWED_REQUEST_HEADERS.has(name))
			) {
				throw forbiddenOrigin(origin ?? '');
			}
			allowCors(reply, origin);
			reply.header('Access-Control-Allow-Methods', methods.join(', '));
			reply.header('Access-Control-Allow-Headers', 'Authorization, Accept, Content-Type');
			reply.header('Access-Control-Max-Age', '600');
			return reply.status(204).send();
		}

		if (origin !== undefined) {
			if (!origins.has(origin)) throw forbiddenOrigin(origin);
			allowCors(reply, origin);
		}
		if (configured.length === 0) {
			throw unauthorised(
				'abacus_engine_not_configured',
				'This Abacus server serves no store yet: start it with --store-url and --store-secret, or connect the store.',
			);
		}
		const token = bearerToken(request.headers.authorization);
		if (token === null) {
			throw unauthorised(
				'abacus_engine_token_missing',
				'This engine answers only requests carrying a store token (Authorization: Bearer …).',
			);
		}
		const claims = readClaims(token);
		if (claims === null) {
			throw unauthorised('abacus_engine_token_invalid', 'The engine token is malformed.');
		}
		// A store the engine does not serve gets the words of a bad signature: the answer says
		// nothing of which stores the engine serves.
		const storeId = normaliseStoreId(claims.store);
		const store = configured.find((entry) => entry.id === storeId);
		if (!store) throw unauthorised('abacus_engine_token_invalid', BAD_SIGNATURE);
		if (origin !== undefined && origin !== storeOrigin(store.id)) {
			throw unauthorised(
				'abacus_engine_token_wrong_store',
				"The engine token was issued for another store than the page's.",
			);
		}
		// The Host header was checked against the allowed host names before this hook.
		const audience = requestOrigin(request.headers);
		const result = verifyEngineToken(token, store, audience);
		if (!result.ok) throw unauthorised(result.problem, result.message);
		request.engineStore = store.id;
		request.engineClaims = result.claims;
		const write = tokenWriteOf(request.method, request.routeOptions.url);
		if (write?.scope !== undefined && !hasScope(result.claims, write.scope)) {
			throw new RestError(
				'abacus_engine_token_read_only',
				write.scope === SYNC_SETTINGS_SCOPE
					? "This token may read the store's reports but not ask for its settings to be read again: only the store's own plugin does that, after its settings are saved."
					: "Your account may view the store's reports but not change products' costs: that needs a user who may manage WooCommerce (manage_woocommerce).",
				403,
			);
		}
		if (write) request.engineTokenWrite = true;
	});

	app.get('/wp-json/abacus/v1/engine/whoami', async (request) => {
		const claims = request.engineClaims;
		return {
			store: request.engineStore ?? null,
			user: claims?.sub ?? null,
			expires: claims ? new Date(claims.exp * 1000).toISOString() : null,
		};
	});
}
