/**
 * Product reviews (`wc-analytics/products/reviews`): list with totals and `_embed`, one,
 * status updates (approve, hold, spam, trash, unspam, untrash) and delete.
 */
import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db, Row, SqlValue } from '../../core/db.js';
import { RestError, invalidParams } from '../../http/errors.js';
import { baseUrl, pickFields, requestedFields } from '../../http/response.js';
import { isoDate } from '../../http/values.js';
import { parseIdList, toBool, EDITABLE, type RawQuery } from '../../http/params.js';
import { placeholders } from '../../db/sql.js';
import { listParams, selectListPage } from './list-params.js';

const LIST_STATUSES = ['all', 'hold', 'approved', 'spam', 'trash'];
const UPDATE_STATUSES = ['approved', 'hold', 'spam', 'trash', 'unspam', 'untrash'];

function avatarUrls(email: string): Record<string, string> {
	const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
	return Object.fromEntries(
		[24, 48, 96].map((size) => [
			String(size),
			`https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`,
		]),
	);
}

async function reviewObjects(
	db: Db,
	rows: Row[],
	base: string,
	embed: boolean,
): Promise<Array<Record<string, unknown>>> {
	const productIds = [...new Set(rows.map((r) => Number(r.product_id)))];
	const products = new Map<number, Row>();
	if (productIds.length > 0) {
		for (const product of await db.all(
			`SELECT id, name, slug, image FROM products WHERE id IN (${placeholders(productIds.length)})`,
			productIds,
		)) {
			products.set(Number(product.id), product);
		}
	}
	return rows.map((row) => {
		const id = Number(row.id);
		const productId = Number(row.product_id);
		const product = products.get(productId);
		const permalink = product ? `${base}/product/${product.slug}/` : '';
		const object: Record<string, unknown> = {
			id,
			date_created: isoDate(row.date_created),
			date_created_gmt: isoDate(row.date_created_gmt),
			product_id: productId,
			product_name: product ? String(product.name) : '',
			product_permalink: permalink,
			status: row.status,
			reviewer: row.reviewer,
			reviewer_email: row.reviewer_email,
			review: row.review,
			rating: Number(row.rating),
			verified: Boolean(row.verified),
			reviewer_avatar_urls: avatarUrls(String(row.reviewer_email)),
			_links: {
				self: [{ href: `${base}/wp-json/wc-analytics/products/reviews/${id}` }],
				collection: [{ href: `${base}/wp-json/wc-analytics/products/reviews` }],
				up: [
					{
						href: `${base}/wp-json/wc-analytics/products/${productId}`,
						embeddable: true,
					},
				],
			},
		};
		if (embed && product) {
			object._embedded = {
				up: [
					{
						id: productId,
						name: product.name,
						slug: product.slug,
						permalink,
						images: product.image
							? [{ id: 0, src: product.image, name: product.name, alt: '' }]
							: [],
						short_description: '',
					},
				],
			};
		}
		return object;
	});
}

function reviewNotFound(): RestError {
	return new RestError('woocommerce_rest_review_invalid_id', 'Invalid review ID.', 404);
}

async function reviewRow(db: Db, id: number): Promise<Row> {
	const row = Number.isInteger(id)
		? await db.one('SELECT * FROM product_reviews WHERE id = ?', [id])
		: undefined;
	if (!row) throw reviewNotFound();
	return row;
}

/** Keeps the product's rating summary in step with its approved reviews. */
async function refreshRating(db: Db, productId: number): Promise<void> {
	const summary = await db.one<{ n: number; avg: number | null }>(
		"SELECT count(*) AS n, avg(rating) AS avg FROM product_reviews WHERE product_id = ? AND status = 'approved' AND rating > 0",
		[productId],
	);
	const count = Number(summary?.n ?? 0);
	const average = count > 0 ? Math.round(Number(summary?.avg) * 100) / 100 : 0;
	await db.run('UPDATE products SET rating_count = ?, average_rating = ? WHERE id = ?', [
		count,
		average,
		productId,
	]);
	await db.run(
		'UPDATE product_meta_lookup SET rating_count = ?, average_rating = ? WHERE product_id = ?',
		[count, average, productId],
	);
}

