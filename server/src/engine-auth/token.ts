/**
 * The engine token: a JWT (HS256) the WordPress plugin signs with the store's shared secret and
 * the engine verifies. Claims: `store` (the store id, its normalised URL), `sub` (the WordPress
 * user id), `cap` (the capability the user holds), `iat` and `exp` (Unix seconds), and `scope`
 * (optional: the writes the user may make on the engine, `EDIT_COSTS_SCOPE` for a user who may
 * manage the store; a token without it only reads).
 */
import crypto from 'node:crypto';

/** The capability a token must carry to read reports. */
export const REPORTS_CAPABILITY = 'view_woocommerce_reports';

/** The scope a token must carry to record a product's cost (`POST abacus/v1/costs`). */
export const EDIT_COSTS_SCOPE = 'edit_costs';

/**
 * The scope a token must carry to ask the engine to read the store's settings again
 * (`POST abacus/v1/sync/settings`): the plugin signs it for its own notice after a save, never for
 * a page.
 */
export const SYNC_SETTINGS_SCOPE = 'sync_settings';

/** Most scopes a token may carry. */
const MAX_SCOPES = 16;

/** Longest lifetime the engine accepts for a token, whatever its `exp` says (seconds). */
export const MAX_TOKEN_LIFETIME = 60 * 60;

/** Clock difference tolerated between the store and the engine (seconds). */
export const CLOCK_SKEW = 60;

export interface EngineClaims {
	store: string;
	sub: number;
	cap: string;
	iat: number;
	exp: number;
	/** The writes the token allows (absent: reads only). */
	scope?: string[];
	/**
	 * The engine the token is for: the address the plugin was configured with (its origin is
	 * compared with the request's own). A token without it is refused.
	 */
	aud?: string;
}

/** The words of a token whose signature does not match (or whose store is not served). */
export const BAD_SIGNATURE =
	"The engine token's signature does not match: the store and the engine do not share the same secret, or the engine does not serve this store.";

/** The origin of an address (`scheme://host[:port]`, default port dropped), or null. */
export function originOf(value: string): string | null {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
	} catch {
		return null;
	}
}

/** Why a token was refused: the 401 error code the engine answers with. */
export type TokenProblem =
	| 'abacus_engine_token_missing'
	| 'abacus_engine_token_invalid'
	| 'abacus_engine_token_expired'
	| 'abacus_engine_token_wrong_store';

export type VerifyResult =
	{ ok: true; claims: EngineClaims } | { ok: false; problem: TokenProblem; message: string };

/**
 * A store id from a store URL: scheme, lower-case host (default port dropped) and path without
 * trailing slashes; null when the text is not an http(s) URL.
 */
