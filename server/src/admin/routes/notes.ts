/**
 * Inbox notes (`wc-analytics/admin/notes`): list with real totals, one, update, batch update,
 * actions, delete one and delete all (soft deletes).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db, Row, SqlValue } from '../../core/db.js';
import { RestError, invalidParams } from '../../http/errors.js';
import {
	formatIso,
	formatSql,
	isValidTimeZone,
	parseNaive,
	utcToLocal,
	localToUtc,
} from '../../db/store-time.js';
import { baseUrl, pickFields, requestedFields } from '../../http/response.js';
import { parseIdList, parseList, EDITABLE, type RawQuery } from '../../http/params.js';
import { placeholders } from '../../db/sql.js';
import { getOption } from '../../db/options.js';
import { listParams, selectListPage } from './list-params.js';

const NOTE_TYPES = ['error', 'warning', 'update', 'info', 'marketing', 'survey', 'email'];
const NOTE_STATUSES = ['pending', 'actioned', 'unactioned', 'snoozed', 'sent'];

const NOTE_UPDATE_PROPERTIES = {
	status: { type: 'string', enum: NOTE_STATUSES },
	date_reminder: { type: ['string', 'null'] },
	is_deleted: { type: 'boolean' },
	is_read: { type: 'boolean' },
};

async function storeTimeZone(db: Db): Promise<string> {
	const zone = await getOption<unknown>(db, 'timezone_string', 'UTC');
	return typeof zone === 'string' && zone !== '' && isValidTimeZone(zone) ? zone : 'UTC';
}

function localIso(gmt: SqlValue, zone: string): string | null {
	if (gmt === null || gmt === undefined || gmt === '') return null;
	return formatIso(utcToLocal(parseNaive(String(gmt)), zone));
}

function actionUrl(query: string, base: string, nonce: string | null, ctxNonce: string): string {
	if (!query) return '';
	let url: string;
	if (/^https?:\/\//.test(query)) url = query;
	else if (query.startsWith('?')) url = `${base}/wp-admin/admin.php${query}`;
	else url = `${base}/wp-admin/${query.replace(/^\//, '')}`;
	if (nonce)
		url += `${url.includes('?') ? '&' : '?'}${encodeURIComponent(nonce)}=${encodeURIComponent(ctxNonce)}`;
	return url;
}

async function noteObjects(
	ctx: ServerContext,
	rows: Row[],
	base: string,
): Promise<Array<Record<string, unknown>>> {
	const ids = rows.map((r) => Number(r.note_id));
	const actions = new Map<number, Row[]>();
	if (ids.length > 0) {
		for (const action of await ctx.db.all(
			`SELECT * FROM admin_note_actions WHERE note_id IN (${placeholders(ids.length)}) ORDER BY action_id`,
			ids,
		)) {
			const list = actions.get(Number(action.note_id)) ?? [];
			list.push(action);
			actions.set(Number(action.note_id), list);
		}
	}
	const zone = await storeTimeZone(ctx.db);
	return rows.map((row) => {
		const id = Number(row.note_id);
		let contentData: unknown = {};
		try {
			contentData = row.content_data ? JSON.parse(String(row.content_data)) : {};
		} catch {
			contentData = {};
		}
		return {
			id,
			name: row.name,
			type: row.type,
			locale: row.locale,
			title: row.title,
			content: row.content,
			content_data: contentData,
			status: row.status,
			source: row.source,
			date_created: localIso(row.date_created_gmt, zone),
			date_created_gmt: row.date_created_gmt
				? formatIso(parseNaive(String(row.date_created_gmt)))
				: null,
			date_reminder: localIso(row.date_reminder_gmt, zone),
			date_reminder_gmt: row.date_reminder_gmt
				? formatIso(parseNaive(String(row.date_reminder_gmt)))
				: null,
			is_snoozable: Boolean(row.is_snoozable),
			actions: (actions.get(id) ?? []).map((action) => ({
				id: Number(action.action_id),
				name: action.name,
				label: action.label,
				query: action.query,
				status: action.status,
				primary: Boolean(action.is_primary),
				actioned_text: action.actioned_text,
				nonce_action: action.nonce_action,
				nonce_name: action.nonce_name,
				url: actionUrl(
					String(action.query ?? ''),
					base,
					action.nonce_name ? String(action.nonce_name) : null,
					ctx.config.nonce,
				),
			})),
			layout: row.layout,
			image: row.image,
			is_deleted: Boolean(row.is_deleted),
			is_read: Boolean(row.is_read),
			_links: {
				self: [{ href: `${base}/wp-json/wc-analytics/admin/notes/${id}` }],
				collection: [{ href: `${base}/wp-json/wc-analytics/admin/notes` }],
			},
		};
	});
}

function noteNotFound(): RestError {
	return new RestError(
		'woocommerce_note_invalid_id',
		'Sorry, there is no resource with that ID.',
		404,
	);
}

async function noteRow(db: Db, id: number): Promise<Row> {
	const row = Number.isInteger(id)
		? await db.one('SELECT * FROM admin_notes WHERE note_id = ?', [id])
		: undefined;
	if (!row) throw noteNotFound();
	return row;
}

interface NoteChanges {
	status?: string;
	date_reminder?: string | null;
	is_deleted?: boolean;
	is_read?: boolean;
}

/** Converts a store-local `date_reminder` to both stored columns; 400 when not a date. */
async function reminderColumns(
	db: Db,
	value: string | null,
): Promise<[string | null, string | null]> {
	if (value === null || value === '') return [null, null];
	const local = parseNaive(value);
	if (Number.isNaN(local))
		throw invalidParams({
			date_reminder: 'date_reminder must be a date (YYYY-MM-DDTHH:MM:SS).',
		});
	const zone = await storeTimeZone(db);
	return [formatSql(local), formatSql(localToUtc(local, zone))];
}

