/**
 * E-mail digests in WordPress 6.8 + WooCommerce 10: an SMTP sink on 127.0.0.1 (smtp-server) receives
 * what WordPress's mailer sends (pointed at it by this test's must-use plugin). A weekly digest is
 * set up through abacus/v1/digests with the REST nonce; WordPress's scheduler run twice for its
 * period sends one e-mail per recipient; the e-mail (mailparser) has HTML and plain-text parts, every
 * figure equal to WooCommerce's analytics REST answers for the same range and linking to its report
 * over that range, an inline PNG chart per figure, the leaderboards, and a signed unsubscribe link
 * that works without logging in and stops that recipient; a period missed while the site slept is
 * sent once, marked late; a refused recipient is logged and sent again by Retry. The notes on
 * charts that meet the period are listed under the figures (as text, their links only http(s)) and
 * marked on each chart (its pixels read in Chromium); a period without notes has neither. In
 * Chromium, with the mouse: the settings card sets a weekly digest up, previews it (the notes
 * included) and sends a test, at 1440 and 390 px; the e-mail's HTML is shown as a mail client
 * would and photographed for the README, and at 1440 and 390 px.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';

import {
	ADMIN,
	SHOP_MANAGER,
	SUBSCRIBER,
	pluginZip,
	startWordPress,
	type WordPressSite,
} from './harness.js';
import {
	ARTIFACTS,
	chooseEngine,
	describeWhenReady,
	lastJson,
	launchChromium,
	paidOrders,
	pageSignIn,
	startConnectedEngine,
} from './helpers.js';
import { money } from '../e2e/helpers.js';

const describeIfReady = describeWhenReady('digests');
const OWNER_ADDRESS = 'owner@example.org';
const REFUSED_ADDRESS = 'refused@example.org';
const ENGINE_SECRET = 'digest-engine-secret-0123456789abcdef';

/** A `YYYY-MM-DD` date moved by whole days (calendar arithmetic, no time zone). */
const addDays = (date: string, days: number) =>
	new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The store's date format (WordPress's default, `F j, Y`). */
const longDate = (date: string) =>
	new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
		timeZone: 'UTC',
		month: 'long',
		day: 'numeric',
		year: 'numeric',
	});

/** The x of a day's value in a digest's chart image of `days` days (it is drawn at twice its size). */
const chartX = (day: number, days: number) => Math.round(8 + (day * (480 - 16)) / (days - 1));
/** A pixel's colour is the notes' purple (#8a4bb5), strong or light, over the white chart. */
const isNoteColour = ([red, green, blue]: number[]) =>
	blue - green >= 15 && red - green >= 8 && blue < 250;
const isWhite = (rgb: number[]) => rgb.every((value) => value >= 250);

interface Range {
	after: string;
	before: string;
}
interface Period {
	key: string;
	after: string;
	before: string;
	sendAt: number;
}

