/**
 * `POST abacus/v1/sync/settings`: the plugin's notice that settings which shape figures were saved.
 * The engine reads them at once (not at the next round, an interval later), says `pending` until
 * that read is done, and refuses the notice without the store's token and its `sync_settings`
 * scope, on a server that does not sync the store, and on another spelling of the path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../core/db.js';
import {
	REPORTS_CAPABILITY,
	SYNC_SETTINGS_SCOPE,
	signEngineToken,
} from '../../engine-auth/index.js';
import { startServer } from '../../index.js';
import { prepareEngineDatabase } from '../prepare.js';
import { listEngineStores, registerStore } from '../registry.js';
import { FakeWoo } from './fake-woo.js';

jest.setTimeout(180_000);

interface SettingsStatus {
	readAt: string | null;
	lastChange: { at: string; names: string[] } | null;
	requestedAt: string | null;
	pending: boolean;
}

async function withEngine(
	sync: false | { intervalSeconds: number },
	run: (engine: {
		url: string;
		woo: FakeWoo;
		token: (scope?: string[]) => string;
	}) => Promise<void>,
): Promise<void> {
	const woo = new FakeWoo(30);
	woo.dateType = 'date_created';
	await woo.start();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-settings-notice-'));
	const file = path.join(dir, 'engine.duckdb');
	try {
		const db = await Db.open(file);
		await prepareEngineDatabase(db);
		await registerStore(db, {
			url: woo.url,
			auth: { kind: 'keys', key: 'ck_test', secret: 'cs_test' },
		});
		const [store] = await listEngineStores(db);
		db.close();
		const server = await startServer({ databasePath: file, quiet: true, sync });
		try {
			const token = (scope?: string[]) => {
				const now = Math.floor(Date.now() / 1000);
				return signEngineToken(
					{
						store: store.id,
						sub: 0,
						cap: REPORTS_CAPABILITY,
						iat: now,
						exp: now + 600,
						aud: server.url,
						...(scope ? { scope } : {}),
					},
					store.secret,
				);
			};
			await run({ url: server.url, woo, token });
		} finally {
			await server.close();
		}
	} finally {
		await woo.close();
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function settingsOf(
	url: string,
	token: string,
): Promise<SettingsStatus & { rounds: number }> {
	const response = await fetch(`${url}/wp-json/abacus/v1/sync`, {
		headers: { Authorization: `Bearer ${token}` },
	});
	expect(response.status).toBe(200);
	const body = (await response.json()) as {
		stores: Array<{ rounds: number; settings: SettingsStatus }>;
	};
	return { ...body.stores[0].settings, rounds: body.stores[0].rounds };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
	let value = await read();
	for (let i = 0; i < 600 && !done(value); i++) {
		await new Promise((resolve) => setTimeout(resolve, 100));
		value = await read();
	}
	return value;
}

const notice = (url: string, token?: string, extra: RequestInit = {}) =>
	fetch(`${url}/wp-json/abacus/v1/sync/settings`, {
		method: 'POST',
		...extra,
		headers: {
			...(token ? { Authorization: `Bearer ${token}` } : {}),
			...(extra.headers as Record<string, string> | undefined),
		},
	});

test('a saved setting is read at once after the notice, and pending until then', async () => {
	// An hour between rounds: without the notice, the change would wait an hour.
	await withEngine({ intervalSeconds: 3600 }, async ({ url, woo, token }) => {
		const reader = token();
		const first = await waitFor(
			() => settingsOf(url, reader),
			(s) => s.rounds >= 1,
		);
		expect(first).toMatchObject({ pending: false, requestedAt: null });

		woo.dateType = 'date_paid';
		const answer = await notice(url, token([SYNC_SETTINGS_SCOPE]));
		expect(answer.status).toBe(202);
		const body = (await answer.json()) as {
			stores: Array<{ id: string; settings: SettingsStatus }>;
		};
		expect(body.stores).toHaveLength(1);
		expect(body.stores[0].id).toBe(woo.url);
		expect(body.stores[0].settings.pending).toBe(true);
		expect(typeof body.stores[0].settings.requestedAt).toBe('string');

		const after = await waitFor(
			() => settingsOf(url, reader),
			(s) => !s.pending,
		);
		expect(after.pending).toBe(false);
		expect(after.lastChange?.names).toContain('woocommerce_date_type');
		expect(Date.parse(after.readAt ?? '')).toBeGreaterThanOrEqual(
			Date.parse(body.stores[0].settings.requestedAt ?? ''),
		);
		// The round the notice started completes (an hour before the next one was due).
		const rounds = await waitFor(
			() => settingsOf(url, reader),
			(s) => s.rounds >= 2,
		);
		expect(rounds.rounds).toBeGreaterThanOrEqual(2);
	});
});

test('a notice during a long round is read beside it, not after it', async () => {
	await withEngine({ intervalSeconds: 3600 }, async ({ url, woo, token }) => {
		const reader = token();
		await waitFor(
			() => settingsOf(url, reader),
			(s) => s.rounds >= 1,
		);
		// The next round's first page of orders takes 20 s to answer (then fails and is asked again).
		woo.fail('wc/v3/orders', [{ delayMs: 20000, status: 503 }]);
		expect((await notice(url, token([SYNC_SETTINGS_SCOPE]))).status).toBe(202);
		await waitFor(
			() => settingsOf(url, reader),
			(s) => !s.pending,
		);
		// The round is waiting on the store's orders now; a setting saved meanwhile:
		woo.dateType = 'date_completed';
		const answer = await notice(url, token([SYNC_SETTINGS_SCOPE]));
		const requestedAt = (
			(await answer.json()) as { stores: Array<{ settings: SettingsStatus }> }
		).stores[0].settings.requestedAt;
		const read = await waitFor(
			() => settingsOf(url, reader),
			(s) => !s.pending,
		);
		expect(read.pending).toBe(false);
		expect(read.lastChange?.names).toContain('woocommerce_date_type');
		expect(Date.parse(read.lastChange?.at ?? '')).toBeGreaterThanOrEqual(
			Date.parse(requestedAt ?? ''),
		);
		// Read while that round still waited on the store.
		expect(read.rounds).toBe(1);
	});
});

test('the notice needs the store token with its scope, on every spelling of the path', async () => {
	await withEngine({ intervalSeconds: 3600 }, async ({ url, token }) => {
		await waitFor(
			() => settingsOf(url, token()),
			(s) => s.rounds >= 1,
		);
		const none = await notice(url);
		expect(none.status).toBe(401);
		const page = await notice(url, token());
		expect(page.status).toBe(403);
		expect(((await page.json()) as { code: string }).code).toBe(
			'abacus_engine_token_read_only',
		);
		// A read dressed as a write, and a write dressed as a read, by the method override.
		const overridden = await fetch(`${url}/wp-json/abacus/v1/sync/settings`, {
			method: 'GET',
			headers: { Authorization: `Bearer ${token()}`, 'X-HTTP-Method-Override': 'POST' },
		});
		expect([401, 403, 404, 405]).toContain(overridden.status);
		for (const spelling of [
			'/wp-json/abacus/v1/sync/settings/',
			'/wp-json//abacus/v1/sync/settings',
			'/wp-json/abacus/v1/sync/%73ettings',
			'/?rest_route=/abacus/v1/sync/settings',
		]) {
			const response = await fetch(`${url}${spelling}`, { method: 'POST' });
			expect([401, 404]).toContain(response.status);
			const status = await settingsOf(url, token());
			expect(status.pending).toBe(false);
		}
		// Asked many times at once, the notice still makes one read of the settings.
		const answers = await Promise.all(
			Array.from({ length: 20 }, () => notice(url, token([SYNC_SETTINGS_SCOPE]))),
		);
		expect(answers.every((a) => a.status === 202)).toBe(true);
		const done = await waitFor(
			() => settingsOf(url, token()),
			(s) => !s.pending,
		);
		expect(done.rounds).toBeLessThanOrEqual(3);
	});
});

test('a server that does not sync the store says so', async () => {
	await withEngine(false, async ({ url, token }) => {
		const answer = await notice(url, token([SYNC_SETTINGS_SCOPE]));
		expect(answer.status).toBe(409);
		const body = (await answer.json()) as { code: string; message: string };
		expect(body.code).toBe('abacus_sync_not_running');
		expect(body.message).toMatch(/--no-sync/);
	});
});
