/**
 * Notes on charts on the ClickHouse engine, per store: two stores on a two-shard cluster, the
 * engine's operator `ops` (every store) and `ops-a` (the first store only). With a chosen store
 * (`X-Abacus-Store`) the notes routes are the DuckDB server's own route code kept through the
 * ClickHouse adapter (`annotations.ts`): the same requests get the same answers as on the store's
 * own DuckDB server (status, error code and message, the notes but their author and times); each
 * store's notes are its own (another store's id finds nothing, an operator not allowed a store
 * gets 403, a store token 401 as on a DuckDB engine); a cluster made before the notes gets their
 * tables on first use; two engine processes writing the same new id leave both notes.
 */
import { ClickHouseAnnotations, ensureAnnotationTables } from '../annotations.js';
import { ClickHouseClient } from '../client.js';
import { operatorSession, type SignedIn } from '../../engine-auth/test/operator-session.js';
import { type EngineFixture, type Server, startEngineFixture } from './setup.js';
import type { Annotation } from '../../admin/routes/annotations.js';

jest.setTimeout(300_000);

const NONCE = 'annotations-test-nonce-0123456789';
const A = { id: 61, timeZone: 'Europe/Berlin', seed: 61, url: 'https://notes-a.example' };
const B = { id: 62, timeZone: 'America/New_York', seed: 62, url: 'https://notes-b.example' };
const ROUTE = 'abacus/v1/annotations';

let fx: EngineFixture;
let engine: Server;
let opsA: SignedIn;

beforeAll(async () => {
	fx = await startEngineFixture({
		name: 'annotations',
		stores: [A, B],
		orders: 20,
		nonce: NONCE,
		operators: { 'ops-a': [String(A.id)] },
	});
	engine = fx.engine as Server;
	opsA = await operatorSession(engine, 'ops-a');
});

afterAll(async () => {
	await fx?.stop();
});

interface Answer {
	status: number;
	body: unknown;
}

/** A note as the routes answer it. */
type Note = Annotation;