export function normaliseStoreId(value: string): string | null {
	let url: URL;
	try {
		url = new URL(value.trim());
	} catch {
		return null;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
	if (url.username !== '' || url.password !== '') return null;
	const pathName = url.pathname.replace(/\/+$/, '');
	return `${url.protocol}//${url.host.toLowerCase()}${pathName}`;
}

/** The browser origin of a store (`scheme://host[:port]`). */
export function storeOrigin(storeId: string): string {
	return new URL(storeId).origin;
}

function base64url(data: Buffer | string): string {
	return Buffer.from(data).toString('base64url');
}

function hmac(secret: string, text: string): Buffer {
	return crypto.createHmac('sha256', secret).update(text).digest();
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Signs claims into a token (the plugin does the same in PHP; tests use this one). */
export function signEngineToken(claims: EngineClaims, secret: string): string {
	const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
	return `${body}.${base64url(hmac(secret, body))}`;
}

function isClaims(value: unknown): value is EngineClaims {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
	const claims = value as Record<string, unknown>;
	return (
		typeof claims.store === 'string' &&
		typeof claims.sub === 'number' &&
		Number.isSafeInteger(claims.sub) &&
		typeof claims.cap === 'string' &&
		typeof claims.iat === 'number' &&
		Number.isFinite(claims.iat) &&
		typeof claims.exp === 'number' &&
		Number.isFinite(claims.exp) &&
		(claims.aud === undefined ||
			(typeof claims.aud === 'string' && claims.aud.length <= 2048)) &&
		(claims.scope === undefined ||
			(Array.isArray(claims.scope) &&
				claims.scope.length <= MAX_SCOPES &&
				claims.scope.every((entry) => typeof entry === 'string')))
	);
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string') return null;
	const match = /^Bearer\s+([A-Za-z0-9_.-]{1,4096})\s*$/i.exec(value);
	return match ? match[1] : null;
}

/** The claims of a token, unverified (to find the store whose secret verifies it), or null. */
export function readClaims(token: string): EngineClaims | null {
	const parts = token.split('.');
	if (parts.length !== 3) return null;
	try {
		const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as unknown;
		if (
			header === null ||
			typeof header !== 'object' ||
			(header as Record<string, unknown>).alg !== 'HS256'
		) {
			return null;
		}
		const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
		return isClaims(claims) ? claims : null;
	} catch {
		return null;
	}
}

/** Whether verified claims allow a write needing `scope`. */
export function hasScope(claims: EngineClaims, scope: string): boolean {
	return claims.scope?.includes(scope) === true;
}

/**
 * Verifies a token for a store: signature (constant-time, HS256 only), the store claim, the
 * audience (`aud`, whose origin must be `audience`: the origin the request reached the engine
 * at), the capability and the expiry. `now` is Unix seconds.
 */
export function verifyEngineToken(
	token: string,
	store: { id: string; secret: string },
	audience: string,
	now: number = Math.floor(Date.now() / 1000),
): VerifyResult {
	const claims = readClaims(token);
	if (!claims) {
		return {
			ok: false,
			problem: 'abacus_engine_token_invalid',
			message: 'The engine token is malformed.',
		};
	}
	const parts = token.split('.');
	const expected = hmac(store.secret, `${parts[0]}.${parts[1]}`);
	const presented = Buffer.from(parts[2], 'base64url');
	if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) {
		return {
			ok: false,
			problem: 'abacus_engine_token_invalid',
			message: BAD_SIGNATURE,
		};
	}
	if (normaliseStoreId(claims.store) !== store.id) {
		return {
			ok: false,
			problem: 'abacus_engine_token_wrong_store',
			message: 'The engine token was issued for another store.',
		};
	}
	if (claims.aud === undefined) {
		return {
			ok: false,
			problem: 'abacus_engine_token_invalid',
			message:
				"The engine token names no engine (aud): update the Abacus plugin on the store, whose tokens name the engine's address.",
		};
	}
	const engineOrigin = originOf(audience);
	if (originOf(claims.aud) === null || originOf(claims.aud) !== engineOrigin) {
		return {
			ok: false,
			problem: 'abacus_engine_token_invalid',
			message: `The engine token was issued for another engine (${JSON.stringify(claims.aud.slice(0, 200))}), not this one (${engineOrigin ?? audience}): set this engine's address in the store's Abacus settings.`,
		};
	}
	if (claims.cap !== REPORTS_CAPABILITY) {
		return {
			ok: false,
			problem: 'abacus_engine_token_invalid',
			message: 'The engine token does not allow reading reports.',
		};
	}
	if (claims.exp <= now - CLOCK_SKEW || claims.iat > now + CLOCK_SKEW) {
		return {
			ok: false,
			problem: 'abacus_engine_token_expired',
			message: 'The engine token has expired: the page asks the store for a new one.',
		};
	}
	if (claims.exp - claims.iat > MAX_TOKEN_LIFETIME) {
		return {
			ok: false,
			problem: 'abacus_engine_token_invalid',
			message: `The engine token lives longer than ${MAX_TOKEN_LIFETIME / 60} minutes.`,
		};
	}
	return { ok: true, claims };
}