async function setStatus(db: Db, row: Row, wanted: string): Promise<void> {
	const current = String(row.status);
	let next = wanted;
	let previous: string | null = row.previous_status === null ? null : String(row.previous_status);
	if (wanted === 'unspam' || wanted === 'untrash') {
		const from = wanted === 'unspam' ? 'spam' : 'trash';
		next = current === from ? (previous ?? 'hold') : current;
		previous = null;
	} else if (wanted === 'spam' || wanted === 'trash') {
		if (current !== wanted) previous = current;
	}
	await db.run('UPDATE product_reviews SET status = ?, previous_status = ? WHERE id = ?', [
		next,
		previous,
		Number(row.id),
	]);
	await refreshRating(db, Number(row.product_id));
}

export async function registerReviewRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const root = '/wc-analytics/products/reviews';
	const one = async (request: FastifyRequest, id: number) => {
		const query = request.query as RawQuery;
		const [review] = await reviewObjects(
			ctx.db,
			[await reviewRow(ctx.db, id)],
			baseUrl(request),
			toBool(query._embed),
		);
		return pickFields(review, requestedFields(query));
	};

	app.get(root, async (request, reply) => {
		const list = listParams(
			request,
			{
				date: 'date_created',
				date_gmt: 'date_created_gmt',
				id: 'id',
				include: 'id',
				product: 'product_id',
			},
			{ orderby: 'date', order: 'desc' },
		);
		const { query } = list;
		const status = query.status === undefined ? 'approved' : String(query.status);
		if (!LIST_STATUSES.includes(status))
			throw invalidParams({ status: `status is not one of ${LIST_STATUSES.join(', ')}.` });
		const where: string[] = [
			status === 'all' ? "status IN ('approved', 'hold')" : 'status = ?',
		];
		const params: SqlValue[] = status === 'all' ? [] : [status];
		for (const [name, column] of [
			['product', 'product_id'],
			['include', 'id'],
		] as const) {
			const ids = parseIdList(query[name]);
			if (ids.length > 0) {
				where.push(`${column} IN (${placeholders(ids.length)})`);
				params.push(...ids);
			}
		}
		const exclude = parseIdList(query.exclude);
		if (exclude.length > 0) {
			where.push(`id NOT IN (${placeholders(exclude.length)})`);
			params.push(...exclude);
		}
		if (typeof query.reviewer_email === 'string' && query.reviewer_email !== '') {
			where.push('lower(reviewer_email) = ?');
			params.push(query.reviewer_email.toLowerCase());
		}
		if (typeof query.search === 'string' && query.search.trim() !== '') {
			where.push('(lower(review) LIKE ? OR lower(reviewer) LIKE ?)');
			const like = `%${query.search.trim().toLowerCase()}%`;
			params.push(like, like);
		}
		const rows = await selectListPage(ctx.db, request, reply, list, {
			columns: '*',
			from: 'product_reviews',
			where,
			params,
			id: 'id',
		});
		const fields = requestedFields(query);
		const objects = await reviewObjects(ctx.db, rows, baseUrl(request), toBool(query._embed));
		return objects.map((review) =>
			pickFields(
				review,
				fields ? [...fields, ...(toBool(query._embed) ? ['_embedded'] : [])] : null,
			),
		);
	});

	app.get(`${root}/:id`, async (request) =>
		one(request, Number((request.params as { id: string }).id)),
	);

	app.route({
		method: [...EDITABLE],
		url: `${root}/:id`,
		schema: {
			body: {
				type: 'object',
				properties: { status: { type: 'string', enum: UPDATE_STATUSES } },
			},
		},
		handler: async (request) => {
			const id = Number((request.params as { id: string }).id);
			const row = await reviewRow(ctx.db, id);
			const status = (request.body as { status?: string } | undefined)?.status;
			if (status !== undefined) {
				await ctx.db.transaction(() => setStatus(ctx.db, row, status));
				ctx.notifyWrite();
			}
			return one(request, id);
		},
	});

	app.delete(`${root}/:id`, async (request) => {
		const id = Number((request.params as { id: string }).id);
		const row = await reviewRow(ctx.db, id);
		const force = toBool((request.query as RawQuery).force);
		if (force) {
			const [previous] = await reviewObjects(ctx.db, [row], baseUrl(request), false);
			await ctx.db.transaction(async () => {
				await ctx.db.run('DELETE FROM product_reviews WHERE id = ?', [id]);
				await refreshRating(ctx.db, Number(row.product_id));
			});
			ctx.notifyWrite();
			return { deleted: true, previous };
		}
		if (row.status === 'trash') {
			throw new RestError(
				'woocommerce_rest_already_trashed',
				'The object has already been trashed.',
				410,
			);
		}
		await ctx.db.transaction(() => setStatus(ctx.db, row, 'trash'));
		ctx.notifyWrite();
		return one(request, id);
	});
}
