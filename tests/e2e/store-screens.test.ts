/**
 * Helper screens end to end against the server: reached from the menu, the main path saves, and
 * when the server refuses the write the screen says so and loses nothing.
 */
import type { Browser, Page, Request } from 'playwright-core';

import { adminUrl, api, launch } from './helpers.js';

let browser: Browser;

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

async function newPage(path: string): Promise<Page> {
	const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
	const page = await context.newPage();
	await page.goto(adminUrl(path));
	return page;
}

const refuse = {
	status: 500,
	contentType: 'application/json',
	body: JSON.stringify({
		code: 'db_locked',
		message: 'The store is being updated.',
		data: { status: 500 },
	}),
};

/** The HTTP method a request stands for (api-fetch may send PUT as POST with an override). */
function methodOf(request: Request): string {
	return (request.headers()['x-http-method-override'] ?? request.method()).toUpperCase();
}

describe('stock', () => {
	it('is reached from the menu and saves a new quantity', async () => {
		const page = await newPage('/analytics/overview');
		await page.getByRole('link', { name: 'Stock', exact: true }).last().click();
		await page.getByRole('heading', { name: 'Stock', level: 1 }).waitFor();
		// A simple product: a variation is saved through its parent's route.
		const input = page
			.locator('.abacus-stock tr', { hasNotText: '(variation)' })
			.locator('input[type="number"]')
			.first();
		await input.waitFor();
		const id = Number((await input.getAttribute('id'))?.replace('abacus-stock-', ''));
		const before = Number(await input.inputValue());
		const wanted = before + 7;
		await input.fill(String(wanted));
		const [response] = await Promise.all([
			page.waitForResponse(
				(r) =>
					r.url().includes(`/wc-analytics/products/`) && methodOf(r.request()) === 'PUT',
			),
			page
				.locator(`tr:has(#abacus-stock-${id})`)
				.getByRole('button', { name: 'Update' })
				.click(),
		]);
		expect(response.status()).toBe(200);
		await page
			.locator(`tr:has(#abacus-stock-${id}) .abacus-stock__quantity`, {
				hasText: String(wanted),
			})
			.waitFor();
		const { body } = await api<{ stock_quantity: number }>(`/wc-analytics/products/${id}`);
		expect(body.stock_quantity).toBe(wanted);
		// After a reload the list is the server's: the product stays (with the new quantity) only
		// while it is still low in stock.
		const { body: low } = await api<Array<{ id: number }>>(
			'/wc-analytics/products/low-in-stock',
			{ per_page: '100' },
		);
		await page.reload();
		await page.locator('.abacus-stock table').waitFor();
		if (low.some((p) => p.id === id)) {
			await expect(page.locator(`#abacus-stock-${id}`).inputValue()).resolves.toBe(
				String(wanted),
			);
		} else {
			await expect(page.locator(`#abacus-stock-${id}`).count()).resolves.toBe(0);
		}
		await page.context().close();
	});

	it('puts the quantity back and says so when the server refuses it', async () => {
		const page = await newPage('/stock-update');
		const input = page
			.locator('.abacus-stock tr', { hasNotText: '(variation)' })
			.locator('input[type="number"]')
			.first();
		await input.waitFor();
		const id = Number((await input.getAttribute('id'))?.replace('abacus-stock-', ''));
		const row = page.locator(`tr:has(#abacus-stock-${id})`);
		const shown = await row.locator('.abacus-stock__quantity').innerText();
		await page.route(`**/wc-analytics/products/${id}**`, (route) =>
			methodOf(route.request()) === 'GET' ? route.continue() : route.fulfill(refuse),
		);
		await input.fill('999');
		await row.getByRole('button', { name: 'Update' }).click();
		await row.getByText(/could not be updated; it was put back/).waitFor();
		await expect(row.locator('.abacus-stock__quantity').innerText()).resolves.toBe(shown);
		// What was typed is still there to try again.
		await expect(input.inputValue()).resolves.toBe('999');
		const { body } = await api<{ stock_quantity: number }>(`/wc-analytics/products/${id}`);
		expect(String(body.stock_quantity)).toBe(shown);
		await page.context().close();
	});
});