describeIfReady('e-mail digests in WordPress', () => {
	let site: WordPressSite;
	let browser: Browser;
	let tmp: string;
	let smtp: SMTPServer;
	const inbox: ParsedMail[] = [];
	let arrived: () => void = () => undefined;
	/** Addresses the sink refuses (as a mail server refusing a mailbox). */
	const refused = new Set<string>([REFUSED_ADDRESS]);

	/** Waits until the sink holds `count` e-mails (a minute at most: then says how many came). */
	async function mails(count: number): Promise<ParsedMail[]> {
		const until = Date.now() + 60_000;
		while (inbox.length < count) {
			if (Date.now() > until) {
				throw new Error(`${inbox.length} e-mails arrived, ${count} were expected.`);
			}
			await new Promise<void>((resolve) => {
				arrived = resolve;
				setTimeout(resolve, 1000);
			});
		}
		return inbox;
	}

	beforeAll(async () => {
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-digests-'));
		smtp = new SMTPServer({
			authOptional: true,
			disabledCommands: ['STARTTLS', 'AUTH'],
			logger: false,
			onRcptTo(address, _session, callback) {
				if (refused.has(address.address.toLowerCase())) {
					callback(new Error('550 No such mailbox here'));
					return;
				}
				callback();
			},
			onData(stream, _session, callback) {
				// The HTML as sent: its images named by cid, not replaced by data addresses.
				simpleParser(stream, { keepCidLinks: true })
					.then((mail) => {
						inbox.push(mail);
						arrived();
						callback();
					})
					.catch(callback);
			},
		});
		await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
		const port = (smtp.server.address() as AddressInfo).port;
		const zip = pluginZip(tmp);
		const mailer = path.join(tmp, 'mail-sink.php');
		writeFileSync(
			mailer,
			`<?php
// Test only: Abacus's digests (header X-Abacus-Digest) go to the test's SMTP sink on
// 127.0.0.1:${port}; every other e-mail (WooCommerce's order e-mails) still goes nowhere.
add_action( 'plugins_loaded', function () {
	remove_filter( 'pre_wp_mail', '__return_true' );
	add_filter( 'pre_wp_mail', function ( $result, $atts ) {
		$headers = is_array( $atts['headers'] ) ? implode( "\n", $atts['headers'] ) : (string) $atts['headers'];
		return false === stripos( $headers, 'X-Abacus-Digest:' ) ? true : $result;
	}, 10, 2 );
} );
add_filter( 'wp_mail_from', function () { return 'store@example.org'; } );
add_action( 'phpmailer_init', function ( $mailer ) {
	$mailer->isSMTP();
	$mailer->Host        = '127.0.0.1';
	$mailer->Port        = ${port};
	$mailer->SMTPAuth    = false;
	$mailer->SMTPAutoTLS = false;
	$mailer->SMTPSecure  = '';
} );
// The test's Abacus engine listens on a loopback port: WordPress may call it.
add_filter( 'http_request_host_is_external', '__return_true' );
add_filter( 'http_allowed_safe_ports', function ( $ports, $host, $url ) {
	return array_merge( (array) $ports, array( (int) wp_parse_url( $url, PHP_URL_PORT ) ) );
}, 10, 3 );
// Orders reach WooCommerce's analytics tables as they are saved.
add_filter( 'woocommerce_analytics_disable_action_scheduling', '__return_true' );
`,
		);
		site = await startWordPress(zip, {
			contentFiles: { 'mu-plugins/abacus-test-mail-sink.php': mailer },
		});
		// Paid orders in this week and the week before (the prepared store's may be older).
		const made = paidOrders(site, 'digest-buyer@example.org', [
			[0, 3],
			[7, 1],
			[8, 2],
		]);
		expect(made).toHaveLength(3);
		browser = await launchChromium();
	}, 600000);

	afterAll(async () => {
		await browser?.close();
		await site?.close();
		await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
		if (tmp) rmSync(tmp, { recursive: true, force: true });
	}, 120000);

	/** A new page of `width` signed in as `user` (through wp-login.php the first time). */
	const logIn = pageSignIn(
		() => browser,
		() => site.url,
	);

	async function restNonce(page: Page): Promise<string> {
		return (
			await (
				await page.request.get(`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)
			).text()
		).trim();
	}

	/** The colours (red, green, blue) of a PNG's pixels at `points`, as Chromium decodes it. */
	async function pixels(
		png: Buffer,
		points: ReadonlyArray<readonly [number, number]>,
	): Promise<number[][]> {
		const page = await browser.newPage();
		try {
			return await page.evaluate(
				async ({ src, at }) => {
					const image = new Image();
					image.src = src;
					await image.decode();
					const canvas = document.createElement('canvas');
					canvas.width = image.naturalWidth;
					canvas.height = image.naturalHeight;
					const context = canvas.getContext('2d');
					if (!context) return [];
					context.drawImage(image, 0, 0);
					return at.map(([x, y]) => [
						...context.getImageData(x, y, 1, 1).data.slice(0, 3),
					]);
				},
				{ src: `data:image/png;base64,${png.toString('base64')}`, at: points },
			);
		} finally {
			await page.close();
		}
	}

	/** A REST call as the logged-in user of `page` (cookie and nonce); answers status and body. */
	async function rest<T>(
		page: Page,
		method: 'GET' | 'POST' | 'DELETE',
		route: string,
		body?: unknown,
		query: Record<string, string> = {},
		nonce?: string | null,
	): Promise<{ status: number; body: T }> {
		const headers: Record<string, string> = { 'Content-Type': 'application/json' };
		const token = nonce === undefined ? await restNonce(page) : nonce;
		if (token) headers['X-WP-Nonce'] = token;
		const response = await page.request.fetch(
			`${site.url}/wp-json${route}?${new URLSearchParams(query)}`,
			{ method, headers, data: body === undefined ? undefined : JSON.stringify(body) },
		);
		return { status: response.status(), body: (await response.json()) as T };
	}

	/** The period a digest sends next, and the time just after it is due. */
	function nextPeriod(id: string): Period {
		return lastJson<Period>(
			site.php(`
$digest = abacus_digests_find( '${id}' );
$next   = abacus_digests_period( $digest['schedule'], time(), true );
echo wp_json_encode( array( 'key' => $next['key'], 'after' => $next['start']->format( 'Y-m-d\\TH:i:s' ), 'before' => $next['end']->format( 'Y-m-d\\TH:i:s' ), 'sendAt' => $next['sendAt'] ) );`),
		);
	}

	/**
	 * PHP code run with WordPress loaded, without blocking this process (the SMTP sink lives in it:
	 * site.php, synchronous, would leave WordPress's mailer waiting for the sink's greeting).
	 */
	async function phpAsync(code: string): Promise<string> {
		const file = path.join(
			site.root,
			`abacus-digest-run-${Date.now()}-${Math.random().toString(36).slice(2)}.php`,
		);
		writeFileSync(file, `<?php\nrequire __DIR__ . '/wp-load.php';\n${code}\n`);
		try {
			return await new Promise<string>((resolve, reject) =>
				execFile(
					'php',
					[...(site.phpOptions ?? ['-d', 'memory_limit=512M']), file],
					{ cwd: site.root, encoding: 'utf8' },
					(error, stdout, stderr) =>
						error
							? reject(new Error(`${error.message}${stderr}${stdout}`))
							: resolve(stdout),
				),
			);
		} finally {
			rmSync(file, { force: true });
		}
	}

	/** WordPress's scheduled run of the digests at `now` (a timestamp), as WP-Cron runs it. */
	async function tick(now: number): Promise<void> {
		await phpAsync(`abacus_digests_tick( ${now} );`);
	}

	let digestId = '';
	let adminEmail = '';
	const FIGURES = [
		'revenue/net_revenue',
		'orders/orders_count',
		'orders/avg_order_value',
		'products/items_sold',
		'revenue/refunds',
	];

	test('the route checks the nonce, the capability and every field', async () => {
		const { context, page } = await logIn(ADMIN);
		const listed = await rest<{
			digests: unknown[];
			users: Array<{ id: number; email: string; name: string }>;
			figures: Array<{ stat: string; label: string }>;
		}>(page, 'GET', '/abacus/v1/digests');
		expect(listed.status).toBe(200);
		expect(listed.body.digests).toEqual([]);
		expect(listed.body.figures.map((f) => f.stat)).toEqual(expect.arrayContaining(FIGURES));
		const admin = listed.body.users.find((user) => user.name !== '' && user.id === 1);
		expect(admin).toBeDefined();
		adminEmail = (admin?.email ?? '').toLowerCase();
		const good = {
			name: 'Weekly summary',
			schedule: { frequency: 'weekly', hour: 7 },
			recipients: { users: [1], emails: [OWNER_ADDRESS] },
			figures: FIGURES,
			comparison: 'previous_period',
			leaderboards: ['products', 'categories', 'coupons', 'customers'],
		};
		// Without the nonce the cookie does not count: refused.
		const noNonce = await rest(page, 'POST', '/abacus/v1/digests', good, {}, null);
		expect(noNonce.status).toBe(401);
		for (const [change, field, message] of [
			[{ name: '' }, 'name', /name of 1 to 100/],
			[{ name: 'x'.repeat(101) }, 'name', /name of 1 to 100/],
			[
				{ schedule: { frequency: 'yearly', hour: 7 } },
				'schedule',
				/daily, weekly or monthly/,
			],
			[{ schedule: { frequency: 'daily', hour: 24 } }, 'schedule', /0 to 23/],
			[{ recipients: { users: [], emails: [] } }, 'recipients', /at least one recipient/],
			[
				{ recipients: { users: [], emails: ['not an address'] } },
				'recipients',
				/"not an address" is not an e-mail address/,
			],
			[{ figures: ['revenue/nothing'] }, 'figures', /not one of this store/],
			[
				{ leaderboards: ['orders'] },
				'leaderboards',
				/products, categories, coupons, customers/,
			],
			[{ comparison: 'yesterday' }, 'comparison', /previous_period or previous_year/],
			[{ extra: 1 }, null, /Unknown fields: extra/],
			[
				{ __proto__: { polluted: true }, constructor: 'x' },
				null,
				/Unknown fields: constructor/,
			],
		] as const) {
			const answer = await rest<{
				message: string;
				data: { params?: Record<string, string> };
			}>(page, 'POST', '/abacus/v1/digests', { ...good, ...change });
			expect([JSON.stringify(change), answer.status]).toEqual([JSON.stringify(change), 400]);
			expect(answer.body.message).toMatch(message);
			if (field) expect(Object.keys(answer.body.data.params ?? {})).toEqual([field]);
		}
		const created = await rest<{ id: string; revision: number }>(
			page,
			'POST',
			'/abacus/v1/digests',
			good,
		);
		expect(created.status).toBe(201);
		digestId = created.body.id;
		// An update saves only the fields sent, and only over the revision it loaded.
		const stale = await rest<{ code: string }>(page, 'POST', `/abacus/v1/digests/${digestId}`, {
			revision: created.body.revision + 5,
			name: 'Changed',
		});
		expect([stale.status, stale.body.code]).toEqual([409, 'abacus_digest_changed']);
		const renamed = await rest<{ name: string; revision: number; figures: string[] }>(
			page,
			'POST',
			`/abacus/v1/digests/${digestId}`,
			{ revision: created.body.revision, name: 'Weekly summary ' },
		);
		expect(renamed.status).toBe(200);
		expect(renamed.body).toMatchObject({
			name: 'Weekly summary',
			revision: created.body.revision + 1,
			figures: FIGURES,
		});
		await context.close();
		// A shop manager may manage digests; a subscriber may not even list them.
		const manager = await logIn(SHOP_MANAGER);
		expect((await rest(manager.page, 'GET', '/abacus/v1/digests')).status).toBe(200);
		await manager.context.close();
		const reader = await logIn(SUBSCRIBER);
		expect((await rest(reader.page, 'GET', '/abacus/v1/digests')).status).toBe(403);
		await reader.context.close();
	});

	test('a digest rounds money and changes as the report pages do: a half goes up, toward +∞', () => {
		const values = [-301.955, 1.005, -0.004, 2.675, -2.675, 1234.5];
		const shown = lastJson<string[]>(
			site.php(
				`echo wp_json_encode( array_map( function ( $v ) { return abacus_digest_format( $v, 'currency' ); }, ${JSON.stringify(values).replace('[', 'array( ').replace(']', ' )')} ) );`,
			),
		);
		expect(shown).toEqual(values.map(money));
		expect(shown.slice(0, 3)).toEqual(['-$301.95', '$1.01', '$0.00']);
		// A change as the tiles show it: a half per cent goes up too (-12.5 % is -12 %).
		const changes = lastJson<string[]>(
			site.php(
				`echo wp_json_encode( array( abacus_digest_change( 87.5, 100 )['text'], abacus_digest_change( 112.5, 100 )['text'], abacus_digest_change( 5, 0 )['text'] ) );`,
			),
		);
		expect(changes).toEqual(['−12%', '+13%', 'new']);
	});

	test('the scheduler run twice sends one e-mail per recipient, with the report pages’ figures', async () => {
		expect(digestId).not.toBe('');
		const period = nextPeriod(digestId);
		const { context, page } = await logIn(ADMIN);
		// Notes on charts (the route the report pages use): three meeting the week (its second
		// day, with markup in its text and a link; its fourth and fifth days; the day before it and
		// its first day) and one on each side of it.
		const first = period.after.slice(0, 10);
		const day = (index: number) => addDays(first, index);
		const link = 'https://example.org/sale?from=digest&x=1';
		const notes = [
			{ date_from: day(1), text: 'Launch of the <b>winter</b> sale', url: link },
			{ date_from: day(3), date_to: day(4), text: 'Newsletter & ads' },
			{ date_from: day(-1), date_to: day(0), text: 'Price change' },
			{ date_from: day(-3), text: 'Before the week' },
			{ date_from: day(7), text: 'After the week' },
		];
		for (const note of notes) {
			const created = await rest(page, 'POST', '/abacus/v1/annotations', note);
			expect(created.status).toBe(201);
		}
		// A row that never went through the route's checks (a javascript: link, on the week's sixth
		// day): shown without its link.
		expect(
			site
				.php(
					`global $wpdb; $now = gmdate( 'Y-m-d H:i:s' ); echo (int) $wpdb->insert( abacus_annotations_table(), array( 'date_from' => '${day(5)}', 'date_to' => '${day(5)}', 'text' => 'Stock count', 'url' => 'javascript:alert(1)', 'author_id' => 1, 'created' => $now, 'updated' => $now ) );`,
				)
				.trim()
				.split('\n')
				.pop(),
		).toBe('1');
		// A run before the period's time sends nothing.
		await tick(period.sendAt - 60);
		await tick(period.sendAt + 60);
		await tick(period.sendAt + 120);
		const received = await mails(2);
		// Let a wrong third e-mail arrive before counting.
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect(received).toHaveLength(2);
		const to = received.map((mail) =>
			(Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0].address?.toLowerCase(),
		);
		expect(to.sort()).toEqual([adminEmail, OWNER_ADDRESS].sort());
		const totals = async (report: string, range: Range) =>
			(
				await rest<{ totals: Record<string, number> }>(
					page,
					'GET',
					`/wc-analytics/reports/${report}/stats`,
					undefined,
					{ after: range.after, before: range.before, interval: 'day' },
				)
			).body.totals;
		const revenue = await totals('revenue', period);
		const orders = await totals('orders', period);
		const products = await totals('products', period);
		expect(orders.orders_count).toBeGreaterThan(0);
		const expected: Array<[string, string, string]> = [
			['Net sales', money(revenue.net_revenue), '/analytics/revenue'],
			['Orders', orders.orders_count.toLocaleString('en-US'), '/analytics/orders'],
			['Average order value', money(orders.avg_order_value), '/analytics/orders'],
			['Products sold', products.items_sold.toLocaleString('en-US'), '/analytics/products'],
			['Returns', money(revenue.refunds), '/analytics/revenue'],
		];
		const mail = received.find((m) => m.html && m.html.includes(OWNER_ADDRESS)) as ParsedMail;
		expect(mail.subject).toMatch(/^Weekly summary: /);
		const html = String(mail.html);
		expect(html).not.toMatch(/<script/i);
		const doc = await browser.newPage();
		await doc.setContent(html);
		const figures = await doc.evaluate(() =>
			[...document.querySelectorAll('a')]
				.filter((a) => a.querySelectorAll('span').length === 2)
				.map((a) => ({
					label: a.querySelectorAll('span')[0].textContent ?? '',
					value: a.querySelectorAll('span')[1].textContent ?? '',
					href: a.href,
				})),
		);
		expect(figures.map((f) => [f.label, f.value])).toEqual(
			expected.map(([label, value]) => [label, value]),
		);
		for (const [index, figure] of figures.entries()) {
			const url = new URL(figure.href);
			expect(url.origin + url.pathname).toBe(`${site.url}/wp-admin/admin.php`);
			expect(Object.fromEntries(url.searchParams)).toMatchObject({
				page: 'abacus',
				path: expected[index][2],
				period: 'custom',
				compare: 'previous_period',
				after: period.after.slice(0, 10),
				before: period.before.slice(0, 10),
			});
		}
		// A chart per figure: an inline PNG part whose cid the HTML shows.
		const images = mail.attachments.filter((part) => part.contentType === 'image/png');
		expect(images).toHaveLength(FIGURES.length);
		for (const image of images) {
			expect(image.content.subarray(1, 4).toString()).toBe('PNG');
			expect(image.contentDisposition).toBe('inline');
			expect(html).toContain(`cid:${image.cid}`);
		}
		// The plain-text part says the same figures.
		for (const [label, value] of expected) expect(mail.text).toContain(`${label}: ${value}`);
		// The notes meeting the week, by first day, under the figures: their days in the store's
		// date format, their text as text (no markup made of it), a link only to http(s).
		const listed = await doc.evaluate(() => {
			const heading = [...document.querySelectorAll('h2')].find(
				(h) => h.textContent === 'Notes',
			);
			return [...(heading?.parentElement?.querySelectorAll('p') ?? [])].map((p) => {
				const days = p.querySelector('span')?.textContent ?? '';
				return {
					days,
					text: (p.textContent ?? '').slice(days.length),
					links: [...p.querySelectorAll('a')].map((a) => a.href),
				};
			});
		});
		const weekNotes = [
			[`${longDate(day(-1))} – ${longDate(day(0))}`, 'Price change'],
			[longDate(day(1)), 'Launch of the <b>winter</b> sale'],
			[`${longDate(day(3))} – ${longDate(day(4))}`, 'Newsletter & ads'],
			[longDate(day(5)), 'Stock count'],
		];
		expect(listed).toEqual([
			{ days: weekNotes[0][0], text: weekNotes[0][1], links: [] },
			{ days: weekNotes[1][0], text: `${weekNotes[1][1]} example.org`, links: [link] },
			{ days: weekNotes[2][0], text: weekNotes[2][1], links: [] },
			{ days: weekNotes[3][0], text: weekNotes[3][1], links: [] },
		]);
		expect(await doc.locator('b').count()).toBe(0);
		expect(html).not.toContain('javascript:');
		for (const outside of ['Before the week', 'After the week']) {
			expect(html).not.toContain(outside);
			expect(mail.text).not.toContain(outside);
		}
		expect(mail.text).toContain(
			[
				'Notes',
				`  ${weekNotes[0][0]}: ${weekNotes[0][1]}`,
				`  ${weekNotes[1][0]}: ${weekNotes[1][1]} — ${link}`,
				`  ${weekNotes[2][0]}: ${weekNotes[2][1]}`,
				`  ${weekNotes[3][0]}: ${weekNotes[3][1]}`,
			].join('\n'),
		);
		// Each chart says on which days there are notes, and marks them: a line on a single day
		// (the week's first, second and sixth), a band over the fourth and fifth, nothing on the
		// third and seventh.
		const alts = await doc.evaluate(() =>
			[...document.querySelectorAll('img')].map((img) => img.alt),
		);
		expect(alts).toEqual(
			expected.map(
				([label]) =>
					`${label} by day, this period (blue) and the comparison period (grey), with notes (purple) on ${weekNotes
						.slice(0, 3)
						.map(([days]) => days)
						.join(', ')}, and ${weekNotes[3][0]}`,
			),
		);
		const chart = images.find((image) => image.cid?.startsWith('abacus-chart-1@'));
		expect(chart).toBeDefined();
		const band = Math.round((chartX(3, 7) + chartX(4, 7)) / 2);
		const [day0, day1, day2, bandTop, bandBottom, day5, day6] = await pixels(
			chart?.content ?? Buffer.alloc(0),
			[
				[chartX(0, 7), 1],
				[chartX(1, 7), 1],
				[chartX(2, 7), 1],
				[band, 1],
				[band, 110],
				[chartX(5, 7), 1],
				[chartX(6, 7), 1],
			],
		);
		for (const marked of [day0, day1, bandTop, bandBottom, day5]) {
			expect([marked, isNoteColour(marked)]).toEqual([marked, true]);
		}
		for (const unmarked of [day2, day6])
			expect([unmarked, isWhite(unmarked)]).toEqual([unmarked, true]);
		// The leaderboards: the top product is the products report's first row.
		const top = await rest<Array<{ items_sold: number; extended_info: { name: string } }>>(
			page,
			'GET',
			'/wc-analytics/reports/products',
			undefined,
			{
				after: period.after,
				before: period.before,
				orderby: 'items_sold',
				order: 'desc',
				per_page: '10',
				extended_info: 'true',
			},
		);
		// The products that sold the most (WooCommerce's leaderboards and its products report may
		// order a tie differently: a week whose two best products sold as many failed here).
		const most = top.body.filter((p) => p.items_sold === top.body[0].items_sold);
		for (const title of ['Top products', 'Top categories', 'Top coupons', 'Top customers']) {
			expect(html).toContain(title);
		}
		expect(await doc.locator('h2', { hasText: 'Top products' }).count()).toBe(1);
		const firstProduct = await doc.evaluate(() => {
			const heading = [...document.querySelectorAll('h2')].find((h) =>
				h.textContent?.includes('Top products'),
			);
			return (
				heading?.parentElement?.querySelector('table tr:nth-child(2) td')?.textContent ?? ''
			);
		});
		expect(most.map((p) => p.extended_info.name)).toContain(firstProduct);
		// The owner's address gets no "Manage digests" (not a store manager); the admin's does.
		expect(html).not.toContain('Manage digests');
		const adminMail = received.find((m) => m !== mail) as ParsedMail;
		expect(String(adminMail.html)).toContain('Manage digests');
		// The mail client's own unsubscribe (RFC 8058's one-click POST) uses the same signed link.
		const headerLine = (key: string) =>
			mail.headerLines.find((header) => header.key === key)?.line ?? '';
		const ownLink = /Unsubscribe: (\S+)/.exec(String(mail.text))?.[1] ?? '';
		expect(ownLink).toContain('action=abacus_digest_unsubscribe');
		expect(headerLine('list-unsubscribe')).toBe(`List-Unsubscribe: <${ownLink}>`);
		expect(headerLine('list-unsubscribe-post')).toBe(
			'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
		);
		// The e-mail as a mail client shows it (its inline images in place), for the README.
		let shown = html;
		for (const image of images) {
			shown = shown.replace(
				`cid:${image.cid}`,
				`data:image/png;base64,${image.content.toString('base64')}`,
			);
		}
		await doc.setViewportSize({ width: 760, height: 1000 });
		await doc.setContent(shown);
		await doc.screenshot({ path: path.join(ARTIFACTS, 'digest-email.png'), fullPage: true });
		// On a phone the notes wrap inside the e-mail.
		for (const width of [1440, 390]) {
			await doc.setViewportSize({ width, height: 900 });
			const right = await doc.evaluate(() =>
				Math.max(
					...[...document.querySelectorAll('h2 ~ p')].map(
						(p) => p.getBoundingClientRect().right,
					),
				),
			);
			expect(right).toBeLessThanOrEqual(width);
			await doc.screenshot({
				path: path.join(ARTIFACTS, `digest-email-${width}.png`),
				fullPage: true,
			});
		}
		await doc.close();
		await context.close();
	});

	test('the unsubscribe link works without logging in and stops that recipient; a missed period goes once, late', async () => {
		const mail = inbox.find((m) => String(m.html).includes(OWNER_ADDRESS)) as ParsedMail;
		const link = /Unsubscribe: (\S+)/.exec(String(mail.text))?.[1] ?? '';
		expect(link).toContain('admin-post.php?action=abacus_digest_unsubscribe');
		// A changed signature is refused and changes nothing.
		const forged = link.replace(
			/sig=([0-9a-f])/,
			(_m, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`,
		);
		const bad = await fetch(forged);
		expect(bad.status).toBe(400);
		// Opening the link (no cookie) asks to confirm; the button unsubscribes.
		const context = await browser.newContext();
		const page = await context.newPage();
		await page.goto(link);
		await page.getByText(`Stop sending "Weekly summary" to ${OWNER_ADDRESS}?`).waitFor();
		await page.getByRole('button', { name: 'Unsubscribe' }).click();
		await page.getByText(`${OWNER_ADDRESS} will no longer receive "Weekly summary".`).waitFor();
		await context.close();
		// The next period, the site asleep at its time: sent once when it wakes, marked late, to the
		// admin only. The note on its first day (added for the e-mail before) is removed first: the
		// other notes are all before it.
		expect(
			site
				.php(
					"global $wpdb; echo (int) $wpdb->delete( abacus_annotations_table(), array( 'text' => 'After the week' ) );",
				)
				.trim()
				.split('\n')
				.pop(),
		).toBe('1');
		const before = inbox.length;
		const period = lastJson<Period>(
			site.php(`
$digest = abacus_digests_find( '${digestId}' );
$state  = abacus_digests_state( '${digestId}' );
$next   = abacus_digests_period_of_key( $digest['schedule'], $state['lastPeriod'] );
$after  = abacus_digests_period( $digest['schedule'], $next['sendAt'], true );
echo wp_json_encode( array( 'key' => $after['key'], 'after' => '', 'before' => '', 'sendAt' => $after['sendAt'] ) );`),
		);
		await tick(period.sendAt + 5 * 3600);
		await tick(period.sendAt + 6 * 3600);
		const received = await mails(before + 1);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect(received).toHaveLength(before + 1);
		const late = received[before];
		expect(late.subject).toMatch(/^\(Late\) Weekly summary: /);
		expect(String(late.html)).toContain('This digest is late');
		// No note meets that week: no Notes section, no marker.
		expect(String(late.html)).not.toMatch(/>Notes<\/h2>/);
		expect(String(late.text)).not.toMatch(/^Notes$/m);
		expect(String(late.html)).not.toContain('with notes');
		const chart = late.attachments.find((part) => part.cid?.startsWith('abacus-chart-1@'));
		expect(chart).toBeDefined();
		const top = await pixels(
			chart?.content ?? Buffer.alloc(0),
			Array.from({ length: 120 }, (_, index) => [index * 4, 1] as const),
		);
		expect(top).toHaveLength(120);
		expect(top.filter((rgb) => !isWhite(rgb))).toEqual([]);
		const address = (Array.isArray(late.to) ? late.to[0] : late.to)?.value[0].address;
		expect(address?.toLowerCase()).toBe(adminEmail);
	});

	test('a refused recipient is logged, shown, and sent again by Retry', async () => {
		const { context, page } = await logIn(ADMIN);
		const loaded = await rest<{ digests: Array<{ id: string; revision: number }> }>(
			page,
			'GET',
			'/abacus/v1/digests',
		);
		const digest = loaded.body.digests.find((d) => d.id === digestId);
		await rest(page, 'POST', `/abacus/v1/digests/${digestId}`, {
			revision: digest?.revision,
			recipients: { users: [], emails: [REFUSED_ADDRESS] },
		});
		const before = inbox.length;
		const state = lastJson<{ sendAt: number }>(
			site.php(`
$digest = abacus_digests_find( '${digestId}' );
$state  = abacus_digests_state( '${digestId}' );
$last   = abacus_digests_period_of_key( $digest['schedule'], $state['lastPeriod'] );
echo wp_json_encode( abacus_digests_period( $digest['schedule'], $last['sendAt'], true ) );`),
		);
		await tick(state.sendAt + 60);
		const failed = await rest<{
			digests: Array<{
				id: string;
				state: { failure: { recipients: string[]; message: string } | null };
			}>;
		}>(page, 'GET', '/abacus/v1/digests');
		const failure = failed.body.digests.find((d) => d.id === digestId)?.state.failure;
		expect(failure?.recipients).toEqual([REFUSED_ADDRESS]);
		expect(failure?.message).toMatch(/No such mailbox|recipient/i);
		expect(inbox).toHaveLength(before);
		// The mailbox exists again: Retry sends the failed period to it.
		refused.delete(REFUSED_ADDRESS);
		const retried = await rest<{ state: { failure: unknown } }>(
			page,
			'POST',
			`/abacus/v1/digests/${digestId}/retry`,
		);
		expect(retried.status).toBe(200);
		const received = await mails(before + 1);
		expect(
			(Array.isArray(received[before].to) ? received[before].to[0] : received[before].to)
				?.value[0].address,
		).toBe(REFUSED_ADDRESS);
		const after = await rest<{ digests: Array<{ id: string; state: { failure: unknown } }> }>(
			page,
			'GET',
			'/abacus/v1/digests',
		);
		expect(after.body.digests.find((d) => d.id === digestId)?.state.failure).toBeNull();
		await context.close();
	});

	test('a daily digest at its hour and a monthly one on the 1st each go out once per period, in the store’s time zone; days missed go once, late', async () => {
		// A store far from UTC: its days and months start 13 hours before UTC's.
		const ZONE = 'Pacific/Auckland';
		const saved = lastJson<{ zone: string; offset: string }>(
			site.php(
				"echo wp_json_encode( array( 'zone' => (string) get_option( 'timezone_string' ), 'offset' => (string) get_option( 'gmt_offset' ) ) );",
			),
		);
		site.php(`update_option( 'timezone_string', '${ZONE}' );`);
		/** A timestamp's date and time in the store's zone. */
		const local = (timestamp: number) => {
			const parts = Object.fromEntries(
				new Intl.DateTimeFormat('en-CA', {
					timeZone: ZONE,
					year: 'numeric',
					month: '2-digit',
					day: '2-digit',
					hour: '2-digit',
					minute: '2-digit',
					hourCycle: 'h23',
				})
					.formatToParts(new Date(timestamp * 1000))
					.map((part) => [part.type, part.value]),
			);
			return {
				date: `${parts.year}-${parts.month}-${parts.day}`,
				time: `${parts.hour}:${parts.minute}`,
			};
		};
		/** The e-mails of one digest, by the start of their subject. */
		const of = (name: string) =>
			inbox.filter((mail) => (mail.subject ?? '').includes(`${name}: `));
		/** The figure links' range in an e-mail (`after` and `before` of each). */
		const linkedRanges = (mail: ParsedMail) =>
			[...String(mail.html).matchAll(/href="([^"]*page=abacus[^"]*)"/g)]
				.map((match) => new URL(match[1].replace(/&(amp|#0?38);/g, '&')))
				.filter((url) => url.searchParams.get('period') === 'custom')
				.map(
					(url) => `${url.searchParams.get('after')}..${url.searchParams.get('before')}`,
				);
		/** Waits for `count` e-mails of one digest, then a second more for a wrong extra one. */
		const mailsOf = async (name: string, count: number): Promise<ParsedMail[]> => {
			const until = Date.now() + 60_000;
			while (of(name).length < count) {
				if (Date.now() > until) {
					throw new Error(`${of(name).length} e-mails of ${name}, ${count} expected.`);
				}
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
			await new Promise((resolve) => setTimeout(resolve, 1000));
			return of(name);
		};
		const { context, page } = await logIn(ADMIN);
		/** A digest of two figures to one address (each set up, tested and deleted in turn). */
		const make = async (name: string, frequency: string, hour: number, email: string) => {
			const created = await rest<{ id: string }>(page, 'POST', '/abacus/v1/digests', {
				name,
				schedule: { frequency, hour },
				recipients: { users: [], emails: [email] },
				figures: ['revenue/net_revenue', 'orders/orders_count'],
				comparison: 'previous_period',
				leaderboards: [],
			});
			expect(created.status).toBe(201);
			return created.body.id;
		};
		/** What the card's list says of a digest's sending. */
		const stateOf = async (id: string) =>
			(
				await rest<{
					digests: Array<{ id: string; state: { lastPeriod: string; late: boolean } }>;
				}>(page, 'GET', '/abacus/v1/digests')
			).body.digests.find((d) => d.id === id)?.state;
		try {
			// Daily at 06:00 in Auckland: its next e-mail is the next 06:00 there, for the day
			// before.
			const daily = await make('Daily figures', 'daily', 6, 'daily@example.org');
			const day = nextPeriod(daily);
			const now = Math.floor(Date.now() / 1000);
			expect(local(day.sendAt).time).toBe('06:00');
			expect(day.sendAt).toBeGreaterThan(now);
			expect(day.sendAt - 86_400).toBeLessThanOrEqual(now);
			const dayDate = addDays(local(day.sendAt).date, -1);
			expect([day.key, day.after, day.before]).toEqual([
				dayDate,
				`${dayDate}T00:00:00`,
				`${dayDate}T23:59:59`,
			]);
			// The scheduler a minute before the time, then twice after it: one e-mail, about that
			// day (the subject in the store's date format, the figures linking to that day).
			await tick(day.sendAt - 60);
			await tick(day.sendAt + 60);
			await tick(day.sendAt + 120);
			const [dailyMail, ...moreDaily] = await mailsOf('Daily figures', 1);
			expect(moreDaily).toHaveLength(0);
			expect(dailyMail.subject).toBe(`Daily figures: ${longDate(dayDate)}`);
			const dailyRanges = linkedRanges(dailyMail);
			expect(dailyRanges.length).toBeGreaterThan(0);
			expect(new Set(dailyRanges)).toEqual(new Set([`${dayDate}..${dayDate}`]));
			expect(String(dailyMail.html)).not.toContain('This digest is late');
			expect(await stateOf(daily)).toMatchObject({ lastPeriod: dayDate, late: false });

			// The site asleep for three of its days: when it wakes, five hours after the third
			// day's time, only that day goes, once, marked late.
			const third = lastJson<Period>(
				site.php(`
$digest = abacus_digests_find( '${daily}' );
$at     = ${day.sendAt};
for ( $i = 0; $i < 3; $i++ ) {
	$next = abacus_digests_period( $digest['schedule'], $at, true );
	$at   = $next['sendAt'];
}
echo wp_json_encode( array( 'key' => $next['key'], 'after' => '', 'before' => '', 'sendAt' => $next['sendAt'] ) );`),
			);
			const thirdDate = addDays(dayDate, 3);
			expect([third.key, local(third.sendAt).time]).toEqual([thirdDate, '06:00']);
			await tick(third.sendAt + 5 * 3600);
			await tick(third.sendAt + 6 * 3600);
			const late = await mailsOf('Daily figures', 2);
			expect(late).toHaveLength(2);
			expect(late[1].subject).toBe(`(Late) Daily figures: ${longDate(thirdDate)}`);
			expect(String(late[1].html)).toContain('This digest is late');
			expect(new Set(linkedRanges(late[1]))).toEqual(new Set([`${thirdDate}..${thirdDate}`]));
			expect(await stateOf(daily)).toMatchObject({ lastPeriod: thirdDate, late: true });
			expect((await rest(page, 'DELETE', `/abacus/v1/digests/${daily}`)).status).toBe(200);

			// Monthly at 07:00 on the 1st in Auckland, for the month before.
			const monthly = await make('Monthly figures', 'monthly', 7, 'monthly@example.org');
			const month = nextPeriod(monthly);
			const sent = local(month.sendAt);
			expect([sent.date.slice(8), sent.time]).toEqual(['01', '07:00']);
			expect(month.sendAt).toBeGreaterThan(now);
			expect(month.sendAt - 31 * 86_400).toBeLessThanOrEqual(now);
			const lastDay = addDays(sent.date, -1);
			const firstDay = `${lastDay.slice(0, 8)}01`;
			expect([month.key, month.after, month.before]).toEqual([
				firstDay,
				`${firstDay}T00:00:00`,
				`${lastDay}T23:59:59`,
			]);
			await tick(month.sendAt - 60);
			await tick(month.sendAt + 60);
			await tick(month.sendAt + 120);
			const [monthlyMail, ...moreMonthly] = await mailsOf('Monthly figures', 1);
			expect(moreMonthly).toHaveLength(0);
			expect(monthlyMail.subject).toBe(
				`Monthly figures: ${longDate(firstDay)} – ${longDate(lastDay)}`,
			);
			expect(new Set(linkedRanges(monthlyMail))).toEqual(
				new Set([`${firstDay}..${lastDay}`]),
			);
			expect(await stateOf(monthly)).toMatchObject({ lastPeriod: firstDay, late: false });
			expect((await rest(page, 'DELETE', `/abacus/v1/digests/${monthly}`)).status).toBe(200);
		} finally {
			site.php(
				`update_option( 'timezone_string', ${JSON.stringify(saved.zone)} ); update_option( 'gmt_offset', ${JSON.stringify(saved.offset)} );`,
			);
			await context.close();
		}
	}, 600000);

	test('the settings card sets a digest up with the mouse, previews it and sends a test, at 1440 and 390 px', async () => {
		const { context, page, errors } = await logIn(ADMIN);
		await page.goto(`${site.url}/wp-admin/admin.php?page=abacus&path=/analytics/settings`, {
			waitUntil: 'load',
		});
		const card = page.locator('#abacus-digests');
		await card.getByRole('heading', { name: 'E-mail digests' }).waitFor({ timeout: 60000 });
		await card.getByRole('button', { name: 'Add a digest' }).click({ timeout: 60000 });
		const form = card.getByRole('form', { name: 'New digest' });
		await form.getByLabel('Name').fill('Monday figures');
		await form.getByRole('checkbox', { name: new RegExp(`<${adminEmail}>`) }).click();
		await form.getByLabel('Other e-mail addresses (one per line)').fill('team@example');
		await form.getByRole('button', { name: 'Set up the digest' }).click();
		// A wrong address is said on its field, nothing is saved.
		await form.getByText('"team@example" is not an e-mail address').waitFor();
		await form.getByLabel('Other e-mail addresses (one per line)').fill('team@example.org');
		await form.getByRole('button', { name: 'Move Orders up' }).click();
		await form.getByRole('checkbox', { name: 'Returns' }).click();
		await card.screenshot({ path: path.join(ARTIFACTS, 'digests-card-editor-1440.png') });
		await form.getByRole('button', { name: 'Set up the digest' }).click();
		await card
			.getByText('“Monday figures” is set up. Every Monday at 07:00, for the week before.')
			.waitFor({ timeout: 60000 });
		const saved = await rest<{
			digests: Array<{ name: string; figures: string[]; recipients: unknown }>;
		}>(page, 'GET', '/abacus/v1/digests');
		expect(saved.body.digests.find((d) => d.name === 'Monday figures')).toMatchObject({
			figures: [
				'orders/orders_count',
				'revenue/net_revenue',
				'orders/avg_order_value',
				'products/items_sold',
				'revenue/refunds',
			],
			recipients: { users: [1], emails: ['team@example.org'] },
		});
		const item = card.locator('.abacus-digests__item', { hasText: 'Monday figures' });
		// Its next sending in the store's date and time formats (WordPress's defaults).
		expect(await item.textContent()).toMatch(
			/Next: [A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} (am|pm)\./,
		);
		await card.screenshot({ path: path.join(ARTIFACTS, 'digests-card-1440.png') });
		await item.getByRole('button', { name: 'Preview' }).click();
		const dialog = page.getByRole('dialog', { name: 'Preview of the e-mail' });
		await dialog.waitFor({ timeout: 60000 });
		const frame = page.frameLocator('iframe[title="The e-mail as it will be sent"]');
		await frame.getByText('Monday figures', { exact: true }).waitFor();
		await frame.getByText('Net sales').first().waitFor();
		expect(await frame.locator('img[src^="data:image/png;base64,"]').count()).toBe(5);
		// The notes of the week it shows (the week before the first e-mail's: two of the notes
		// added for that e-mail meet it), as the e-mail lists them.
		await frame.getByRole('heading', { name: 'Notes' }).waitFor();
		await frame.getByText('Before the week').waitFor();
		await frame.getByText('Price change').waitFor();
		expect(await frame.getByText('Launch of the <b>winter</b> sale').count()).toBe(0);
		// Each chart decoded, as a reader sees it (the screenshot shows the e-mail, not an empty frame).
		for (const image of await frame.locator('img').all()) {
			expect(
				await image.evaluate((img: HTMLImageElement) =>
					img.decode().then(() => img.naturalWidth),
				),
			).toBeGreaterThan(0);
		}
		await page.screenshot({ path: path.join(ARTIFACTS, 'digests-preview-1440.png') });
		await dialog.getByRole('button', { name: 'Close' }).click();
		const before = inbox.length;
		await item.getByRole('button', { name: 'Send a test now' }).click();
		await card
			.getByText(`A test digest was sent to ${adminEmail}.`)
			.waitFor({ timeout: 60000 });
		const received = await mails(before + 1);
		expect(received[before].subject).toMatch(/^\[Test\] Monday figures: /);
		expect(errors).toEqual([]);
		await context.close();

		const phone = await logIn(ADMIN, 390);
		await phone.page.goto(
			`${site.url}/wp-admin/admin.php?page=abacus&path=/analytics/settings`,
			{ waitUntil: 'load' },
		);
		const small = phone.page.locator('#abacus-digests');
		await small.getByRole('heading', { name: 'E-mail digests' }).waitFor({ timeout: 60000 });
		await small
			.locator('.abacus-digests__item', { hasText: 'Monday figures' })
			.getByRole('button', { name: 'Edit' })
			.click();
		await small.getByRole('form', { name: 'Edit the digest' }).waitFor();
		// Nothing spills out of the card.
		const spill = await small.evaluate((element) => element.scrollWidth - element.clientWidth);
		expect(spill).toBeLessThanOrEqual(1);
		expect((await small.boundingBox())?.width ?? 999).toBeLessThanOrEqual(390);
		await small.screenshot({ path: path.join(ARTIFACTS, 'digests-card-390.png') });
		await small.getByRole('button', { name: 'Cancel' }).click();
		await small
			.locator('.abacus-digests__item', { hasText: 'Monday figures' })
			.getByRole('button', { name: 'Preview' })
			.click();
		await phone.page
			.frameLocator('iframe[title="The e-mail as it will be sent"]')
			.getByText('Net sales')
			.first()
			.waitFor({ timeout: 60000 });
		await phone.page.screenshot({ path: path.join(ARTIFACTS, 'digests-preview-390.png') });
		expect(phone.errors).toEqual([]);
		await phone.context.close();
	}, 600000);

	test('with the Abacus engine chosen, the figures come from the engine', async () => {
		// The engine as a store owner sets it up: a read-only REST key, `connect --sync` copies the
		// store, the built server serves it, the plugin is pointed at it.
		const { context, page } = await logIn(ADMIN);
		const engine = await startConnectedEngine(site, tmp, ENGINE_SECRET);
		const engineUrl = engine.url;
		try {
			chooseEngine(site, engineUrl, ENGINE_SECRET);
			const preview = await rest<{ html: string; period: string }>(
				page,
				'POST',
				'/abacus/v1/digests/preview',
				{ id: digestId, figures: ['revenue/net_revenue', 'orders/orders_count'] },
			);
			expect(preview.status).toBe(200);
			const period = lastJson<Period>(
				site.php(`
$digest = abacus_digests_find( '${digestId}' );
$due    = abacus_digests_due_period( $digest );
echo wp_json_encode( array( 'key' => $due['key'], 'after' => $due['start']->format( 'Y-m-d\\TH:i:s' ), 'before' => $due['end']->format( 'Y-m-d\\TH:i:s' ), 'sendAt' => $due['sendAt'] ) );`),
			);
			expect(preview.body.period).toBe(period.key);
			// The engine's own answer for the same range, with a token the plugin signs.
			const token = site
				.php("wp_set_current_user( 1 ); echo abacus_engine_token()['token'];")
				.trim()
				.split('\n')
				.pop();
			const answer = await fetch(
				`${engineUrl}/wp-json/wc-analytics/reports/revenue/stats?${new URLSearchParams({
					after: period.after,
					before: period.before,
					interval: 'day',
				})}`,
				{ headers: { Authorization: `Bearer ${token}` } },
			);
			expect(answer.status).toBe(200);
			const totals = ((await answer.json()) as { totals: Record<string, number> }).totals;
			expect(preview.body.html).toContain(`>${money(totals.net_revenue)}</span>`);
			// The notes stay WordPress's: the week's notes are listed all the same.
			expect(preview.body.html).toContain('Before the week');
			// With the engine stopped, the digest says the engine cannot be reached: its figures
			// came from there.
			await engine.stop();
			const down = await rest<{ message: string }>(
				page,
				'POST',
				'/abacus/v1/digests/preview',
				{
					id: digestId,
				},
			);
			expect(down.status).toBeGreaterThanOrEqual(400);
			expect(down.body.message).toContain(`The engine at ${engineUrl} could not be reached`);
		} finally {
			site.php("delete_option( 'abacus_engine' ); delete_option( 'abacus_engine_secret' );");
			await engine.stop(10000);
			await context.close();
		}
	}, 600000);
});
