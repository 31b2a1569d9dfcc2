import { call, startServer, type TestServer } from './server.js';
import type { Annotation } from '../routes/annotations.js';

/** A note as the routes answer it. */
type Note = Annotation;

interface ErrorBody {
	code: string;
	message: string;
	data: { status: number; params?: Record<string, string> };
}

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

const route = '/abacus/v1/annotations';

it('reads and refused changes on a store without notes leave its database as it was', async () => {
	const fresh = await startServer();
	try {
		const tables = async (): Promise<string[]> =>
			(
				await fresh.ctx.db.all<{ name: string }>(
					"SELECT table_name AS name FROM duckdb_tables() WHERE table_name LIKE 'abacus_annotation%' ORDER BY 1",
				)
			).map((row) => row.name);
		expect(await tables()).toEqual([]);
		expect((await call<Note[]>(fresh, 'GET', route)).body).toEqual([]);
		expect((await call(fresh, 'GET', `${route}/1`)).status).toBe(404);
		expect((await call(fresh, 'PUT', `${route}/1`, { text: 'Moved' })).status).toBe(404);
		expect((await call(fresh, 'POST', `${route}/1`, { text: { deep: [1] } })).status).toBe(404);
		expect((await call(fresh, 'DELETE', `${route}/1`)).status).toBe(404);
		expect(
			(await call(fresh, 'POST', route, { date_from: '2026-02-30', text: 'x' })).status,
		).toBe(400);
		expect(await tables()).toEqual([]);
		// The first note written makes its table.
		expect(
			(await call(fresh, 'POST', route, { date_from: '2026-03-02', text: 'Sale' })).status,
		).toBe(201);
		expect(await tables()).toEqual(['abacus_annotations']);
	} finally {
		await fresh.close();
	}
});