describe('settings', () => {
	it('saves only the changed values in one batch', async () => {
		const page = await newPage('/settings/general');
		const city = page.getByLabel('City', { exact: true });
		await city.waitFor();
		const value = `Lyon ${Date.now() % 1000}`;
		await city.fill(value);
		const [request] = await Promise.all([
			page.waitForRequest((r) => r.url().includes('/settings/general/batch')),
			page.getByRole('button', { name: 'Save settings' }).click(),
		]);
		expect(request.postDataJSON()).toEqual({
			update: [{ id: 'woocommerce_store_city', value }],
		});
		await page
			.locator('.abacus-snackbar-list')
			.getByText('Your settings have been saved.')
			.waitFor();
		const { body } = await api<Array<{ id: string; value: unknown }>>(
			'/wc-analytics/settings/general',
		);
		expect(body.find((s) => s.id === 'woocommerce_store_city')?.value).toBe(value);
		await page.context().close();
	});

	it('keeps the edits and shows the save error when the server refuses them', async () => {
		const page = await newPage('/settings/general');
		const city = page.getByLabel('City', { exact: true });
		await city.waitFor();
		await page.route('**/settings/general/batch**', (route) => route.fulfill(refuse));
		await city.fill('Refused City');
		await page.getByRole('button', { name: 'Save settings' }).click();
		await page
			.locator('#root')
			.getByText(/There was a problem updating your settings\./)
			.waitFor();
		await expect(city.inputValue()).resolves.toBe('Refused City');
		const { body } = await api<Array<{ id: string; value: unknown }>>(
			'/wc-analytics/settings/general',
		);
		expect(body.find((s) => s.id === 'woocommerce_store_city')?.value).not.toBe('Refused City');
		await page.context().close();
	});
});

/** The screen's own menu (the favourites menu lists every helper screen). */
async function openFromMenu(page: Page, title: string): Promise<void> {
	await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: title }).click();
	await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}

interface NoteBody {
	id: number;
	status: string;
	is_deleted: boolean;
}

describe('inbox', () => {
	it('is reached from the menu, runs a note action, dismisses a note and undoes it', async () => {
		const page = await newPage('/analytics/overview');
		await openFromMenu(page, 'Inbox');
		const welcome = page.locator('.abacus-inbox__notes li', {
			hasText: 'Welcome to your store analytics',
		});
		const [action] = await Promise.all([
			page.waitForResponse((r) => /\/admin\/notes\/\d+\/action\/\d+/.test(r.url())),
			welcome.getByRole('button', { name: 'Open analytics' }).click(),
		]);
		expect(action.status()).toBe(200);
		const noteId = Number(/notes\/(\d+)\/action/.exec(action.url())?.[1]);
		const { body: actioned } = await api<NoteBody>(`/wc-analytics/admin/notes/${noteId}`);
		expect(actioned.status).toBe('actioned');
		// 'Open analytics' opens the Overview inside the app; back to the inbox.
		await page.waitForURL((url) => url.searchParams.get('path') === '/analytics/overview');
		await openFromMenu(page, 'Inbox');

		const title = 'How are the reports working for you?';
		await page.getByRole('button', { name: `Dismiss “${title}”` }).click();
		await page.locator('.abacus-snackbar-list').getByText('Message dismissed').waitFor();
		await expect(page.getByRole('heading', { name: title }).count()).resolves.toBe(0);
		const { body: notes } = await api<Array<NoteBody & { title: string }>>(
			'/wc-analytics/admin/notes',
			{ per_page: 100 },
		);
		expect(notes.some((n) => n.title === title)).toBe(false);

		await page.getByRole('button', { name: 'Undo' }).click();
		await page.getByRole('heading', { name: title }).waitFor();
		const { body: back } = await api<Array<NoteBody & { title: string }>>(
			'/wc-analytics/admin/notes',
			{ per_page: 100 },
		);
		expect(back.find((n) => n.title === title)?.is_deleted).toBe(false);
		await page.context().close();
	});

	it('keeps the note and shows the error when the server refuses an action or a dismissal', async () => {
		const page = await newPage('/inbox');
		const title = 'Grow your audience with e-mail';
		const note = page.locator('.abacus-inbox__notes li', { hasText: title });
		await note.waitFor();
		await page.route('**/admin/notes/**', (route) =>
			methodOf(route.request()) === 'GET' ? route.continue() : route.fulfill(refuse),
		);
		await note.getByRole('button', { name: 'Learn more' }).click();
		await page.locator('#root').getByText('The store is being updated.').waitFor();
		await page.getByRole('button', { name: `Dismiss “${title}”` }).click();
		await page.locator('#root').getByText('The store is being updated.').waitFor();
		await expect(note.getByRole('heading', { name: title }).isVisible()).resolves.toBe(true);
		await expect(note.getByText('Unread').isVisible()).resolves.toBe(true);
		const { body: notes } = await api<Array<NoteBody & { title: string }>>(
			'/wc-analytics/admin/notes',
			{ per_page: 100 },
		);
		const stored = notes.find((n) => n.title === title);
		expect(stored).toMatchObject({ status: 'unactioned', is_deleted: false });
		await page.context().close();
	});
});