async function applyChanges(db: Db, id: number, changes: NoteChanges): Promise<void> {
	const sets: string[] = [];
	const params: SqlValue[] = [];
	if (changes.status !== undefined) {
		sets.push('status = ?');
		params.push(changes.status);
	}
	if (changes.date_reminder !== undefined) {
		const [local, gmt] = await reminderColumns(db, changes.date_reminder);
		sets.push('date_reminder = ?', 'date_reminder_gmt = ?');
		params.push(local, gmt);
	}
	if (changes.is_deleted !== undefined) {
		sets.push('is_deleted = ?');
		params.push(changes.is_deleted);
	}
	if (changes.is_read !== undefined) {
		sets.push('is_read = ?');
		params.push(changes.is_read);
	}
	if (sets.length === 0) return;
	await db.run(`UPDATE admin_notes SET ${sets.join(', ')} WHERE note_id = ?`, [...params, id]);
}

function enumList(query: RawQuery, name: string, allowed: string[]): string[] {
	const values = parseList(query[name]);
	const unknown = values.filter((v) => !allowed.includes(v));
	if (unknown.length > 0)
		throw invalidParams({ [name]: `${name} is not one of ${allowed.join(', ')}.` });
	return values;
}

export async function registerNoteRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
	const root = '/wc-analytics/admin/notes';
	const one = async (request: FastifyRequest, id: number) =>
		(await noteObjects(ctx, [await noteRow(ctx.db, id)], baseUrl(request)))[0];

	app.get(root, async (request, reply) => {
		const list = listParams(
			request,
			{
				note_id: 'note_id',
				date: 'date_created_gmt',
				type: 'type',
				title: 'title',
				status: 'status',
			},
			{ orderby: 'date', order: 'desc' },
		);
		const { query } = list;
		const where = ['NOT is_deleted'];
		const params: SqlValue[] = [];
		const types = enumList(query, 'type', NOTE_TYPES);
		if (types.length > 0) {
			where.push(`type IN (${placeholders(types.length)})`);
			params.push(...types);
		}
		const statuses = enumList(query, 'status', NOTE_STATUSES);
		if (statuses.length > 0) {
			where.push(`status IN (${placeholders(statuses.length)})`);
			params.push(...statuses);
		}
		const sources = parseList(query.source);
		if (sources.length > 0) {
			where.push(`source IN (${placeholders(sources.length)})`);
			params.push(...sources);
		}
		const rows = await selectListPage(ctx.db, request, reply, list, {
			columns: '*',
			from: 'admin_notes',
			where,
			params,
			id: 'note_id',
		});
		const fields = requestedFields(query);
		return (await noteObjects(ctx, rows, baseUrl(request))).map((note) =>
			pickFields(note, fields),
		);
	});

	app.route({
		method: [...EDITABLE],
		url: `${root}/update`,
		schema: {
			body: {
				type: 'object',
				properties: { noteIds: {}, ...NOTE_UPDATE_PROPERTIES },
			},
		},
		handler: async (request) => {
			const body = request.body as NoteChanges & { noteIds?: unknown };
			const ids = Array.isArray(body.noteIds) ? parseIdList(body.noteIds) : [];
			if (
				ids.length === 0 ||
				(Array.isArray(body.noteIds) && ids.length !== body.noteIds.length)
			) {
				throw new RestError(
					'woocommerce_note_invalid_ids',
					'Please provide an array of IDs through the noteIds param.',
					422,
					{
						params: { noteIds: 'noteIds must be a non-empty array of note ids.' },
					},
				);
			}
			const found = await ctx.db.all<{ note_id: number }>(
				`SELECT note_id FROM admin_notes WHERE note_id IN (${placeholders(ids.length)})`,
				ids,
			);
			if (found.length !== ids.length) throw noteNotFound();
			await ctx.db.transaction(async () => {
				for (const id of ids) await applyChanges(ctx.db, id, body);
			});
			ctx.notifyWrite();
			const rows = await ctx.db.all(
				`SELECT * FROM admin_notes WHERE note_id IN (${placeholders(ids.length)}) ORDER BY note_id`,
				ids,
			);
			return noteObjects(ctx, rows, baseUrl(request));
		},
	});

	app.delete(`${root}/delete/all`, async (request, reply) => {
		const query = request.query as RawQuery;
		const statuses = enumList(query, 'status', NOTE_STATUSES);
		const where = ['NOT is_deleted', "type IN ('info', 'marketing', 'warning', 'survey')"];
		const params: SqlValue[] = [];
		if (statuses.length > 0) {
			where.push(`status IN (${placeholders(statuses.length)})`);
			params.push(...statuses);
		}
		const ids = await ctx.db.transaction(async () => {
			const rows = await ctx.db.all<{ note_id: number }>(
				`SELECT note_id FROM admin_notes WHERE ${where.join(' AND ')} ORDER BY date_created_gmt DESC, note_id DESC LIMIT 25`,
				params,
			);
			const list = rows.map((r) => Number(r.note_id));
			if (list.length > 0) {
				await ctx.db.run(
					`UPDATE admin_notes SET is_deleted = true WHERE note_id IN (${placeholders(list.length)})`,
					list,
				);
			}
			return list;
		});
		if (ids.length > 0) ctx.notifyWrite();
		const remaining = await ctx.db.one<{ n: number }>(
			"SELECT count(*) AS n FROM admin_notes WHERE NOT is_deleted AND type IN ('info', 'warning')",
		);
		reply.header('X-WP-Total', String(Number(remaining?.n ?? 0)));
		if (ids.length === 0) return [];
		const rows = await ctx.db.all(
			`SELECT * FROM admin_notes WHERE note_id IN (${placeholders(ids.length)}) ORDER BY date_created_gmt DESC, note_id DESC`,
			ids,
		);
		return noteObjects(ctx, rows, baseUrl(request));
	});

	app.delete(`${root}/delete/:id`, async (request) => {
		const id = Number((request.params as { id: string }).id);
		await noteRow(ctx.db, id);
		await ctx.db.transaction(() =>
			ctx.db.run('UPDATE admin_notes SET is_deleted = true WHERE note_id = ?', [id]),
		);
		ctx.notifyWrite();
		return one(request, id);
	});

	app.get(`${root}/:id`, async (request) =>
		one(request, Number((request.params as { id: string }).id)),
	);

	app.route({
		method: [...EDITABLE],
		url: `${root}/:id`,
		schema: { body: { type: 'object', properties: NOTE_UPDATE_PROPERTIES } },
		handler: async (request) => {
			const id = Number((request.params as { id: string }).id);
			await noteRow(ctx.db, id);
			await ctx.db.transaction(() =>
				applyChanges(ctx.db, id, (request.body ?? {}) as NoteChanges),
			);
			ctx.notifyWrite();
			return one(request, id);
		},
	});

	app.route({
		method: [...EDITABLE],
		url: `${root}/:note_id/action/:action_id`,
		handler: async (request) => {
			const params = request.params as { note_id: string; action_id: string };
			const noteId = Number(params.note_id);
			await noteRow(ctx.db, noteId);
			const action = await ctx.db.one<{ status: string }>(
				'SELECT status FROM admin_note_actions WHERE action_id = ? AND note_id = ?',
				[Number(params.action_id) || -1, noteId],
			);
			if (!action) {
				throw new RestError(
					'woocommerce_note_action_invalid_id',
					'Sorry, there is no resource with that ID.',
					404,
				);
			}
			await ctx.db.transaction(async () => {
				await applyChanges(ctx.db, noteId, {
					is_read: true,
					...(action.status ? { status: action.status } : {}),
				});
			});
			ctx.notifyWrite();
			return one(request, noteId);
		},
	});

	app.get(`${root}/tracker/:note_id/user/:user_id`, async (_request, reply) =>
		reply.status(204).send(),
	);
}