it('adds, lists by dates, changes and deletes a note', async () => {
	const created = await call<Note>(server, 'POST', route, {
		date_from: '2026-03-02',
		text: '  Spring sale e-mail  ',
		url: 'https://shop.example/blog/spring',
	});
	expect(created.status).toBe(201);
	expect(created.body).toMatchObject({
		date_from: '2026-03-02',
		date_to: '2026-03-02',
		text: 'Spring sale e-mail',
		url: 'https://shop.example/blog/spring',
		can_edit: true,
	});
	expect(created.body.author.name).not.toBe('');
	expect(created.body.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
	const range = await call<Note>(server, 'POST', route, {
		date_from: '2026-03-05',
		date_to: '2026-03-09',
		text: 'Checkout outage <script>alert(1)</script>',
	});
	expect(range.status).toBe(201);
	// Kept as text: the page draws it as text, the JSON carries it as sent.
	expect(range.body.text).toBe('Checkout outage <script>alert(1)</script>');

	// The notes meeting Mar 6 to Mar 31: the range only; without dates, both in day order.
	const some = await call<Note[]>(server, 'GET', `${route}?after=2026-03-06&before=2026-03-31`);
	expect(some.body.map((note) => note.id)).toEqual([range.body.id]);
	const all = await call<Note[]>(server, 'GET', route);
	expect(all.body.map((note) => note.id)).toEqual([created.body.id, range.body.id]);
	const one = await call<Note>(server, 'GET', `${route}/${created.body.id}`);
	expect(one.body).toEqual(created.body);

	// Changing the first day of a one-day note moves its last day with it.
	const moved = await call<Note>(server, 'PUT', `${route}/${created.body.id}`, {
		date_from: '2026-03-03',
		url: '',
	});
	expect(moved.status).toBe(200);
	expect(moved.body).toMatchObject({
		date_from: '2026-03-03',
		date_to: '2026-03-03',
		text: 'Spring sale e-mail',
		url: '',
	});
	// Through POST with a method override too (the nonce still required).
	const overridden = await call<Note>(server, 'POST', `${route}/${range.body.id}?_method=PATCH`, {
		text: 'Checkout outage',
	});
	expect(overridden.body).toMatchObject({ text: 'Checkout outage', date_to: '2026-03-09' });

	const deleted = await call<{ deleted: boolean; previous: Note }>(
		server,
		'DELETE',
		`${route}/${created.body.id}`,
	);
	expect(deleted.body).toMatchObject({ deleted: true, previous: { id: created.body.id } });
	const gone = await call<ErrorBody>(server, 'GET', `${route}/${created.body.id}`);
	expect(gone.status).toBe(404);
	expect(gone.body.code).toBe('abacus_annotation_not_found');
	const again = await call<ErrorBody>(server, 'DELETE', `${route}/${created.body.id}`);
	expect(again.status).toBe(404);
	await call(server, 'DELETE', `${route}/${range.body.id}`);
}, 60000);

it('says what was wrong with a note and writes nothing', async () => {
	const cases: Array<[unknown, Record<string, RegExp>]> = [
		[{ text: 'x' }, { date_from: /date_from must be a day/ }],
		[{ date_from: '2026-02-30', text: 'x' }, { date_from: /day like/ }],
		[{ date_from: '2026-03-02' }, { text: /text must be the note/ }],
		[{ date_from: '2026-03-02', text: '   ' }, { text: /must have a text/ }],
		[{ date_from: '2026-03-02', text: 'x'.repeat(281) }, { text: /at most 280 characters/ }],
		[{ date_from: '2026-03-02', text: 'two\nlines' }, { text: /one line of text/ }],
		[{ date_from: '2026-03-02', date_to: '2026-03-01', text: 'x' }, { date_to: /on or after/ }],
		[
			{ date_from: '2025-01-01', date_to: '2026-03-01', text: 'x' },
			{ date_to: /at most 366 days/ },
		],
		[
			{ date_from: '2026-03-02', text: 'x', url: 'javascript:alert(1)' },
			{ url: /http:\/\/ or https:\/\// },
		],
		[{ date_from: '2026-03-02', text: 'x', url: 'ftp://shop.example/' }, { url: /https:\/\// }],
		[
			{ date_from: '2026-03-02', text: 'x', url: 'https://me:pw@shop.example/' },
			{ url: /user name or password/ },
		],
		[
			{ date_from: '2026-03-02', text: 'x', url: `https://shop.example/${'a'.repeat(500)}` },
			{ url: /at most 500/ },
		],
		[
			{ date_from: '2026-03-02', text: 'x', author: 'someone' },
			{ author: /not a field of a note/ },
		],
		[[1, 2], { body: /JSON object/ }],
	];
	for (const [body, expected] of cases) {
		const result = await call<ErrorBody>(server, 'POST', route, body);
		expect({ body, status: result.status, code: result.body.code }).toEqual({
			body,
			status: 400,
			code: 'abacus_invalid_annotation',
		});
		for (const [field, message] of Object.entries(expected)) {
			expect(result.body.data.params?.[field]).toMatch(message);
		}
	}
	const bad = await call<ErrorBody>(server, 'GET', `${route}?after=yesterday&colour=red`);
	expect(bad.status).toBe(400);
	expect(bad.body.data.params).toEqual({
		after: 'after must be a day like 2026-01-31.',
		colour: 'colour is not a parameter of this route (after, before).',
	});
	for (const id of ['abc', '0', '1e3', '99999999999999']) {
		const result = await call<ErrorBody>(server, 'PUT', `${route}/${id}`, { text: 'x' });
		expect({ id, status: result.status }).toEqual({ id, status: 400 });
	}
	const list = await call<Note[]>(server, 'GET', route);
	expect(list.body).toEqual([]);
}, 60000);

it('refuses __proto__ and constructor keys and mutations without the nonce', async () => {
	for (const raw of [
		'{"date_from":"2026-03-02","text":"x","__proto__":{"can_edit":false}}',
		'{"date_from":"2026-03-02","text":"x","constructor":{"prototype":{"admin":true}}}',
	]) {
		const response = await fetch(`${server.url}/wp-json${route}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'test-nonce' },
			body: raw,
		});
		expect(response.status).toBe(400);
		const body = (await response.json()) as ErrorBody;
		expect(body.message).toMatch(/reserved key|not a field|Invalid JSON body/);
	}
	expect(({} as Record<string, unknown>).can_edit).toBeUndefined();
	const noNonce = await call<ErrorBody>(
		server,
		'POST',
		route,
		{ date_from: '2026-03-02', text: 'x' },
		{ nonce: null },
	);
	expect(noNonce.status).toBe(403);
	const wrongNonce = await call<ErrorBody>(
		server,
		'POST',
		route,
		{ date_from: '2026-03-02', text: 'x' },
		{ nonce: 'guess' },
	);
	expect(wrongNonce.status).toBe(403);
	// A DELETE spelt as a GET with _method still needs the nonce.
	const created = await call<Note>(server, 'POST', route, { date_from: '2026-03-02', text: 'y' });
	const sneaky = await fetch(`${server.url}/wp-json${route}/${created.body.id}?_method=DELETE`, {
		method: 'POST',
	});
	expect(sneaky.status).toBe(403);
	expect((await call<Note[]>(server, 'GET', route)).body).toHaveLength(1);
	await call(server, 'DELETE', `${route}/${created.body.id}`);
}, 60000);

it('keeps every one of simultaneous creates, each with its own id', async () => {
	const results = await Promise.all(
		Array.from({ length: 16 }, (_, i) =>
			call<Note>(server, 'POST', route, {
				date_from: `2026-04-${String(i + 1).padStart(2, '0')}`,
				text: `Note ${i}`,
			}),
		),
	);
	expect(results.map((result) => result.status)).toEqual(Array.from({ length: 16 }, () => 201));
	const ids = new Set(results.map((result) => result.body.id));
	expect(ids.size).toBe(16);
	const list = await call<Note[]>(server, 'GET', `${route}?after=2026-04-01&before=2026-04-30`);
	expect(list.body.map((note) => note.text)).toEqual(
		Array.from({ length: 16 }, (_, i) => `Note ${i}`),
	);
	await Promise.all([...ids].map((id) => call(server, 'DELETE', `${route}/${id}`)));
	expect((await call<Note[]>(server, 'GET', route)).body).toEqual([]);
}, 60000);
