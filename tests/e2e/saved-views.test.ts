/**
 * Saved views end to end: a report's filters and relative period saved under a name appear under
 * 'Saved views' in the menu, open the report as it was, travel as a shareable address, and are
 * deleted after a confirmation; refused writes, duplicate and empty names say so and lose nothing.
 *
 * The server is shared by every e2e file of a run: the user's `abacus_saved_views` preference is
 * emptied before these tests and put back as it was after them.
 */
import type { Browser, Page, Request } from 'playwright-core';

import { adminUrl, api, baseUrl, launch, lastMonth, screenshot } from './helpers.js';

const PREFERENCE = 'abacus_saved_views';

interface StoredView {
	id: string;
	name: string;
	path: string;
	query: Record<string, unknown>;
}

const ORDERS = '/analytics/orders';
/** What the date picker and the advanced filters write for completed orders of last month. */
const FILTERS = {
	period: 'last_month',
	compare: 'previous_year',
	filter: 'advanced',
	status_is: 'completed',
	order: 'asc',
};
const NAME = 'Completed orders, last month';

const refuse = {
	status: 500,
	contentType: 'application/json',
	body: JSON.stringify({
		code: 'db_locked',
		message: 'The store is being updated.',
		data: { status: 500 },
	}),
};

let browser: Browser;
let original = '';
/** The shareable address the notice gave for NAME (set by the first test). */
let shared = '';

/** The HTTP method a request stands for (api-fetch may send PUT as POST with an override). */
function methodOf(request: Request): string {
	return (request.headers()['x-http-method-override'] ?? request.method()).toUpperCase();
}

async function readPreference(): Promise<string> {
	const { body } = await api<{ woocommerce_meta: Record<string, string> }>('/wp/v2/users/me', {
		context: 'edit',
	});
	return body.woocommerce_meta[PREFERENCE] ?? '';
}

async function storedViews(): Promise<StoredView[]> {
	const raw = await readPreference();
	return raw ? (JSON.parse(raw) as StoredView[]) : [];
}

/** Writes the preference directly (with the nonce the admin page embeds). */
async function writePreference(value: string): Promise<void> {
	const html = await (await fetch(adminUrl('/'))).text();
	const nonce = /"restNonce":"([^"]+)"/.exec(html)?.[1];
	if (!nonce) {
		throw new Error('The admin page has no restNonce.');
	}
	const response = await fetch(`${baseUrl()}/wp-json/wp/v2/users/me`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': nonce },
		body: JSON.stringify({ woocommerce_meta: { [PREFERENCE]: value } }),
	});
	if (!response.ok) {
		throw new Error(`users/me answered ${response.status}: ${await response.text()}`);
	}
}

async function newPage(address: string): Promise<{ page: Page; errors: string[] }> {
	const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(address);
	return { page, errors };
}

/** Opens `address` in a fresh context; resolves with the query of the orders table request. */
async function openOrders(
	address: string,
): Promise<{ page: Page; errors: string[]; table: URLSearchParams }> {
	const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	const [table] = await Promise.all([ordersTableRequest(page), page.goto(address)]);
	return { page, errors, table };
}

function savedViewsMenu(page: Page) {
	return page.getByRole('navigation', { name: 'Saved views' });
}

/** Waits for the orders table request and returns its query. */
function ordersTableRequest(page: Page): Promise<URLSearchParams> {
	return page
		.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/reports/orders'))
		.then((request) => new URL(request.url()).searchParams);
}