interface ReviewBody {
	id: number;
	status: string;
}

describe('reviews', () => {
	it('is reached from the menu, approves a pending review and undoes it', async () => {
		const page = await newPage('/analytics/overview');
		await openFromMenu(page, 'Reviews');
		const card = page.locator('.abacus-reviews__list li', { hasText: 'Pending' }).first();
		await card.waitFor();
		const [response] = await Promise.all([
			page.waitForResponse(
				(r) => /\/products\/reviews\/\d+/.test(r.url()) && methodOf(r.request()) === 'PUT',
			),
			card.getByRole('button', { name: 'Approve' }).click(),
		]);
		expect(response.status()).toBe(200);
		const id = Number(/reviews\/(\d+)/.exec(response.url())?.[1]);
		await page.locator('.abacus-snackbar-list').getByText('Review approved').waitFor();
		const { body: approved } = await api<ReviewBody>(`/wc-analytics/products/reviews/${id}`);
		expect(approved.status).toBe('approved');

		await Promise.all([
			page.waitForResponse(
				(r) =>
					r.url().includes(`/products/reviews/${id}`) && methodOf(r.request()) === 'PUT',
			),
			page.getByRole('button', { name: 'Undo' }).click(),
		]);
		const { body: undone } = await api<ReviewBody>(`/wc-analytics/products/reviews/${id}`);
		expect(undone.status).toBe('hold');
		await page.context().close();
	});

	it('leaves the review as it was and shows the error when the server refuses', async () => {
		const page = await newPage('/reviews');
		const card = page.locator('.abacus-reviews__list li', { hasText: 'Pending' }).first();
		await card.waitFor();
		const reviewer = await card.locator('strong').innerText();
		const { body: before } = await api<Array<ReviewBody & { reviewer: string }>>(
			'/wc-analytics/products/reviews',
			{ per_page: 100, status: 'hold' },
		);
		await page.route('**/products/reviews/**', (route) =>
			methodOf(route.request()) === 'GET' ? route.continue() : route.fulfill(refuse),
		);
		await card.getByRole('button', { name: 'Approve' }).click();
		await page.locator('#root').getByText('The store is being updated.').waitFor();
		await expect(card.locator('.abacus-reviews__status').innerText()).resolves.toBe('Pending');
		await expect(card.getByRole('button', { name: 'Approve' }).isEnabled()).resolves.toBe(true);
		await expect(card.locator('strong').innerText()).resolves.toBe(reviewer);
		const { body: after } = await api<Array<ReviewBody>>('/wc-analytics/products/reviews', {
			per_page: 100,
			status: 'hold',
		});
		expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
		await page.context().close();
	});
});

interface GatewayBody {
	enabled: boolean;
	settings: Record<string, { value: unknown }>;
}

