/**
 * Notes on charts (annotations), `abacus/v1/annotations`: a note on a day or a range of days with
 * a short text and an optional http(s) link, shared by the store's report users and shown on every
 * time chart. The same routes and JSON as the WordPress plugin's (`php/annotations.php`):
 *
 * * `GET abacus/v1/annotations[?after=YYYY-MM-DD&before=YYYY-MM-DD]` — the notes meeting the days
 *   (all without them), by first day then id.
 * * `GET abacus/v1/annotations/:id` — one note.
 * * `POST abacus/v1/annotations` — `{date_from, date_to?, text, url?}`: 201 and the note.
 * * `POST|PUT|PATCH abacus/v1/annotations/:id` — any of the same fields: the note changed.
 * * `DELETE abacus/v1/annotations/:id` — `{deleted: true, previous}`.
 *
 * A note is `{id, date_from, date_to, text, url, author: {id, name}, created, updated, can_edit}`.
 * Its author or an admin may change or delete it: on this server the demo store's user is its
 * admin, and on an engine every request comes from a signed-in operator (the engine's gate: a
 * store token gets 401 here; WordPress keeps its own notes), who is the engine's admin. Every
 * mutation needs the nonce (`app.ts`). A ClickHouse engine answers 501 (not on its seam).
 * Bad input gets 400 `abacus_invalid_annotation` naming each bad field; nothing is written then.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db } from '../../core/db.js';
import { RestError, notFound } from '../../http/errors.js';
import { EDITABLE } from '../../http/params.js';
import { currentUser } from '../users.js';

/** Longest note text (characters). */
export const MAX_TEXT_LENGTH = 280;
/** Longest link (characters). */
export const MAX_URL_LENGTH = 500;
/** Longest range a note may cover (days, first and last included). */
export const MAX_SPAN_DAYS = 366;
/** Most notes a store keeps. */
export const MAX_ANNOTATIONS = 2000;

const FIELDS = ['date_from', 'date_to', 'text', 'url'] as const;

export interface Annotation {
	id: number;
	date_from: string;
	date_to: string;
	text: string;
	url: string;
	author: { id: number; name: string };
	created: string;
	updated: string;
	can_edit: boolean;
}

interface AnnotationRow extends Record<string, string | number | bigint | null | boolean> {
	id: number | bigint;
	date_from: string;
	date_to: string;
	text: string;
	url: string;
	author_key: string;
	author_id: number | bigint;
	author_name: string;
	created: string;
	updated: string;
}

/** Who asks: the key notes are kept under, the name shown, and whether they may edit every note. */
interface Actor {
	key: string;
	id: number;
	name: string;
	admin: boolean;
}

const ready = new WeakMap<Db, Promise<void>>();

/** Creates the notes' table once per database. */
export function ensureAnnotationSchema(db: Db): Promise<void> {
	let done = ready.get(db);
	if (!done) {
		done = db.exec(`
			CREATE SEQUENCE IF NOT EXISTS abacus_annotation_ids START 1;
			CREATE TABLE IF NOT EXISTS abacus_annotations (
				id BIGINT PRIMARY KEY, date_from DATE NOT NULL, date_to DATE NOT NULL,
				text VARCHAR NOT NULL, url VARCHAR NOT NULL DEFAULT '',
				author_key VARCHAR NOT NULL, author_id BIGINT NOT NULL DEFAULT 0,
				author_name VARCHAR NOT NULL DEFAULT '',
				created TIMESTAMP NOT NULL, updated TIMESTAMP NOT NULL
			);
		`);
		ready.set(db, done);
		done.catch(() => ready.delete(db));
	}
	return done;
}

/** Whether a text is a real day `YYYY-MM-DD` between 1970 and 2100. */
export function isDay(text: unknown): text is string {
	if (typeof text !== 'string') return false;
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
	if (!m) return false;
	const year = Number(m[1]);
	const d = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
	return d.toISOString().slice(0, 10) === text && year >= 1970 && year <= 2100;
}

const daysBetween = (from: string, to: string): number =>
	Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Control characters (line breaks included): a note is one line of text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The problem with a link, or null when it is an http(s) address (or empty). */
function urlProblem(value: string): string | null {
	if (value === '') return null;
	if (value.length > MAX_URL_LENGTH) {
		return `The link must be at most ${MAX_URL_LENGTH} characters.`;
	}
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return 'The link must be a web address starting with http:// or https://.';
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return 'The link must be a web address starting with http:// or https://.';
	}
	if (url.username !== '' || url.password !== '') {
		return 'The link must not carry a user name or password.';
	}
	if (CONTROL.test(value) || /\s/.test(value)) return 'The link must not contain spaces.';
	return null;
}

function invalid(problems: Record<string, string>): RestError {
	return new RestError(
		'abacus_invalid_annotation',
		`The note was not saved: ${Object.values(problems).join(' ')}`,
		400,
		{ params: problems },
	);
}

export interface AnnotationInput {
	date_from: string;
	date_to: string;
	text: string;
	url: string;
}