/** Expects the orders report of completed orders in last month, sorted oldest first. */
async function expectCompletedLastMonth(page: Page, table: URLSearchParams): Promise<void> {
	const [first, last] = lastMonth();
	expect(table.get('status_is')).toBe('completed');
	expect(table.get('after')).toBe(`${first}T00:00:00`);
	expect(table.get('before')).toBe(`${last}T23:59:59`);
	expect(table.get('order')).toBe('asc');
	const query = new URL(page.url()).searchParams;
	expect(Object.fromEntries(query)).toEqual({ page: 'abacus', path: ORDERS, ...FILTERS });
	await page
		.getByText(/^Last Month \(/)
		.first()
		.waitFor();
}

/** Opens the Save view dialog, types `name` and submits it with Enter. */
async function saveAs(page: Page, name: string): Promise<void> {
	await page.getByRole('button', { name: 'Save view' }).click();
	const dialog = page.getByRole('dialog', { name: 'Save view' });
	const field = dialog.getByRole('textbox', { name: 'Name' });
	await field.fill(name);
	await field.press('Enter');
}

beforeAll(async () => {
	browser = await launch();
	original = await readPreference();
	await writePreference('');
});

afterAll(async () => {
	await writePreference(original);
	await browser?.close();
});

describe('saved views', () => {
	it('saves a report with its filters and relative period, lists it and opens it again', async () => {
		// The address also has paging and absolute dates, which a view leaves out.
		const {
			page,
			errors,
			table: first,
		} = await openOrders(
			adminUrl(ORDERS, { ...FILTERS, after: '2020-01-01', before: '2020-01-31', paged: '1' }),
		);
		expect(first.get('status_is')).toBe('completed');
		expect(first.get('after')).toBe(`${lastMonth()[0]}T00:00:00`);
		await expect(savedViewsMenu(page).innerText()).resolves.toContain('No saved views yet.');

		await page.getByRole('button', { name: 'Save view' }).click();
		const dialog = page.getByRole('dialog', { name: 'Save view' });
		const field = dialog.getByRole('textbox', { name: 'Name' });
		await expect(field.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
		await field.fill(NAME);
		const [write] = await Promise.all([
			page.waitForResponse(
				(response) =>
					response.url().includes('/wp/v2/users/me') &&
					methodOf(response.request()) !== 'GET',
			),
			field.press('Enter'),
		]);
		expect(write.status()).toBe(200);
		await page
			.locator('#root')
			.getByText(`View “${NAME}” saved. Find it under Saved views in the menu.`)
			.waitFor();
		shared = await page.getByRole('textbox', { name: 'Address to share' }).inputValue();
		await screenshot(page, 'saved-views-saved');

		// Stored with the relative period: no paging, no absolute dates.
		const stored = await storedViews();
		expect(stored).toHaveLength(1);
		expect(stored[0]).toMatchObject({ name: NAME, path: ORDERS, query: FILTERS });
		expect(Object.keys(stored[0].query).sort()).toEqual(Object.keys(FILTERS).sort());

		const link = savedViewsMenu(page).getByRole('link', { name: NAME });
		await expect(link.getAttribute('aria-current')).resolves.toBe('page');

		// Elsewhere, the menu entry brings the same report back.
		await page
			.getByRole('navigation', { name: 'Analytics menu' })
			.getByRole('link', { name: 'Revenue', exact: true })
			.click();
		await page.waitForURL(/path=%2Fanalytics%2Frevenue/);
		await expect(link.getAttribute('aria-current')).resolves.toBeNull();
		const [table] = await Promise.all([ordersTableRequest(page), link.click()]);
		await expectCompletedLastMonth(page, table);
		await expect(link.getAttribute('aria-current')).resolves.toBe('page');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('opens the shareable address in a fresh page with the same filters and period', async () => {
		expect(shared.startsWith(`${baseUrl()}/wp-admin/admin.php?`)).toBe(true);
		const { page, errors, table } = await openOrders(shared);
		await expectCompletedLastMonth(page, table);
		await expect(
			savedViewsMenu(page).getByRole('link', { name: NAME }).getAttribute('aria-current'),
		).resolves.toBe('page');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('refuses an empty or duplicate name with a message and keeps the list', async () => {
		const { page } = await newPage(adminUrl('/analytics/revenue'));
		const before = await storedViews();
		const dialog = page.getByRole('dialog', { name: 'Save view' });

		await saveAs(page, '   ');
		await dialog.getByRole('alert').getByText('Enter a name for the view.').waitFor();

		await dialog.getByRole('textbox', { name: 'Name' }).fill(` ${NAME.toUpperCase()} `);
		await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
		await dialog
			.getByRole('alert')
			.getByText(`You already have a view named “${NAME}”.`, { exact: false })
			.waitFor();
		await expect(
			dialog.getByRole('button', { name: `Replace “${NAME}”` }).isVisible(),
		).resolves.toBe(true);
		await screenshot(page, 'saved-views-duplicate');
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await dialog.waitFor({ state: 'detached' });
		await expect(storedViews()).resolves.toEqual(before);
		await page.context().close();
	});

	it('shows the error and keeps the list when the server refuses to save or delete', async () => {
		const { page } = await newPage(adminUrl('/analytics/revenue'));
		const before = await storedViews();
		const menu = savedViewsMenu(page);
		await menu.getByRole('link', { name: NAME }).waitFor();
		await page.route('**/wp/v2/users/me**', (route) =>
			methodOf(route.request()) === 'GET' ? route.continue() : route.fulfill(refuse),
		);

		await saveAs(page, 'Revenue this year');
		const dialog = page.getByRole('dialog', { name: 'Save view' });
		await dialog
			.getByRole('alert')
			.getByText('The view could not be saved: The store is being updated.')
			.waitFor();
		// The name typed is still there to try again, and the menu did not change.
		await expect(dialog.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe(
			'Revenue this year',
		);
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await expect(menu.getByRole('link').allInnerTexts()).resolves.toEqual([NAME]);

		await menu.getByRole('button', { name: `Delete saved view “${NAME}”` }).click();
		await page
			.getByRole('dialog', { name: 'Delete saved view?' })
			.getByRole('button', { name: 'Delete' })
			.click();
		await menu
			.getByRole('alert')
			.getByText(`“${NAME}” could not be deleted: The store is being updated.`)
			.waitFor();
		await expect(menu.getByRole('link').allInnerTexts()).resolves.toEqual([NAME]);
		await screenshot(page, 'saved-views-refused');
		await expect(storedViews()).resolves.toEqual(before);

		await page.reload();
		await expect(menu.getByRole('link').allInnerTexts()).resolves.toEqual([NAME]);
		await page.context().close();
	});

	it('deletes a view after confirmation, keeps one saved in another tab, and survives a reload', async () => {
		const { page } = await newPage(adminUrl('/analytics/revenue'));
		const menu = savedViewsMenu(page);
		const remove = menu.getByRole('button', { name: `Delete saved view “${NAME}”` });

		// Cancel keeps it.
		await remove.click();
		const confirm = page.getByRole('dialog', { name: 'Delete saved view?' });
		await confirm.getByText(`“${NAME}” will be removed from your saved views.`).waitFor();
		await confirm.getByRole('button', { name: 'Cancel' }).click();
		await confirm.waitFor({ state: 'detached' });
		const stored = await storedViews();
		expect(stored).toHaveLength(1);

		// Meanwhile another tab saves a view; this page does not show it yet.
		const other: StoredView = {
			id: 'view-other-tab',
			name: 'Saved in another tab',
			path: '/analytics/products',
			query: { period: 'year', compare: 'previous_year' },
		};
		await writePreference(JSON.stringify([...stored, other]));

		await remove.click();
		await Promise.all([
			page.waitForResponse(
				(response) =>
					response.url().includes('/wp/v2/users/me') &&
					methodOf(response.request()) !== 'GET' &&
					response.status() === 200,
			),
			confirm.getByRole('button', { name: 'Delete' }).click(),
		]);
		// Only the chosen view went; the other tab's view is kept, and now listed.
		await expect(storedViews()).resolves.toEqual([other]);
		await menu.getByRole('link', { name: other.name }).waitFor();
		await expect(menu.getByRole('link').allInnerTexts()).resolves.toEqual([other.name]);

		await page.reload();
		await menu.getByRole('link', { name: other.name }).waitFor();
		await expect(menu.getByRole('link').allInnerTexts()).resolves.toEqual([other.name]);

		// Removing the last one leaves the empty state.
		await menu.getByRole('button', { name: `Delete saved view “${other.name}”` }).click();
		await confirm.getByRole('button', { name: 'Delete' }).click();
		await menu.getByText('No saved views yet.', { exact: false }).waitFor();
		await expect(storedViews()).resolves.toEqual([]);
		await page.context().close();
	});
});