describe('payments', () => {
	it('is reached from the menu, enables a gateway and saves its settings', async () => {
		const page = await newPage('/analytics/overview');
		await openFromMenu(page, 'Payments');
		const toggle = page.getByRole('checkbox', { name: 'Enable Check payments' });
		await expect(toggle.isChecked()).resolves.toBe(false);
		await toggle.click();
		await page.locator('#root').getByText('Enabled.').waitFor();
		const { body: cheque } = await api<GatewayBody>('/wc/v3/payment_gateways/cheque');
		expect(cheque.enabled).toBe(true);

		const bank = page.locator('.abacus-payments__gateways li', {
			hasText: 'Direct bank transfer',
		});
		await bank.getByRole('button', { name: 'Manage' }).click();
		await bank.getByLabel('Account name').fill('Abacus Trading Ltd');
		await bank.getByRole('button', { name: 'Save' }).click();
		await bank.getByText('Settings saved.').waitFor();
		const { body: bacs } = await api<GatewayBody>('/wc/v3/payment_gateways/bacs');
		expect(bacs.settings.account_name.value).toBe('Abacus Trading Ltd');

		await toggle.click();
		await page.locator('#root').getByText('Disabled.').waitFor();
		await page.context().close();
	});

	it('keeps the switch and the typed settings when the server refuses them', async () => {
		const page = await newPage('/payments');
		const toggle = page.getByRole('checkbox', { name: 'Enable Check payments' });
		await toggle.waitFor();
		await page.route('**/payment_gateways/**', (route) =>
			methodOf(route.request()) === 'GET' ? route.continue() : route.fulfill(refuse),
		);
		const wasEnabled = await toggle.isChecked();
		const { body: stored } = await api<GatewayBody & { title: string }>(
			'/wc/v3/payment_gateways/cheque',
		);
		await toggle.click();
		const cheque = page.locator('.abacus-payments__gateways li', {
			hasText: 'Check payments',
		});
		await cheque.getByText('The store is being updated.').waitFor();
		await expect(toggle.isChecked()).resolves.toBe(wasEnabled);

		await cheque.getByRole('button', { name: 'Manage' }).click();
		await cheque.getByLabel('Title').fill('Pay by cheque');
		await cheque.getByRole('button', { name: 'Save' }).click();
		await cheque.getByText('The store is being updated.').waitFor();
		await expect(cheque.getByLabel('Title').inputValue()).resolves.toBe('Pay by cheque');
		const { body } = await api<GatewayBody & { title: string }>(
			'/wc/v3/payment_gateways/cheque',
		);
		expect(body.enabled).toBe(stored.enabled);
		expect(body.title).toBe(stored.title);
		await page.context().close();
	});

	it('says exactly why the provider cannot connect, and stays on the page', async () => {
		// The demo store has no connection plugin active: the server refuses a connection address.
		const page = await newPage('/payments');
		await page.getByRole('button', { name: 'Connect' }).click();
		await page
			.locator('#root')
			.getByText(
				/Your store could not be connected: Jetpack is not installed or active\..*install and activate Jetpack, then connect again\./,
			)
			.waitFor();
		expect(new URL(page.url()).searchParams.get('path')).toBe('/payments');
		expect(new URL(page.url()).searchParams.get('connection')).toBeNull();
		await page.context().close();
	});

	it('goes to the connection address, which returns to the dashboard', async () => {
		const page = await newPage('/payments');
		// The connection plugin installed and active, as the page itself would do it (with its nonce).
		const statuses = await page.evaluate(async () => {
			const { restNonce } = (window as unknown as { abacusSettings: { restNonce: string } })
				.abacusSettings;
			const answers: number[] = [];
			for (const step of ['install', 'activate']) {
				const response = await fetch(`/wp-json/wc-admin/plugins/${step}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'x-wp-nonce': restNonce },
					body: JSON.stringify({ plugins: 'jetpack' }),
				});
				answers.push(response.status);
			}
			return answers;
		});
		expect(statuses).toEqual([200, 200]);
		await page.route('**/wp-admin/admin.php?page=jetpack**', (route) =>
			route.fulfill({ contentType: 'text/html', body: '<h1>Provider</h1>' }),
		);
		await page.getByRole('button', { name: 'Connect' }).click();
		await page.waitForURL(/page=jetpack/);
		const target = new URL(page.url());
		expect(target.searchParams.get('action')).toBe('register');
		expect(new URL(target.searchParams.get('redirect') as string).search).toBe('?page=abacus');
		await page.context().close();
	});
});

describe('favourites', () => {
	it('moves a menu item into favourites and back, and keeps it over a reload', async () => {
		const page = await newPage('/analytics/overview');
		const menu = page.getByRole('navigation', { name: 'Menu' });
		const favourites = menu.locator('section', {
			has: page.getByRole('heading', { name: 'Favourites' }),
		});
		await menu.getByRole('button', { name: 'Add Reviews to favourites' }).click();
		await favourites.getByRole('link', { name: 'Reviews' }).waitFor();
		const { body: stored } = await api<string[]>('/wc-admin/navigation/favorites/me');
		expect(stored).toContain('abacus-reviews');

		await page.reload();
		await favourites.getByRole('link', { name: 'Reviews' }).waitFor();
		await menu.getByRole('button', { name: 'Remove Reviews from favourites' }).click();
		await menu.getByRole('button', { name: 'Add Reviews to favourites' }).waitFor();
		await expect(favourites.count()).resolves.toBe(0);
		const { body: after } = await api<string[]>('/wc-admin/navigation/favorites/me');
		expect(after).not.toContain('abacus-reviews');
		await page.context().close();
	});

	it('leaves the menu as it was and shows the error when the server refuses', async () => {
		const page = await newPage('/analytics/overview');
		const menu = page.getByRole('navigation', { name: 'Menu' });
		await menu.getByRole('button', { name: 'Add Inbox to favourites' }).waitFor();
		await page.route('**/navigation/favorites/me**', (route) =>
			methodOf(route.request()) === 'GET' ? route.continue() : route.fulfill(refuse),
		);
		await menu.getByRole('button', { name: 'Add Inbox to favourites' }).click();
		await menu.getByText('The store is being updated.').waitFor();
		await expect(menu.getByRole('heading', { name: 'Favourites' }).count()).resolves.toBe(0);
		await expect(
			menu.getByRole('button', { name: 'Add Inbox to favourites' }).isEnabled(),
		).resolves.toBe(true);
		const { body } = await api<string[]>('/wc-admin/navigation/favorites/me');
		expect(body).not.toContain('abacus-inbox');
		await page.context().close();
	});
});

interface ProfileBody {
	industry: Array<{ slug: string }> | null;
	product_types: string[] | null;
}

describe('onboarding', () => {
	it('is reached from the menu, saves the profile step by step and creates a product', async () => {
		const page = await newPage('/analytics/overview');
		await openFromMenu(page, 'Store profile');
		await page.getByRole('checkbox', { name: 'Food and drink' }).check();
		await page.getByRole('button', { name: 'Continue' }).click();
		await page.getByRole('checkbox', { name: 'Downloads' }).check();
		const { body: first } = await api<ProfileBody>('/wc-admin/onboarding/profile');
		expect(first.industry).toEqual([{ slug: 'food-drink' }]);
		await page.getByRole('button', { name: 'Continue' }).click();
		await page.getByRole('radio', { name: '11 - 100' }).check();
		const { body: second } = await api<ProfileBody>('/wc-admin/onboarding/profile');
		expect(second.product_types).toEqual(['downloads']);
		await page.getByRole('button', { name: 'Continue' }).click();

		// The chosen extensions go through the plugin installer.
		await page.getByRole('checkbox', { name: 'MailPoet' }).check();
		await page.getByRole('button', { name: 'Continue' }).click();
		await page.getByRole('button', { name: 'Install & enable' }).click();
		await page.getByRole('group', { name: 'Choose a theme for the store' }).waitFor();
		const { body: active } = await api<{ plugins: string[] }>('/wc-admin/plugins/active');
		expect(active.plugins).toContain('mailpoet');
		const { body: third } = await api<ProfileBody & { product_count: string }>(
			'/wc-admin/onboarding/profile',
		);
		expect(third).toMatchObject({ product_count: '11-100', business_extensions: ['mailpoet'] });

		await page.getByRole('button', { name: 'First product' }).click();
		await page.getByRole('radio', { name: 'Digital product' }).check();
		await page.getByRole('button', { name: 'Create a product' }).click();
		const created = page.locator('#root').getByText(/Product #\d+ was created as a draft\./);
		await created.waitFor();
		const id = Number(/#(\d+)/.exec(await created.innerText())?.[1]);
		const { body: product } = await api<{ id: number; status: string }>(
			`/wc-analytics/products/${id}`,
		);
		expect(product).toMatchObject({ id, status: 'auto-draft' });
		await page.context().close();
	});

	it('stays on the step with the answers and shows the error when the server refuses', async () => {
		const page = await newPage('/onboarding');
		await page.getByRole('checkbox', { name: 'Health and beauty' }).waitFor();
		const { body: before } = await api<ProfileBody>('/wc-admin/onboarding/profile');
		await page.route('**/onboarding/profile**', (route) =>
			methodOf(route.request()) === 'GET' ? route.continue() : route.fulfill(refuse),
		);
		await page.getByRole('checkbox', { name: 'Health and beauty' }).check();
		await page.getByRole('button', { name: 'Continue' }).click();
		await page.locator('#root').getByText('The store is being updated.').waitFor();
		await expect(
			page.getByRole('checkbox', { name: 'Health and beauty' }).isChecked(),
		).resolves.toBe(true);
		await expect(
			page.getByRole('checkbox', { name: 'Health and beauty' }).isVisible(),
		).resolves.toBe(true);
		const { body: after } = await api<ProfileBody>('/wc-admin/onboarding/profile');
		expect(after.industry).toEqual(before.industry);
		await page.context().close();
	});
});
