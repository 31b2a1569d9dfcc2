/**
 * Notes on charts inside WordPress 6.8 + WooCommerce 10: the plugin's own route
 * `abacus/v1/annotations` (php/annotations.php) with real logins. A report user adds, reads and
 * changes notes with the REST nonce; without it a write is refused and nothing is stored; bad
 * input is named field by field; a note is changed by its author or a store manager, not by
 * another report user; a subscriber reads nothing; texts come back as typed (JSON text).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import {
	ADMIN,
	SHOP_MANAGER,
	SUBSCRIBER,
	missingPrerequisite,
	pluginZip,
	signInOnce,
	startWordPress,
	type WordPressSite,
} from './harness.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const missing = missingPrerequisite();
if (missing) console.warn(`Skipping the WordPress notes test: ${missing}`);
const describeIfReady = missing ? describe.skip : describe;
const ANALYST = { user: 'notes-analyst', password: 'abacus-notes-analyst-password' };

interface Note {
	id: number;
	date_from: string;
	date_to: string;
	text: string;
	url: string;
	author: { id: number; name: string };
	can_edit: boolean;
}

interface Session {
	context: BrowserContext;
	page: Page;
	nonce: string;
}

describeIfReady('notes on charts in WordPress (abacus/v1/annotations)', () => {
	let site: WordPressSite;
	let browser: Browser;
	let tmp: string;
	const sessions: Session[] = [];

	beforeAll(async () => {
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-notes-'));
		site = await startWordPress(pluginZip(tmp));
		// A report user who may not manage the store.
		const made = site.php(`
$id = wp_insert_user( array( 'user_login' => '${ANALYST.user}', 'user_pass' => '${ANALYST.password}', 'role' => 'editor', 'display_name' => 'Nora Analyst' ) );
if ( is_wp_error( $id ) ) { echo $id->get_error_message(); exit; }
( new WP_User( $id ) )->add_cap( 'view_woocommerce_reports' );
echo 'ok';`);
		expect(made.trim()).toBe('ok');
		browser = await chromium.launch({
			executablePath: CHROMIUM_PATH,
			args: CHROMIUM_ARGS,
		});
	}, 600000);

	afterAll(async () => {
		for (const session of sessions) await session.context.close();
		await browser?.close();
		await site?.close();
		if (tmp) rmSync(tmp, { recursive: true, force: true });
	});

	let signIn: ReturnType<typeof signInOnce> | undefined;

	async function logIn(user: { user: string; password: string }): Promise<Session> {
		const context = await browser.newContext();
		const page = await context.newPage();
		// Through wp-login.php once per user; a user's later sessions get that login's cookies.
		signIn ??= signInOnce(site.url);
		await signIn(page, user);
		const nonce = (
			await (
				await page.request.get(`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)
			).text()
		).trim();
		const session = { context, page, nonce };
		sessions.push(session);
		return session;
	}

	async function call<T>(
		session: Session,
		method: string,
		route: string,
		body?: unknown,
		options: { nonce?: boolean } = {},
	): Promise<{ status: number; body: T }> {
		const headers: Record<string, string> = {};
		if (options.nonce !== false) headers['X-WP-Nonce'] = session.nonce;
		const response = await session.page.request.fetch(`${site.url}/wp-json${route}`, {
			method,
			headers,
			data: body,
		});
		return { status: response.status(), body: (await response.json()) as T };
	}

	it('adds, lists, changes and deletes notes with the nonce; refuses writes without it', async () => {
		const admin = await logIn(ADMIN);
		const route = '/abacus/v1/annotations';
		const created = await call<Note>(admin, 'POST', route, {
			date_from: '2026-03-02',
			text: '  Spring sale <b>e-mail</b> & "quotes"  ',
			url: 'https://shop.example/spring?a=1&b=2',
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			date_from: '2026-03-02',
			date_to: '2026-03-02',
			text: 'Spring sale <b>e-mail</b> & "quotes"',
			url: 'https://shop.example/spring?a=1&b=2',
			can_edit: true,
		});
		expect(created.body.author.name).not.toBe('');
		const range = await call<Note>(admin, 'POST', route, {
			date_from: '2026-03-05',
			date_to: '2026-03-09',
			text: 'Checkout outage',
		});
		expect(range.status).toBe(201);
		const some = await call<Note[]>(
			admin,
			'GET',
			`${route}?after=2026-03-06&before=2026-03-31`,
		);
		expect(some.body.map((note) => note.id)).toEqual([range.body.id]);
		const all = await call<Note[]>(admin, 'GET', route);
		expect(all.body.map((note) => note.id)).toEqual([created.body.id, range.body.id]);

		// No nonce: the cookie alone is anonymous to the REST API; nothing is written.
		for (const [method, url] of [
			['POST', route],
			['PUT', `${route}/${created.body.id}`],
			['DELETE', `${route}/${created.body.id}`],
		] as const) {
			const refused = await call<{ code: string }>(
				admin,
				method,
				url,
				{ date_from: '2026-03-01', text: 'no nonce' },
				{ nonce: false },
			);
			expect([method, refused.status]).toEqual([method, 401]);
		}
		// A DELETE spelt as a POST with _method still needs it.
		const sneaky = await call<{ code: string }>(
			admin,
			'POST',
			`${route}/${created.body.id}?_method=DELETE`,
			undefined,
			{ nonce: false },
		);
		expect(sneaky.status).toBe(401);
		expect((await call<Note[]>(admin, 'GET', route)).body).toHaveLength(2);

		const moved = await call<Note>(admin, 'PUT', `${route}/${created.body.id}`, {
			date_from: '2026-03-03',
			url: '',
		});
		expect(moved.body).toMatchObject({
			date_from: '2026-03-03',
			date_to: '2026-03-03',
			url: '',
		});
		const deleted = await call<{ deleted: boolean }>(
			admin,
			'DELETE',
			`${route}/${range.body.id}`,
		);
		expect(deleted.body.deleted).toBe(true);
		const gone = await call<{ code: string }>(admin, 'GET', `${route}/${range.body.id}`);
		expect([gone.status, gone.body.code]).toEqual([404, 'abacus_annotation_not_found']);
		await call(admin, 'DELETE', `${route}/${created.body.id}`);
		expect((await call<Note[]>(admin, 'GET', route)).body).toEqual([]);
	});

	it('names what was wrong, field by field, and stores nothing', async () => {
		const admin = sessions[0] ?? (await logIn(ADMIN));
		const route = '/abacus/v1/annotations';
		const cases: Array<[unknown, Record<string, RegExp>]> = [
			[{ text: 'x' }, { date_from: /date_from must be a day/ }],
			[{ date_from: '2026-02-30', text: 'x' }, { date_from: /day like/ }],
			[{ date_from: '2026-03-02', text: '  ' }, { text: /must have a text/ }],
			[{ date_from: '2026-03-02', text: 'é'.repeat(281) }, { text: /at most 280/ }],
			[{ date_from: '2026-03-02', text: 'two\nlines' }, { text: /one line/ }],
			[
				{ date_from: '2026-03-02', date_to: '2026-03-01', text: 'x' },
				{ date_to: /on or after/ },
			],
			[
				{ date_from: '2025-01-01', date_to: '2026-03-01', text: 'x' },
				{ date_to: /366 days/ },
			],
			[
				{ date_from: '2026-03-02', text: 'x', url: 'javascript:alert(1)' },
				{ url: /https:\/\// },
			],
			[
				{ date_from: '2026-03-02', text: 'x', url: 'https://me:pw@shop.example/' },
				{ url: /user name/ },
			],
			[{ date_from: '2026-03-02', text: 'x', author: 1 }, { author: /not a field/ }],
			[{ date_from: '2026-03-02', text: 'x', __proto__x: 1 }, { __proto__x: /not a field/ }],
		];
		for (const [body, expected] of cases) {
			const result = await call<{ code: string; data: { params: Record<string, string> } }>(
				admin,
				'POST',
				route,
				body,
			);
			expect({ body, status: result.status, code: result.body.code }).toEqual({
				body,
				status: 400,
				code: 'abacus_invalid_annotation',
			});
			for (const [field, message] of Object.entries(expected)) {
				expect(result.body.data.params[field]).toMatch(message);
			}
		}
		const proto = await admin.page.request.fetch(`${site.url}/wp-json${route}`, {
			method: 'POST',
			headers: { 'X-WP-Nonce': admin.nonce, 'Content-Type': 'application/json' },
			data: '{"date_from":"2026-03-02","text":"x","__proto__":{"can_edit":true}}',
		});
		expect(proto.status()).toBe(400);
		const bad = await call<{ data: { params: Record<string, string> } }>(
			admin,
			'GET',
			`${route}?after=yesterday`,
		);
		expect(bad.status).toBe(400);
		expect(bad.body.data.params.after).toMatch(/day like/);
		expect((await call<Note[]>(admin, 'GET', route)).body).toEqual([]);
	});

	it('lets the author or a store manager change a note, not another report user; a subscriber reads nothing', async () => {
		const route = '/abacus/v1/annotations';
		const analyst = await logIn(ANALYST);
		const manager = await logIn(SHOP_MANAGER);
		const admin = await logIn(ADMIN);
		const mine = await call<Note>(analyst, 'POST', route, {
			date_from: '2026-04-01',
			text: 'Analyst note',
		});
		expect(mine.status).toBe(201);
		expect(mine.body).toMatchObject({ author: { name: 'Nora Analyst' }, can_edit: true });
		const theirs = await call<Note>(admin, 'POST', route, {
			date_from: '2026-04-02',
			text: 'Admin note',
		});
		// The analyst sees both, may change only their own.
		const seen = await call<Note[]>(analyst, 'GET', route);
		expect(seen.body.map((note) => [note.text, note.can_edit])).toEqual([
			['Analyst note', true],
			['Admin note', false],
		]);
		const refused = await call<{ code: string }>(analyst, 'PUT', `${route}/${theirs.body.id}`, {
			text: 'Changed by someone else',
		});
		expect([refused.status, refused.body.code]).toEqual([403, 'abacus_annotation_forbidden']);
		const notDeleted = await call<{ code: string }>(
			analyst,
			'DELETE',
			`${route}/${theirs.body.id}`,
		);
		expect(notDeleted.status).toBe(403);
		const edited = await call<Note>(analyst, 'PATCH', `${route}/${mine.body.id}`, {
			text: 'Analyst note, edited',
		});
		expect(edited.body.text).toBe('Analyst note, edited');
		// A store manager may change anyone's.
		const managed = await call<Note>(manager, 'PUT', `${route}/${mine.body.id}`, {
			date_to: '2026-04-03',
		});
		expect(managed.body).toMatchObject({ date_to: '2026-04-03', text: 'Analyst note, edited' });
		expect((await call(manager, 'DELETE', `${route}/${theirs.body.id}`)).status).toBe(200);

		const subscriber = await logIn(SUBSCRIBER);
		const read = await call<{ code: string }>(subscriber, 'GET', route);
		expect(read.status).toBe(403);
		const write = await call<{ code: string }>(subscriber, 'POST', route, {
			date_from: '2026-04-01',
			text: 'x',
		});
		expect(write.status).toBe(403);
		await call(admin, 'DELETE', `${route}/${mine.body.id}`);
	});
});
