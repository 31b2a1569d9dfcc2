import { call, startServer, type TestServer } from './server.js';

interface ErrorBody {
	code: string;
	data: { status: number; params?: Record<string, string> };
}

type Item = Record<string, unknown>;

interface Note {
	id: number;
	type: string;
	status: string;
	is_read: boolean;
	is_deleted: boolean;
	actions: Array<{ id: number; status: string; url: string; primary: boolean }>;
}

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

describe('inbox notes', () => {
	const inbox =
		'/wc-analytics/admin/notes?page=1&per_page=2&type[]=info&type[]=marketing&type[]=survey&type[]=warning&orderby=date&order=desc';

	it('lists notes with real totals and absolute action urls', async () => {
		const res = await call<Note[]>(server, 'GET', inbox);
		expect(res.status).toBe(200);
		expect(res.body).toHaveLength(2);
		expect(Number(res.headers.get('x-wp-total'))).toBe(6);
		expect(res.headers.get('x-wp-totalpages')).toBe('3');
		const all = await call<Note[]>(server, 'GET', '/wc-analytics/admin/notes?per_page=25');
		const urls = all.body.flatMap((n) => n.actions.map((a) => a.url)).filter((u) => u !== '');
		for (const url of urls) expect(url).toMatch(/^https?:\/\//);
		expect(urls.some((u) => u.includes('/wp-admin/admin.php?page=abacus'))).toBe(true);
	});

	it('filters by status and rejects unknown types', async () => {
		const res = await call<Note[]>(
			server,
			'GET',
			'/wc-analytics/admin/notes?status=unactioned&per_page=25',
		);
		expect(res.body.every((n) => n.status === 'unactioned')).toBe(true);
		const bad = await call<ErrorBody>(server, 'GET', '/wc-analytics/admin/notes?type[]=gossip');
		expect(bad.status).toBe(400);
		expect(bad.body.data.params).toHaveProperty('type');
	});

	it('runs an action: marks read and sets the status', async () => {
		const notes = await call<Note[]>(
			server,
			'GET',
			'/wc-analytics/admin/notes?status=unactioned&per_page=25',
		);
		const note = notes.body.find((n) => n.actions.length > 0) as Note;
		const res = await call<Note>(
			server,
			'POST',
			`/wc-analytics/admin/notes/${note.id}/action/${note.actions[0].id}`,
		);
		expect(res.status).toBe(200);
		expect(res.body.is_read).toBe(true);
		expect(res.body.status).toBe('actioned');
		const wrong = await call<ErrorBody>(
			server,
			'POST',
			`/wc-analytics/admin/notes/${note.id}/action/9999`,
		);
		expect(wrong.status).toBe(404);
		expect(wrong.body.code).toBe('woocommerce_note_action_invalid_id');
	});

	it('updates one note and validates the body', async () => {
		const res = await call<Note>(server, 'PUT', '/wc-analytics/admin/notes/1', {
			is_read: true,
		});
		expect(res.body.is_read).toBe(true);
		const bad = await call<ErrorBody>(server, 'PUT', '/wc-analytics/admin/notes/1', {
			status: 'exploded',
		});
		expect(bad.status).toBe(400);
		expect(bad.body.data.params).toHaveProperty('status');
		const missing = await call<ErrorBody>(server, 'PUT', '/wc-analytics/admin/notes/4242', {
			is_read: true,
		});
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe('woocommerce_note_invalid_id');
	});

	it('batch update needs valid ids and writes nothing when one is unknown', async () => {
		const invalid = await call<ErrorBody>(server, 'PUT', '/wc-analytics/admin/notes/update', {
			is_read: true,
		});
		expect(invalid.status).toBe(422);
		expect(invalid.body.code).toBe('woocommerce_note_invalid_ids');
		const partial = await call<ErrorBody>(server, 'PUT', '/wc-analytics/admin/notes/update', {
			noteIds: [2, 4242],
			is_deleted: true,
		});
		expect(partial.status).toBe(404);
		expect(
			(await call<Note>(server, 'GET', '/wc-analytics/admin/notes/2')).body.is_deleted,
		).toBe(false);
	});

	it('deletes one, deletes all and undoes with a batch update', async () => {
		const one = await call<Note>(server, 'DELETE', '/wc-analytics/admin/notes/delete/2');
		expect(one.body.is_deleted).toBe(true);
		expect((await call(server, 'DELETE', '/wc-analytics/admin/notes/delete/4242')).status).toBe(
			404,
		);
		const all = await call<Note[]>(
			server,
			'DELETE',
			'/wc-analytics/admin/notes/delete/all?status=unactioned',
		);
		expect(all.body.length).toBeGreaterThan(0);
		expect(all.body.every((n) => n.is_deleted && n.status === 'unactioned')).toBe(true);
		const left = await call<Note[]>(
			server,
			'GET',
			'/wc-analytics/admin/notes?status=unactioned',
		);
		expect(left.body).toEqual([]);
		const undo = await call<Note[]>(server, 'PUT', '/wc-analytics/admin/notes/update', {
			noteIds: all.body.map((n) => n.id),
			is_deleted: false,
		});
		expect(undo.body.every((n) => !n.is_deleted)).toBe(true);
	});
});

describe('product reviews', () => {
	it('lists held reviews with totals and the embedded product', async () => {
		const res = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/products/reviews?page=1&per_page=5&status=hold&_embed=1',
		);
		expect(res.status).toBe(200);
		expect(res.body.length).toBeGreaterThan(0);
		expect(Number(res.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(res.body.length);
		expect(res.headers.get('x-wp-totalpages')).not.toBeNull();
		const review = res.body[0] as {
			status: string;
			_embedded: { up: Array<{ name: string; permalink: string }> };
		};
		expect(review.status).toBe('hold');
		expect(review._embedded.up[0].name).toBeTruthy();
		const bad = await call<ErrorBody>(
			server,
			'GET',
			'/wc-analytics/products/reviews?status=lost',
		);
		expect(bad.body.data.params).toHaveProperty('status');
	});

	it('approves, spams and restores a review, updating the product rating', async () => {
		const held = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/products/reviews?status=hold&per_page=1',
		);
		const review = held.body[0] as { id: number; product_id: number };
		const before = await call<Item>(
			server,
			'GET',
			`/wc-analytics/products/${review.product_id}`,
		);
		const approved = await call<Item>(
			server,
			'PUT',
			`/wc-analytics/products/reviews/${review.id}`,
			{ status: 'approved' },
		);
		expect(approved.body.status).toBe('approved');
		const after = await call<Item>(
			server,
			'GET',
			`/wc-analytics/products/${review.product_id}`,
		);
		expect(after.body.rating_count).toBe(Number(before.body.rating_count) + 1);
		await call(server, 'PUT', `/wc-analytics/products/reviews/${review.id}`, {
			status: 'spam',
		});
		const restored = await call<Item>(
			server,
			'PATCH',
			`/wc-analytics/products/reviews/${review.id}`,
			{ status: 'unspam' },
		);
		expect(restored.body.status).toBe('approved');
		const bad = await call<ErrorBody>(
			server,
			'PUT',
			`/wc-analytics/products/reviews/${review.id}`,
			{ status: 'burn' },
		);
		expect(bad.status).toBe(400);
		expect(bad.body.data.params).toHaveProperty('status');
	});

	it('trashes, refuses a second trash and deletes for good', async () => {
		const list = await call<Item[]>(server, 'GET', '/wc-analytics/products/reviews?per_page=1');
		const id = Number(list.body[0].id);
		const trashed = await call<Item>(server, 'DELETE', `/wc-analytics/products/reviews/${id}`);
		expect(trashed.body.status).toBe('trash');
		expect((await call(server, 'DELETE', `/wc-analytics/products/reviews/${id}`)).status).toBe(
			410,
		);
		const deleted = await call<{ deleted: boolean }>(
			server,
			'DELETE',
			`/wc-analytics/products/reviews/${id}?force=true`,
		);
		expect(deleted.body.deleted).toBe(true);
		expect((await call(server, 'GET', `/wc-analytics/products/reviews/${id}`)).status).toBe(
			404,
		);
	});
});

describe('payment gateways', () => {
	it('lists the seeded gateways', async () => {
		const res = await call<Item[]>(server, 'GET', '/wc/v3/payment_gateways');
		expect(res.body.map((g) => g.id)).toEqual(['bacs', 'cheque', 'cod', 'paypal']);
		expect(res.body[0]).toHaveProperty('settings.title.value', 'Direct bank transfer');
	});

	it('updates a gateway and its settings', async () => {
		const res = await call<Item>(server, 'PUT', '/wc/v3/payment_gateways/paypal', {
			enabled: true,
			settings: { email: 'shop@example.com' },
		});
		expect(res.body.enabled).toBe(true);
		expect(res.body.needs_setup).toBe(false);
		expect(res.body).toHaveProperty('settings.email.value', 'shop@example.com');
	});

	it('rejects unknown settings without writing anything', async () => {
		const res = await call<ErrorBody>(server, 'PUT', '/wc/v3/payment_gateways/cheque', {
			enabled: true,
			settings: { title: 'Cheques', nonsense: 'x' },
		});
		expect(res.status).toBe(400);
		expect(res.body.data.params).toHaveProperty(['settings[nonsense]']);
		const cheque = await call<Item>(server, 'GET', '/wc/v3/payment_gateways/cheque');
		expect(cheque.body.enabled).toBe(false);
		expect(cheque.body.title).toBe('Check payments');
	});

	it('answers 404 for an unknown gateway', async () => {
		const res = await call<ErrorBody>(server, 'GET', '/wc/v3/payment_gateways/bitcoin');
		expect(res.status).toBe(404);
		expect(res.body.code).toBe('woocommerce_rest_payment_gateway_invalid');
	});
});