/**
 * Checks a body against a note's fields: on create every required field, on update the fields
 * sent over `current`. Throws a 400 naming each bad field.
 */
export function validateAnnotation(body: unknown, current?: AnnotationInput): AnnotationInput {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw invalid({
			body: 'Send a JSON object with date_from, text and optionally date_to and url.',
		});
	}
	const raw = body as Record<string, unknown>;
	const problems: Record<string, string> = {};
	const keys = Object.keys(raw);
	for (const key of keys) {
		if (!(FIELDS as readonly string[]).includes(key)) {
			problems[key.slice(0, 60)] =
				`${key.slice(0, 60)} is not a field of a note (date_from, date_to, text, url).`;
		}
	}
	if (!current && keys.length === 0) problems.body = 'Send date_from and text.';
	const has = (key: string) => Object.hasOwn(raw, key);
	const from = has('date_from') ? raw.date_from : current?.date_from;
	if (!isDay(from)) problems.date_from = 'date_from must be a day like 2026-01-31.';
	// A new first day without a last day keeps the note on one day when it was one.
	const to = has('date_to')
		? raw.date_to === null || raw.date_to === ''
			? from
			: raw.date_to
		: current && current.date_to !== current.date_from
			? current.date_to
			: from;
	if (!isDay(to)) problems.date_to = 'date_to must be a day like 2026-01-31, or left out.';
	else if (isDay(from)) {
		if (to < from) problems.date_to = 'date_to must be on or after date_from.';
		else if (daysBetween(from, to) + 1 > MAX_SPAN_DAYS) {
			problems.date_to = `A note may cover at most ${MAX_SPAN_DAYS} days.`;
		}
	}
	let text = current?.text ?? '';
	if (has('text') || !current) {
		if (typeof raw.text !== 'string') problems.text = 'text must be the note, as text.';
		else {
			text = raw.text.trim();
			if (text === '') problems.text = 'The note must have a text.';
			else if ([...text].length > MAX_TEXT_LENGTH) {
				problems.text = `The note must be at most ${MAX_TEXT_LENGTH} characters.`;
			} else if (CONTROL.test(text)) {
				problems.text = 'The note must be one line of text, without control characters.';
			}
		}
	}
	let url = current?.url ?? '';
	if (has('url')) {
		if (raw.url === null) url = '';
		else if (typeof raw.url !== 'string') problems.url = 'url must be a web address, or empty.';
		else {
			url = raw.url.trim();
			const problem = urlProblem(url);
			if (problem) problems.url = problem;
		}
	}
	if (Object.keys(problems).length > 0) throw invalid(problems);
	return { date_from: from as string, date_to: to as string, text, url };
}

function toNote(row: AnnotationRow, actor: Actor): Annotation {
	const day = (value: unknown) => String(value).slice(0, 10);
	const time = (value: unknown) => `${String(value).replace(' ', 'T').slice(0, 19)}Z`;
	return {
		id: Number(row.id),
		date_from: day(row.date_from),
		date_to: day(row.date_to),
		text: row.text,
		url: row.url,
		author: { id: Number(row.author_id), name: row.author_name },
		created: time(row.created),
		updated: time(row.updated),
		can_edit: actor.admin || actor.key === row.author_key,
	};
}

const SELECT = `SELECT id, strftime(date_from, '%Y-%m-%d') AS date_from,
	strftime(date_to, '%Y-%m-%d') AS date_to, text, url, author_key, author_id, author_name,
	strftime(created, '%Y-%m-%d %H:%M:%S') AS created,
	strftime(updated, '%Y-%m-%d %H:%M:%S') AS updated FROM abacus_annotations`;

function badId(): RestError {
	return new RestError('rest_invalid_param', 'Invalid parameter(s): id', 400, {
		params: { id: 'id must be the number of a note.' },
	});
}

function idOf(request: FastifyRequest): number {
	const raw = String((request.params as Record<string, unknown>).id ?? '');
	if (!/^\d{1,12}$/.test(raw) || Number(raw) <= 0) throw badId();
	return Number(raw);
}

const noSuchNote = () => notFound('abacus_annotation_not_found', 'There is no note with this id.');

