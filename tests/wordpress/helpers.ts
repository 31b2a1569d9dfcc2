/**
 * Shared pieces of the WordPress test files (beside harness.ts, which starts the store): whether
 * they can run here, where their screenshots go, their Chromium, signed-in pages, PHP output and
 * the Abacus engine a test points the plugin at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import { missingPrerequisite, restApiKey, signInOnce, type WordPressSite } from './harness.js';
import { connect } from '../engine/stack.js';
import { startEngine, type EngineProcess } from '../support/engine-process.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

/** The root of the repository. */
export const ROOT = path.resolve(__dirname, '../..');

/** Where the WordPress tests keep their screenshots. */
export const ARTIFACTS = path.join(ROOT, 'test-results', 'wordpress');

/**
 * jest's `describe` when this machine has what a real store needs (PHP, MariaDB, Chromium), else
 * `describe.skip` after a warning that names `what` is skipped and why.
 */
export function describeWhenReady(what: string): jest.Describe {
	const missing = missingPrerequisite();
	if (missing) console.warn(`Skipping the WordPress ${what} test: ${missing}`);
	return missing ? describe.skip : describe;
}

/** Debian's Chromium for a WordPress test file; the screenshot folder is made ready too. */
export async function launchChromium(): Promise<Browser> {
	const browser = await chromium.launch({
		executablePath: CHROMIUM_PATH,
		args: CHROMIUM_ARGS,
	});
	mkdirSync(ARTIFACTS, { recursive: true });
	return browser;
}

/**
 * A new page `width` px wide (1000 px high) signed in as `user`, with the page's uncaught errors
 * collected in `errors`: in `context` when given (already signed in as `user`), otherwise in a
 * context of its own signed in with `signIn` (see signInOnce).
 */
export async function signedInPage(
	browser: Browser,
	signIn: ReturnType<typeof signInOnce>,
	user: { user: string; password: string },
	width = 1440,
	context?: BrowserContext,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
	const own = context ?? (await browser.newContext({ viewport: { width, height: 1000 } }));
	const page = await own.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	if (!context) await signIn(page, user);
	return { context: own, page, errors };
}

/**
 * A test file's `logIn(user, width = 1440)`: a new signed-in page (see signedInPage), each user
 * through wp-login.php once, then with the cookies that login gave. The browser context of each
 * user and width is kept from test to test (a page of a new context fetched and compiled every
 * script of wp-admin again, its cache empty: about a second of Chromium's CPU more); each call
 * still opens a page of its own, and the `context` it returns closes that page. `browser` and
 * `siteUrl` are read at each call (the file's beforeAll sets them).
 */
export function pageSignIn(
	browser: () => Browser,
	siteUrl: () => string,
): (
	user: { user: string; password: string },
	width?: number,
) => Promise<{ context: Pick<BrowserContext, 'close'>; page: Page; errors: string[] }> {
	let signIn: ReturnType<typeof signInOnce> | undefined;
	const contexts = new Map<string, BrowserContext>();
	return async (user, width = 1440) => {
		signIn ??= signInOnce(siteUrl());
		const key = `${user.user} ${width}`;
		const kept = contexts.get(key);
		const { context, page, errors } = await signedInPage(browser(), signIn, user, width, kept);
		if (!kept) {
			contexts.set(key, context);
			context.once('close', () => {
				if (contexts.get(key) === context) contexts.delete(key);
			});
		}
		return { context: { close: () => page.close() }, page, errors };
	};
}

/** The last line of a PHP run's output, parsed. */
export function lastJson<T>(output: string): T {
	return JSON.parse(output.trim().split('\n').pop() ?? 'null') as T;
}

/**
 * The Abacus engine as a store owner sets it up for `site`: a read-only REST API key, `connect
 * --sync` registers the store with `secret` and copies it into `<tmp>/engine.duckdb` (the test
 * fails unless it says the store is registered), and the built server serves that database on a
 * loopback port (private stores allowed; up to 5 minutes to start). Stop it when done.
 */
export async function startConnectedEngine(
	site: WordPressSite,
	tmp: string,
	secret: string,
): Promise<EngineProcess> {
	const keys = restApiKey(site);
	const database = path.join(tmp, 'engine.duckdb');
	expect(
		connect(site.url, keys, {
			db: database,
			engineSecret: secret,
			args: ['--sync'],
		}),
	).toContain(`Registered ${site.url}`);
	return startEngine(['--db', database, '--allow-private-stores'], {
		cwd: ROOT,
		timeoutMs: 300000,
	});
}

/**
 * Completed, paid orders of the store's first published simple product, billed to `email`: one per
 * `[daysAgo, quantity]`, dated an hour ago (or at midnight today, when that is later) minus
 * `daysAgo` days. Saved through WooCommerce, so its hooks run; answers the new orders' ids.
 */
export function paidOrders(
	site: WordPressSite,
	email: string,
	orders: Array<[daysAgo: number, quantity: number]>,
): number[] {
	const specs = orders
		.map(([daysAgo, quantity]) => `array( ${Number(daysAgo)}, ${Number(quantity)} )`)
		.join(', ');
	return lastJson<number[]>(
		site.php(`
$product = wc_get_products( array( 'limit' => 1, 'status' => 'publish', 'type' => 'simple', 'orderby' => 'id', 'order' => 'ASC' ) )[0];
$today   = current_datetime()->setTime( 0, 0, 0 )->getTimestamp();
$ids     = array();
foreach ( array( ${specs} ) as $spec ) {
	$when  = max( $today, time() - HOUR_IN_SECONDS ) - $spec[0] * DAY_IN_SECONDS;
	$order = wc_create_order();
	$order->add_product( $product, $spec[1] );
	$order->set_billing_email( '${email}' );
	$order->calculate_totals();
	$order->set_date_created( $when );
	$order->set_date_paid( $when );
	$order->set_status( 'completed' );
	$order->save();
	$ids[] = $order->get_id();
}
echo wp_json_encode( $ids );`),
	);
}

/** Points the plugin of `site` at the engine at `url`, signing its requests with `secret`. */
export function chooseEngine(site: WordPressSite, url: string, secret: string): void {
	site.php(`update_option( 'abacus_engine', array( 'mode' => 'abacus', 'url' => '${url}' ) );
update_option( 'abacus_engine_secret', '${secret}', false );`);
}
