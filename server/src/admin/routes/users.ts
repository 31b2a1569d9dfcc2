/**
 * `wp/v2/users/me` with the `woocommerce_meta` preferences, and the navigation favourites of
 * `wc-admin/navigation/favorites/me`.
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

export async function registerUserRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
	app.get('/wp/v2/users/me', async (request) => userResponse(ctx.db, baseUrl(request)));

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
			const user = await currentUser(ctx.db);
			const known = Object.entries(meta).filter(([key]) =>
				(USER_META_KEYS as readonly string[]).includes(key),
			);
			await ctx.db.transaction(async () => {
				for (const [key, value] of known)
					await writeUserMeta(ctx.db, user.id, key, String(value));
			});
			if (known.length > 0) ctx.notifyWrite();
			return userResponse(ctx.db, baseUrl(request));
		},
	});

	const favorites = '/wc-admin/navigation/favorites/me';
	app.get(favorites, async () => {
		const user = await currentUser(ctx.db);
		return readFavorites(ctx.db, user.id);
	});

	app.post(favorites, async (request) => {
		const itemId = itemIdOf(request);
		const user = await currentUser(ctx.db);
		const list = await ctx.db.transaction(async () => {
			const current = await readFavorites(ctx.db, user.id);
			if (current.includes(itemId)) {
				throw new RestError(
					'woocommerce_favorites_already_exists',
					'Favorite already exists',
					409,
				);
			}
			const next = [...current, itemId];
			await writeUserMeta(ctx.db, user.id, FAVORITES_KEY, JSON.stringify(next));
			return next;
		});
		ctx.notifyWrite();
		return list;
	});

	app.delete(favorites, async (request) => {
		const itemId = itemIdOf(request);
		const user = await currentUser(ctx.db);
		const list = await ctx.db.transaction(async () => {
			const current = await readFavorites(ctx.db, user.id);
			if (!current.includes(itemId)) {
				throw new RestError(
					'woocommerce_favorites_does_not_exist',
					'Favorite item not found',
					404,
				);
			}
			const next = current.filter((id) => id !== itemId);
			await writeUserMeta(ctx.db, user.id, FAVORITES_KEY, JSON.stringify(next));
			return next;
		});
		ctx.notifyWrite();
		return list;
	});
}