export async function registerAnnotationRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const db = ctx.db;
	await ensureAnnotationSchema(db);

	/** An engine's signed-in operator, or the demo store's own user (its admin). */
	async function actorOf(request: FastifyRequest): Promise<Actor> {
		const operator = request.operatorSession;
		if (operator) {
			return { key: `operator:${operator.name}`, id: 0, name: operator.name, admin: true };
		}
		const user = await currentUser(db);
		return { key: `user:${user.id}`, id: user.id, name: user.name, admin: true };
	}

	async function find(id: number): Promise<AnnotationRow | undefined> {
		return db.one<AnnotationRow>(`${SELECT} WHERE id = ?`, [id]);
	}

	app.get('/abacus/v1/annotations', async (request) => {
		const query = (request.query ?? {}) as Record<string, unknown>;
		const problems: Record<string, string> = {};
		for (const key of Object.keys(query)) {
			if (key !== 'after' && key !== 'before' && key !== '_locale' && key !== '_wpnonce') {
				problems[key.slice(0, 60)] =
					`${key.slice(0, 60)} is not a parameter of this route (after, before).`;
			}
		}
		const after = query.after === undefined ? undefined : String(query.after).slice(0, 10);
		const before = query.before === undefined ? undefined : String(query.before).slice(0, 10);
		if (query.after !== undefined && !isDay(String(query.after).slice(0, 10))) {
			problems.after = 'after must be a day like 2026-01-31.';
		}
		if (query.before !== undefined && !isDay(String(query.before).slice(0, 10))) {
			problems.before = 'before must be a day like 2026-01-31.';
		}
		if (Object.keys(problems).length > 0) {
			throw new RestError(
				'rest_invalid_param',
				`Invalid parameter(s): ${Object.keys(problems).join(', ')}`,
				400,
				{ params: problems },
			);
		}
		const conditions: string[] = [];
		const params: string[] = [];
		if (after !== undefined) {
			conditions.push('date_to >= CAST(? AS DATE)');
			params.push(after);
		}
		if (before !== undefined) {
			conditions.push('date_from <= CAST(? AS DATE)');
			params.push(before);
		}
		const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
		const actor = await actorOf(request);
		const rows = await db.all<AnnotationRow>(
			`${SELECT}${where} ORDER BY date_from, id LIMIT ${MAX_ANNOTATIONS}`,
			params,
		);
		return rows.map((row) => toNote(row, actor));
	});

	app.get('/abacus/v1/annotations/:id', async (request) => {
		const row = await find(idOf(request));
		if (!row) throw noSuchNote();
		return toNote(row, await actorOf(request));
	});

	app.post('/abacus/v1/annotations', async (request, reply) => {
		const input = validateAnnotation(request.body);
		const actor = await actorOf(request);
		const row = await db.transaction(async () => {
			const count = await db.one<{ n: number | bigint }>(
				'SELECT COUNT(*) AS n FROM abacus_annotations',
			);
			if (Number(count?.n ?? 0) >= MAX_ANNOTATIONS) {
				throw new RestError(
					'abacus_too_many_annotations',
					`The store keeps at most ${MAX_ANNOTATIONS} notes: delete old ones first.`,
					400,
				);
			}
			const next = await db.one<{ id: number | bigint }>(
				"SELECT nextval('abacus_annotation_ids') AS id",
			);
			const id = Number(next?.id);
			await db.run(
				`INSERT INTO abacus_annotations (id, date_from, date_to, text, url, author_key,
					author_id, author_name, created, updated)
				 VALUES (?, CAST(? AS DATE), CAST(? AS DATE), ?, ?, ?, ?, ?,
					CAST(now() AT TIME ZONE 'UTC' AS TIMESTAMP), CAST(now() AT TIME ZONE 'UTC' AS TIMESTAMP))`,
				[
					id,
					input.date_from,
					input.date_to,
					input.text,
					input.url,
					actor.key,
					actor.id,
					actor.name,
				],
			);
			return find(id);
		});
		if (!row) throw noSuchNote();
		reply.status(201);
		return toNote(row, actor);
	});

	/** The note, if the actor may change it (404 when there is none, 403 when not theirs). */
	async function editable(request: FastifyRequest, actor: Actor): Promise<AnnotationRow> {
		const row = await find(idOf(request));
		if (!row) throw noSuchNote();
		if (!actor.admin && actor.key !== row.author_key) {
			throw new RestError(
				'abacus_annotation_forbidden',
				'Only the author of a note or an administrator may change or delete it.',
				403,
			);
		}
		return row;
	}

	app.route({
		method: [...EDITABLE],
		url: '/abacus/v1/annotations/:id',
		handler: async (request) => {
			const actor = await actorOf(request);
			const id = idOf(request);
			const row = await db.transaction(async () => {
				const current = await editable(request, actor);
				const input = validateAnnotation(request.body ?? {}, {
					date_from: current.date_from,
					date_to: current.date_to,
					text: current.text,
					url: current.url,
				});
				await db.run(
					`UPDATE abacus_annotations SET date_from = CAST(? AS DATE),
						date_to = CAST(? AS DATE), text = ?, url = ?,
						updated = CAST(now() AT TIME ZONE 'UTC' AS TIMESTAMP) WHERE id = ?`,
					[input.date_from, input.date_to, input.text, input.url, id],
				);
				return find(id);
			});
			if (!row) throw noSuchNote();
			return toNote(row, actor);
		},
	});

	app.delete('/abacus/v1/annotations/:id', async (request) => {
		const actor = await actorOf(request);
		const id = idOf(request);
		const previous = await db.transaction(async () => {
			const current = await editable(request, actor);
			await db.run('DELETE FROM abacus_annotations WHERE id = ?', [id]);
			return current;
		});
		return { deleted: true, previous: toNote(previous, actor) };
	});
}
