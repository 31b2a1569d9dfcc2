/**
 * `wp/v2/users/me` with the `woocommerce_meta` preferences, and the navigation favourites of
 * `wc-admin/navigation/favorites/me`.
 *
 * On an engine's own page a signed-in operator's request (`request.operatorName`) reads and keeps
 * that operator's own preferences and favourites (`db/operator-meta.ts`, the engine's database),
 * whichever store the page shows; otherwise the server's admin user's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import { RestError, invalidParams } from '../../http/errors.js';
import {
	FAVORITES_KEY,
	USER_META_KEYS,
	currentUser,
	readFavorites,
	userResponse,
	writeUserMeta,
} from '../users.js';
import type { Db } from '../../core/db.js';
import { readOperatorMeta, writeOperatorMeta } from '../../db/operator-meta.js';
import { baseUrl } from '../../http/response.js';
import { EDITABLE, type RawQuery } from '../../http/params.js';

function itemIdOf(request: FastifyRequest): string {
	const body = (request.body ?? {}) as Record<string, unknown>;
	const query = request.query as RawQuery;
	const raw = body.item_id ?? query.item_id;
	if (typeof raw !== 'string' || raw.trim() === '') {
		throw new RestError(
			'woocommerce_favorites_invalid_request',
			'Missing or invalid item_id.',
			400,
			{
				params: { item_id: 'item_id must be a non-empty string.' },
			},
		);
	}
	return raw.trim();
}

/** The favourites kept as a JSON list (anything else reads as none). */
function favoritesOf(value: string | undefined): string[] {
	if (value === undefined) return [];
	try {
		const parsed: unknown = JSON.parse(value);
		return Array.isArray(parsed) ? parsed.map(String) : [];
	} catch {
		return [];
	}
}

/**
 * Whose preferences a request reads and writes: the signed-in operator's (kept per operator) or
 * the server's admin user's.
 */
interface Preferences {
	/** `wp/v2/users/me` with these preferences. */
	user(base: string): Promise<Record<string, unknown>>;
	favorites(): Promise<string[]>;
	/** Writes the entries in one transaction. */
	write(entries: Array<[key: string, value: string]>): Promise<void>;
}

function preferencesOf(db: Db, request: FastifyRequest): Preferences {
	const operator = request.operatorName;
	if (operator === undefined) {
		return {
			user: (base) => userResponse(db, base),
			favorites: async () => readFavorites(db, (await currentUser(db)).id),
			async write(entries) {
				const user = await currentUser(db);
				await db.transaction(async () => {
					for (const [key, value] of entries)
						await writeUserMeta(db, user.id, key, value);
				});
			},
		};
	}
	return {
		async user(base) {
			const stored = await readOperatorMeta(db, operator);
			const meta: Record<string, string> = {};
			for (const key of USER_META_KEYS) meta[key] = stored.get(key) ?? '';
			// The page's user is the operator (its name), with the operator's own preferences.
			return {
				...(await userResponse(db, base)),
				name: operator,
				username: operator,
				nickname: operator,
				slug: operator,
				woocommerce_meta: meta,
			};
		},
		favorites: async () =>
			favoritesOf((await readOperatorMeta(db, operator)).get(FAVORITES_KEY)),
		async write(entries) {
			// The table exists before the transaction (made on first use).
			await readOperatorMeta(db, operator);
			await db.transaction(async () => {
				for (const [key, value] of entries)
					await writeOperatorMeta(db, operator, key, value);
			});
		},
	};
}

/** Reads the favourites and writes `change` of them, as one transaction (`change` may refuse). */
async function changeFavorites(
	db: Db,
	preferences: Preferences,
	change: (current: string[]) => string[],
): Promise<string[]> {
	// Read once outside the transaction: an operator's table is made on first use, never inside a
	// transaction that a refusal rolls back.
	await preferences.favorites();
	return db.transaction(async () => {
		const next = change(await preferences.favorites());
		await preferences.write([[FAVORITES_KEY, JSON.stringify(next)]]);
		return next;
	});
}

export async function registerUserRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
	app.get('/wp/v2/users/me', async (request) =>
		preferencesOf(ctx.db, request).user(baseUrl(request)),
	);

	app.route({
		method: [...EDITABLE],
		url: '/wp/v2/users/me',
		schema: {
			body: {
				type: 'object',
				properties: {
					woocommerce_meta: { type: 'object' },
				},
			},
		},
		handler: async (request) => {
			const body = request.body as { woocommerce_meta?: Record<string, unknown> };
			const meta = body.woocommerce_meta ?? {};
			const bad: Record<string, string> = {};
			for (const [key, value] of Object.entries(meta)) {
				if (typeof value !== 'string')
					bad[`woocommerce_meta[${key}]`] = `${key} must be a JSON string.`;
			}
			if (Object.keys(bad).length > 0) throw invalidParams(bad);
			const known = Object.entries(meta).filter(([key]) =>
				(USER_META_KEYS as readonly string[]).includes(key),
			);
			const preferences = preferencesOf(ctx.db, request);
			await preferences.write(known.map(([key, value]) => [key, String(value)]));
			if (known.length > 0) ctx.notifyWrite();
			return preferences.user(baseUrl(request));
		},
	});

	const favorites = '/wc-admin/navigation/favorites/me';
	app.get(favorites, async (request) => preferencesOf(ctx.db, request).favorites());

	app.post(favorites, async (request) => {
		const itemId = itemIdOf(request);
		const preferences = preferencesOf(ctx.db, request);
		const list = await changeFavorites(ctx.db, preferences, (current) => {
			if (current.includes(itemId)) {
				throw new RestError(
					'woocommerce_favorites_already_exists',
					'Favorite already exists',
					409,
				);
			}
			return [...current, itemId];
		});
		ctx.notifyWrite();
		return list;
	});

	app.delete(favorites, async (request) => {
		const itemId = itemIdOf(request);
		const preferences = preferencesOf(ctx.db, request);
		const list = await changeFavorites(ctx.db, preferences, (current) => {
			if (!current.includes(itemId)) {
				throw new RestError(
					'woocommerce_favorites_does_not_exist',
					'Favorite item not found',
					404,
				);
			}
			return current.filter((id) => id !== itemId);
		});
		ctx.notifyWrite();
		return list;
	});
}