async function send(
	base: string,
	method: string,
	route: string,
	headers: Record<string, string>,
	body?: unknown,
): Promise<Answer> {
	const response = await fetch(`${base}/wp-json/${route}`, {
		method,
		headers: {
			...headers,
			...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as unknown };
}

/** The signed-in operator's page asking for a store (session cookie, its nonce, the header). */
const asOperator = (store: number, who?: SignedIn): Record<string, string> => {
	const session = who ?? fx.operator;
	if (!session) throw new Error('The fixture has no engine operator.');
	return { ...session.headers, 'X-Abacus-Store': String(store) };
};

/** A request on the engine for a chosen store. */
const onEngine = (store: number, method: string, route: string, body?: unknown) =>
	send(engine.url, method, route, asOperator(store), body);

/** The same request on the store's own DuckDB server (its page's nonce). */
function onDuck(store: number, method: string, route: string, body?: unknown): Promise<Answer> {
	const server = fx.duck.get(store);
	if (!server) throw new Error(`No DuckDB server for store ${store}.`);
	return send(server.url, method, route, { 'X-WP-Nonce': NONCE }, body);
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** An answer without what differs by server: the author (the operator, the demo user) and times. */
function comparable(body: unknown): unknown {
	const note = (value: unknown): unknown => {
		if (typeof value !== 'object' || value === null || !('author' in value)) return value;
		const { author: _a, created, updated, ...rest } = value as Note;
		expect(created).toMatch(TIME);
		expect(updated).toMatch(TIME);
		return rest;
	};
	if (Array.isArray(body)) return body.map(note);
	if (typeof body === 'object' && body !== null && 'previous' in body) {
		const { previous, ...rest } = body as { previous: unknown };
		return { ...rest, previous: note(previous) };
	}
	return note(body);
}

/** Requests of a store's notes page: writes, reads by dates, changes, bad input, a removal. */
const SCRIPT: Array<[method: string, route: string, body?: unknown]> = [
	['GET', ROUTE],
	[
		'POST',
		ROUTE,
		{
			date_from: '2026-03-02',
			text: '  Spring sale e-mail  ',
			url: 'https://shop.example/blog/spring',
		},
	],
	[
		'POST',
		ROUTE,
		{
			date_from: '2026-03-05',
			date_to: '2026-03-09',
			text: "Checkout outage <script>alert('1')</script> \\ back",
		},
	],
	['POST', ROUTE, { date_from: '2026-01-10', text: 'Prix réduits — 10 % 🎉 Ünïcødé' }],
	['GET', `${ROUTE}?after=2026-03-06&before=2026-03-31`],
	['GET', `${ROUTE}?before=2026-03-02`],
	['GET', ROUTE],
	['GET', `${ROUTE}/2`],
	['PATCH', `${ROUTE}/2`, { text: 'Checkout outage fixed', date_to: null }],
	['PUT', `${ROUTE}/1`, { url: '' }],
	['POST', `${ROUTE}/3`, { date_from: '2026-01-11' }],
	// Bad input: 400 naming each field, nothing written.
	[
		'POST',
		ROUTE,
		{ date_from: '2026-02-30', text: '', url: 'javascript:alert(1)', color: 'red' },
	],
	['POST', ROUTE, { date_from: '2026-01-01', date_to: '2027-02-01', text: 'x'.repeat(281) }],
	['POST', ROUTE, { date_from: '2026-01-01', text: 'two\nlines', url: 'https://u:p@x.example' }],
	[
		'POST',
		ROUTE,
		{ date_from: '2026-01-01', text: 'ok', url: `https://x.example/${'a'.repeat(500)}` },
	],
	['POST', ROUTE, ['not', 'an', 'object']],
	['POST', ROUTE, {}],
	['PATCH', `${ROUTE}/1`, { date_to: '2026-01-01' }],
	['PATCH', `${ROUTE}/1`, { date_from: '2025-01-01', date_to: '2026-06-01' }],
	['GET', `${ROUTE}?after=nope&page=2`],
	['GET', `${ROUTE}/abc`],
	['GET', `${ROUTE}/0`],
	['GET', `${ROUTE}/999`],
	['PATCH', `${ROUTE}/999`, { text: 'nobody' }],
	['DELETE', `${ROUTE}/999`],
	['DELETE', `${ROUTE}/2`],
	['GET', `${ROUTE}/2`],
	['DELETE', `${ROUTE}/2`],
	['POST', ROUTE, { date_from: '2026-02-14', date_to: '2026-02-15', text: 'Valentine' }],
	['GET', ROUTE],
];

test("a chosen store's notes are created, listed, changed and deleted as on its own DuckDB server", async () => {
	const seen: string[] = [];
	for (const [method, route, body] of SCRIPT) {
		const click = await onEngine(A.id, method, route, body);
		const duck = await onDuck(A.id, method, route, body);
		const step = `${method} ${route} ${JSON.stringify(body)?.slice(0, 80)}`;
		expect({ step, status: click.status }).toEqual({ step, status: duck.status });
		expect({ step, body: comparable(click.body) }).toEqual({
			step,
			body: comparable(duck.body),
		});
		seen.push(`${click.status}`);
		// The engine's notes are the operator's: every operator is the engine's admin.
		if (click.status < 300 && !Array.isArray(click.body) && 'author' in (click.body as Note)) {
			expect((click.body as Note).author).toEqual({ id: 0, name: 'ops' });
			expect((click.body as Note).can_edit).toBe(true);
		}
	}
	// The script met every kind of answer.
	expect(new Set(seen)).toEqual(new Set(['200', '201', '400', '404']));
	const final = await onEngine(A.id, 'GET', ROUTE);
	expect((final.body as Note[]).map((note) => [note.id, note.date_from, note.text])).toEqual([
		[3, '2026-01-11', 'Prix réduits — 10 % 🎉 Ünïcødé'],
		[4, '2026-02-14', 'Valentine'],
		[1, '2026-03-02', 'Spring sale e-mail'],
	]);
	const invalid = await onEngine(A.id, 'POST', ROUTE, {
		date_from: '2026-02-30',
		text: '',
		url: 'javascript:alert(1)',
		color: 'red',
	});
	expect(invalid.body).toMatchObject({
		code: 'abacus_invalid_annotation',
		data: {
			status: 400,
			params: {
				date_from: expect.any(String),
				text: expect.any(String),
				url: expect.any(String),
				color: expect.any(String),
			},
		},
	});
});

test("each store's notes are its own: another store's ids find nothing, its list stays apart", async () => {
	// Store B starts empty although A holds notes 1, 3 and 4.
	expect(await onEngine(B.id, 'GET', ROUTE)).toEqual({ status: 200, body: [] });
	const three = await Promise.all(
		['One', 'Two', 'Three'].map((text) =>
			onEngine(B.id, 'POST', ROUTE, { date_from: '2026-03-03', text: `B ${text}` }),
		),
	);
	expect(three.map((answer) => answer.status)).toEqual([201, 201, 201]);
	// Simultaneous creates each get their own id, the store's own 1, 2, 3.
	expect(three.map((answer) => (answer.body as Note).id).sort()).toEqual([1, 2, 3]);
	const listB = (await onEngine(B.id, 'GET', ROUTE)).body as Note[];
	expect(listB.map((note) => note.text).sort()).toEqual(['B One', 'B Three', 'B Two']);
	// A's note 4 is not B's: reading, changing or deleting it as B finds no note.
	for (const [method, body] of [['GET'], ['PATCH', { text: 'taken' }], ['DELETE']] as const) {
		const answer = await onEngine(B.id, method, `${ROUTE}/4`, body);
		expect({ method, status: answer.status }).toEqual({ method, status: 404 });
		expect(answer.body).toMatchObject({ code: 'abacus_annotation_not_found' });
	}
	const listA = (await onEngine(A.id, 'GET', ROUTE)).body as Note[];
	expect(listA.map((note) => note.text)).toEqual([
		'Prix réduits — 10 % 🎉 Ünïcødé',
		'Valentine',
		'Spring sale e-mail',
	]);
	// B's changes stay B's.
	const changed = await onEngine(B.id, 'PATCH', `${ROUTE}/1`, { text: 'B changed' });
	expect(changed.status).toBe(200);
	expect(((await onEngine(A.id, 'GET', `${ROUTE}/1`)).body as Note).text).toBe(
		'Spring sale e-mail',
	);
	// On the cluster each row carries its store.
	const client = new ClickHouseClient(fx.target);
	const rows = await client.all<{ store_id: number; notes: string }>(
		`SELECT store_id, toString(uniqExact(id)) AS notes FROM ${fx.target.database}.annotations_all GROUP BY store_id ORDER BY store_id`,
	);
	expect(rows).toEqual([
		{ store_id: A.id, notes: '4' },
		{ store_id: B.id, notes: '3' },
	]);
});

test('only an operator allowed the store reads or writes its notes; a store token is refused as on a DuckDB engine', async () => {
	// ops-a may read A, not B: B answers as a store the engine does not serve.
	const mine = await send(engine.url, 'GET', ROUTE, asOperator(A.id, opsA));
	expect(mine.status).toBe(200);
	expect((mine.body as Note[]).length).toBe(3);
	for (const [method, body] of [
		['GET', undefined],
		['POST', { date_from: '2026-03-01', text: 'not mine' }],
	] as const) {
		const other = await send(engine.url, method, ROUTE, asOperator(B.id, opsA), body);
		expect({ method, status: other.status }).toEqual({ method, status: 403 });
		expect(other.body).toMatchObject({ code: 'abacus_operator_store_unknown' });
		expect(JSON.stringify(other.body)).not.toContain('B One');
	}
	// A note written by ops-a is ops-a's; every operator may change it (the engine's admins).
	const written = await send(engine.url, 'POST', ROUTE, asOperator(A.id, opsA), {
		date_from: '2026-03-20',
		text: 'By ops-a',
	});
	expect(written.status).toBe(201);
	expect(written.body).toMatchObject({ author: { id: 0, name: 'ops-a' }, can_edit: true });
	const id = (written.body as Note).id;
	const removed = await onEngine(A.id, 'DELETE', `${ROUTE}/${id}`);
	expect(removed.status).toBe(200);
	expect(removed.body).toMatchObject({ deleted: true, previous: { author: { name: 'ops-a' } } });

	// A store's token: 401 (the notes are kept by the store's WordPress), with or without a body.
	for (const method of ['GET', 'POST']) {
		const token = await send(
			engine.url,
			method,
			ROUTE,
			{ Authorization: `Bearer ${fx.tokenFor(A.id)}` },
			method === 'POST' ? { date_from: '2026-03-01', text: 'token' } : undefined,
		);
		expect({ method, status: token.status }).toEqual({ method, status: 401 });
	}
	// A token beside the store header: refused (the header is the operator's page's only).
	const both = await send(engine.url, 'GET', ROUTE, {
		...asOperator(A.id),
		Authorization: `Bearer ${fx.tokenFor(A.id)}`,
	});
	expect(both.status).toBe(403);
	expect(both.body).toMatchObject({ code: 'abacus_operator_store_with_token' });
	// No session: 401; the session without its nonce: 403; no store chosen: 400 asking for one.
	const anonymous = await send(engine.url, 'GET', ROUTE, { 'X-Abacus-Store': String(A.id) });
	expect(anonymous.status).toBe(401);
	const cookieOnly = await send(engine.url, 'POST', ROUTE, {
		Cookie: fx.operator?.cookie ?? '',
		'X-Abacus-Store': String(A.id),
	});
	expect(cookieOnly.status).toBe(403);
	const noStore = await send(engine.url, 'GET', ROUTE, fx.operator?.headers ?? {});
	expect(noStore.status).toBe(400);
	expect(noStore.body).toMatchObject({
		code: 'abacus_operator_store_required',
		data: { params: { 'X-Abacus-Store': expect.stringContaining('Choose a store') } },
	});
	// None of it changed A's notes.
	const listA = (await onEngine(A.id, 'GET', ROUTE)).body as Note[];
	expect(listA.map((note) => note.text)).toEqual([
		'Prix réduits — 10 % 🎉 Ünïcødé',
		'Valentine',
		'Spring sale e-mail',
	]);
});

test('a cluster made before the notes gets their tables on every shard at first use', async () => {
	const shards = fx.cluster.shards.map(
		(shard) => new ClickHouseClient({ url: shard.url, database: fx.target.database }),
	);
	for (const shard of shards) {
		await shard.run(`DROP TABLE IF EXISTS ${fx.target.database}.annotations_all`);
		await shard.run(`DROP TABLE IF EXISTS ${fx.target.database}.annotations`);
	}
	await ensureAnnotationTables(fx.target);
	for (const shard of shards) {
		const tables = await shard.all<{ name: string }>(
			"SELECT name FROM system.tables WHERE database = ? AND name LIKE 'annotations%' ORDER BY name",
			[fx.target.database],
		);
		expect(tables.map((table) => table.name)).toEqual(['annotations', 'annotations_all']);
	}
	const reader = new ClickHouseClient(fx.target);
	const writer = new ClickHouseClient(fx.target, { insert_distributed_sync: 1 });
	const notes = new ClickHouseAnnotations(reader, writer, B.id);
	const note = await notes.create(
		{ date_from: '2026-04-01', date_to: '2026-04-02', text: 'After the migration', url: '' },
		{ key: 'operator:ops', id: 0, name: 'ops' },
		2000,
	);
	expect(note).toMatchObject({ id: 1, date_from: '2026-04-01', date_to: '2026-04-02' });
	// A store keeping its most notes gets no more (the route's 400 abacus_too_many_annotations).
	const more = { date_from: '2026-04-03', date_to: '2026-04-03', text: 'One more', url: '' };
	expect(await notes.create(more, { key: 'operator:ops', id: 0, name: 'ops' }, 1)).toBeNull();
	expect((await notes.list({}, 10)).map((row) => row.text)).toEqual(['After the migration']);
});

test('two engine processes creating a note at once: the first keeps the id, the other takes the next', async () => {
	const database = fx.target.database;
	const reader = new ClickHouseClient(fx.target);
	const writer = new ClickHouseClient(fx.target, { insert_distributed_sync: 1 });
	const row = (id: number, text: string, version: number, claim: number) => ({
		store_id: B.id,
		id,
		date_from: '2026-04-05',
		date_to: '2026-04-05',
		text,
		url: '',
		author_key: 'operator:other',
		author_id: 0,
		author_name: 'other',
		created: '2026-04-05 00:00:00',
		updated: '2026-04-05 00:00:00',
		deleted: 0,
		version,
		claim,
	});
	// Another process wrote the id this one chose, first (an earlier version), in between.
	let rivals = 0;
	const notes = new ClickHouseAnnotations(reader, writer, B.id, undefined, {
		beforeCreate: async (id) => {
			if (rivals++ === 0)
				await writer.insert(`${database}.annotations_all`, [row(id, 'Rival', 1, 7)]);
		},
	});
	const mine = await notes.create(
		{ date_from: '2026-04-03', date_to: '2026-04-03', text: 'Mine', url: '' },
		{ key: 'operator:ops', id: 0, name: 'ops' },
		2000,
	);
	expect(mine).toMatchObject({ id: 3, text: 'Mine' });
	expect((await notes.get(2))?.text).toBe('Rival');
	// A later creation row for a kept id (a process that lost it) is never read.
	await writer.insert(`${database}.annotations_all`, [row(1, 'Usurper', 2 ** 52, 9)]);
	expect((await notes.list({}, 10)).map((note) => [note.id, note.text])).toEqual([
		[1, 'After the migration'],
		[3, 'Mine'],
		[2, 'Rival'],
	]);
	// Changes and removals stay with the note that kept its id.
	await notes.update(1, (current) => ({ ...current, text: 'Changed' }));
	expect((await notes.get(1))?.text).toBe('Changed');
	expect((await notes.remove(1, () => undefined))?.text).toBe('Changed');
	expect(await notes.get(1)).toBeUndefined();
	expect((await notes.list({}, 10)).map((note) => note.id)).toEqual([3, 2]);
	expect(await new ClickHouseAnnotations(reader, writer, A.id).list({}, 10)).toEqual([]);
	// Another store's row never answers: the store id is in every read.
	expect(await new ClickHouseAnnotations(reader, writer, A.id).get(1)).toBeUndefined();
});
