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
 * mutation needs the nonce (`app.ts`). The notes are kept through the storage port
 * (`Storage.annotations`, `db/storage.ts`): the server's own database, or on a ClickHouse engine
 * the store its operator chose (its notes on the cluster, `clickhouse/annotations.ts`; the engine's
 * page naming no store gets 400 `abacus_operator_store_required` there).
 * Bad input gets 400 `abacus_invalid_annotation` naming each bad field; nothing is written then.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import { duckdbStorage, type AnnotationRecord, type Storage } from '../../db/storage.js';
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

/** Who asks: the key notes are kept under, the name shown, and whether they may edit every note. */
interface Actor {
	key: string;
	id: number;
	name: string;
	admin: boolean;
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

function toNote(row: AnnotationRecord, actor: Actor): Annotation {
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

const forbidden = () =>
	new RestError(
		'abacus_annotation_forbidden',
		'Only the author of a note or an administrator may change or delete it.',
		403,
	);

/** The note is the actor's to change (403 when not theirs). */
function mayChange(row: AnnotationRecord, actor: Actor): void {
	if (!actor.admin && actor.key !== row.author_key) throw forbidden();
}

/** The notes routes, kept through `storage` (default: the server's own DuckDB store). */
export async function registerAnnotationRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	storage: Storage = duckdbStorage(ctx),
): Promise<void> {
	const db = ctx.db;
	// On a ClickHouse engine the routes answer for the operator's chosen store, writes included.
	const config = { storePort: true, storePortWrites: true };

	/** An engine's signed-in operator, or the demo store's own user (its admin). */
	async function actorOf(request: FastifyRequest): Promise<Actor> {
		const operator = request.operatorSession;
		if (operator) {
			return { key: `operator:${operator.name}`, id: 0, name: operator.name, admin: true };
		}
		const user = await currentUser(db);
		return { key: `user:${user.id}`, id: user.id, name: user.name, admin: true };
	}

	app.get('/abacus/v1/annotations', { config }, async (request) => {
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
		const actor = await actorOf(request);
		const notes = await storage.annotations(request);
		const rows = await notes.list({ after, before }, MAX_ANNOTATIONS);
		return rows.map((row) => toNote(row, actor));
	});

	app.get('/abacus/v1/annotations/:id', { config }, async (request) => {
		const id = idOf(request);
		const row = await (await storage.annotations(request)).get(id);
		if (!row) throw noSuchNote();
		return toNote(row, await actorOf(request));
	});

	app.post('/abacus/v1/annotations', { config }, async (request, reply) => {
		const input = validateAnnotation(request.body);
		const actor = await actorOf(request);
		const notes = await storage.annotations(request);
		const row = await notes.create(input, actor, MAX_ANNOTATIONS);
		if (!row) {
			throw new RestError(
				'abacus_too_many_annotations',
				`The store keeps at most ${MAX_ANNOTATIONS} notes: delete old ones first.`,
				400,
			);
		}
		reply.status(201);
		return toNote(row, actor);
	});

	app.route({
		method: [...EDITABLE],
		url: '/abacus/v1/annotations/:id',
		config,
		handler: async (request) => {
			const actor = await actorOf(request);
			const id = idOf(request);
			const notes = await storage.annotations(request);
			const row = await notes.update(id, (current) => {
				mayChange(current, actor);
				return validateAnnotation(request.body ?? {}, current);
			});
			if (!row) throw noSuchNote();
			return toNote(row, actor);
		},
	});

	app.delete('/abacus/v1/annotations/:id', { config }, async (request) => {
		const actor = await actorOf(request);
		const id = idOf(request);
		const notes = await storage.annotations(request);
		const previous = await notes.remove(id, (current) => mayChange(current, actor));
		if (!previous) throw noSuchNote();
		return { deleted: true, previous: toNote(previous, actor) };
	});
}
