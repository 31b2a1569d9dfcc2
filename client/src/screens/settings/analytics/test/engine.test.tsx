import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { EngineClient } from '../../../../engine/client.js';
import { EngineSettings } from '../engine.js';
import { SyncPanel } from '../sync-panel.js';
import { stubApiFetch, wpError } from '../../../test/harness.js';
import type { Answer, Call } from '../../../test/harness.js';

const STORE = 'http://127.0.0.1:18431';
const SECRET = 'a-shared-secret-of-32-characters';

function engineClient(): EngineClient {
	return new EngineClient(null, {
		renew: async () => ({ token: 'renewed', expires: 0 }),
		storage: null,
	});
}

function answers(
	loaded: Record<string, unknown>,
	extra: (call: Call) => Answer | undefined = () => undefined,
) {
	return stubApiFetch((call) => {
		const own = extra(call);
		if (own) return own;
		if (call.route === 'abacus/v1/engine' && call.method === 'GET') return { body: loaded };
		if (call.route === 'abacus/v1/engine' && call.method === 'POST') {
			return {
				body: { ...loaded, ...(call.data as object), secretSet: true, secretEnd: 'ters' },
			};
		}
		if (call.route === 'abacus/v1/engine/token')
			return { body: { token: 't0', expires: 2_000_000_000 } };
		if (call.route === 'abacus/v1/sync') return { body: { stores: [] } };
		return { body: {} };
	});
}

const WOOCOMMERCE = { mode: 'woocommerce', url: '', secretSet: false, secretEnd: '', store: STORE };
const ABACUS = {
	mode: 'abacus',
	url: 'https://analytics.example',
	secretSet: true,
	secretEnd: 'ters',
	store: STORE,
};

describe('Analytics engine setting', () => {
	jest.setTimeout(30000);

	it('refuses a bad address on the field, saves the engine with its secret, and routes reports to it', async () => {
		const calls = answers(WOOCOMMERCE);
		const client = engineClient();
		render(<EngineSettings client={client} insideWordPress />);
		expect(screen.getByRole('status')).toHaveTextContent(
			'Loading the analytics engine setting…',
		);
		const engine = await screen.findByRole('radio', { name: 'Abacus engine' });
		expect(screen.getByRole('radio', { name: 'WooCommerce (built in)' })).toBeChecked();
		await userEvent.click(engine);

		const address = screen.getByLabelText('Engine address');
		await userEvent.type(address, 'analytics example');
		await userEvent.type(screen.getByLabelText('Shared secret'), SECRET);
		await userEvent.click(screen.getByRole('button', { name: 'Save engine settings' }));
		expect(address).toHaveAttribute('aria-invalid', 'true');
		expect(address).toHaveFocus();
		expect(screen.getByText(/"analytics example" is not a web address/)).toBeInTheDocument();
		expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

		await userEvent.clear(address);
		await userEvent.type(address, 'https://analytics.example');
		await userEvent.click(screen.getByRole('button', { name: 'Save engine settings' }));
		await screen.findByText(
			'Saved: the report pages now get their figures from the Abacus engine.',
		);
		const posts = calls.filter((call) => call.method === 'POST');
		expect(posts.map((call) => [call.route, call.data])).toEqual([
			[
				'abacus/v1/engine',
				{ mode: 'abacus', url: 'https://analytics.example', secret: SECRET },
			],
			['abacus/v1/engine/token', undefined],
		]);
		expect(client.getSettings()).toMatchObject({
			url: 'https://analytics.example',
			store: STORE,
			token: 't0',
		});
		// The secret field is emptied; the help says one is saved.
		expect(screen.getByLabelText('Shared secret')).toHaveValue('');
		expect(screen.getByText(/A secret is saved \(ending in ters\)/)).toBeInTheDocument();
	});

	it('sends only the field changed: never a secret that was not typed', async () => {
		const calls = answers(ABACUS);
		render(<EngineSettings client={engineClient()} insideWordPress />);
		const address = await screen.findByLabelText('Engine address');
		expect(address).toHaveValue('https://analytics.example');
		expect(screen.getByRole('button', { name: 'Save engine settings' })).toBeDisabled();
		await userEvent.clear(address);
		await userEvent.type(address, 'https://engine.example');
		await userEvent.click(screen.getByRole('button', { name: 'Save engine settings' }));
		await screen.findByText(/^Saved:/);
		expect(calls.find((call) => call.method === 'POST')?.data).toEqual({
			url: 'https://engine.example',
		});
	});

	it('says why Test connection failed: the engine is unreachable', async () => {
		answers(ABACUS, (call) =>
			call.route === 'abacus/v1/engine/test'
				? wpError(
						400,
						'abacus_engine_unreachable',
						'The engine at https://analytics.example could not be reached: cURL error 7.',
					)
				: undefined,
		);
		render(<EngineSettings client={engineClient()} insideWordPress />);
		await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
		expect(await screen.findByText(/could not be reached: cURL error 7/)).toBeInTheDocument();
	});

	it('shows a server refusal on its field', async () => {
		answers(WOOCOMMERCE, (call) =>
			call.route === 'abacus/v1/engine' && call.method === 'POST'
				? {
						status: 400,
						body: {
							code: 'abacus_engine_invalid_secret',
							message: 'The shared secret must be 16 to 256 characters.',
							data: {
								status: 400,
								params: {
									secret: 'The shared secret must be 16 to 256 characters.',
								},
							},
						},
					}
				: undefined,
		);
		render(<EngineSettings client={engineClient()} insideWordPress />);
		await userEvent.click(await screen.findByRole('radio', { name: 'Abacus engine' }));
		await userEvent.type(screen.getByLabelText('Engine address'), 'https://analytics.example');
		await userEvent.type(screen.getByLabelText('Shared secret'), 'x'.repeat(20));
		await userEvent.click(screen.getByRole('button', { name: 'Save engine settings' }));
		await waitFor(() =>
			expect(screen.getByLabelText('Shared secret')).toHaveAttribute('aria-invalid', 'true'),
		);
	});

	it('offers Retry when the setting could not be loaded', async () => {
		let fail = true;
		answers(WOOCOMMERCE, (call) =>
			call.route === 'abacus/v1/engine' && fail
				? wpError(500, 'boom', 'The server broke.')
				: undefined,
		);
		render(<EngineSettings client={engineClient()} insideWordPress />);
		expect(
			await screen.findByText('The analytics engine setting could not be loaded.'),
		).toBeInTheDocument();
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByRole('radio', { name: 'WooCommerce (built in)' })).toBeChecked();
	});

	it('on the standalone server (no WordPress routes on the page) says what the server is and asks nothing', async () => {
		const calls = answers(WOOCOMMERCE);
		const saved = window.abacusSettings;
		window.abacusSettings = { ...(saved ?? {}), restRoutes: undefined };
		try {
			render(<EngineSettings client={engineClient()} />);
			const card = screen.getByRole('region', { name: 'Analytics engine' });
			expect(card).toHaveTextContent(
				'This is the Abacus server itself: the reports get their figures from its own database.',
			);
			expect(within(card).queryByRole('button')).toBeNull();
			expect(within(card).queryByRole('radio')).toBeNull();
			expect(calls).toEqual([]);
		} finally {
			window.abacusSettings = saved;
		}
	});

	it('shows a shop manager (no manage_options) the engine read-only: no secret field, no Save', async () => {
		const calls = answers({ ...ABACUS, canManage: false });
		render(<EngineSettings client={engineClient()} insideWordPress />);
		const address = await screen.findByLabelText('Engine address');
		expect(address).toHaveValue('https://analytics.example');
		expect(address).toHaveAttribute('readonly');
		expect(screen.getByRole('radio', { name: 'Abacus engine' })).toBeChecked();
		expect(screen.getByRole('radio', { name: 'Abacus engine' })).toBeDisabled();
		expect(screen.getByRole('radio', { name: 'WooCommerce (built in)' })).toBeDisabled();
		expect(
			screen.getByText(
				"Only an administrator can change the analytics engine's address or secret.",
			),
		).toBeInTheDocument();
		expect(screen.getByText('A shared secret is saved (ending in ters).')).toBeInTheDocument();
		expect(screen.queryByLabelText('Shared secret')).toBeNull();
		expect(screen.queryByRole('button', { name: 'Save engine settings' })).toBeNull();
		// The saved engine can still be tested.
		expect(screen.getByRole('button', { name: 'Test connection' })).toBeEnabled();
		expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
	});

	it('inside WordPress (the plugin injects its routes) loads the setting', async () => {
		answers(WOOCOMMERCE);
		const saved = window.abacusSettings;
		window.abacusSettings = { ...(saved ?? {}), restRoutes: {} } as typeof saved;
		try {
			render(<EngineSettings client={engineClient()} />);
			expect(
				await screen.findByRole('radio', { name: 'WooCommerce (built in)' }),
			).toBeChecked();
		} finally {
			window.abacusSettings = saved;
		}
	});
});

describe('Sync panel', () => {
	jest.setTimeout(30000);

	it("shows each store's state, counts, backfill, last success, lag and last error", async () => {
		answers(ABACUS, (call) =>
			call.route === 'abacus/v1/sync'
				? {
						body: {
							stores: [
								{
									id: 'https://shop.example',
									state: 'backfilling',
									counts: { orders: 12345, products: 40 },
									backfill: {
										done: 1200,
										total: 20000,
										perSecond: 210.5,
										secondsLeft: 80,
									},
									lastSuccess: '2026-11-23T19:30:00Z',
									lagSeconds: 42,
									lastError: {
										at: '2026-11-23T19:29:00Z',
										message: 'The store answered 503.',
									},
									intervalSeconds: 60,
									rounds: 3,
									lastRound: {
										at: '2026-11-23T19:30:00Z',
										orders: 12,
										deleted: 1,
										ms: 840,
									},
								},
							],
						},
					}
				: undefined,
		);
		render(<SyncPanel />);
		expect(screen.getByRole('status')).toHaveTextContent('Loading the sync status…');
		const store = await screen.findByRole('heading', { name: 'https://shop.example' });
		const panel = store.closest('div') as HTMLElement;
		expect(within(panel).getByText('Copying the store (backfill)')).toBeInTheDocument();
		expect(within(panel).getByText('12,345')).toBeInTheDocument();
		expect(
			within(panel).getByText(/1,200 of 20,000 orders · 210.5 orders\/s · 80 s left/),
		).toBeInTheDocument();
		expect(within(panel).getByText('42 s')).toBeInTheDocument();
		expect(within(panel).getByText(/The store answered 503\./)).toBeInTheDocument();
		expect(within(panel).getByText('60 s')).toBeInTheDocument();
		expect(within(panel).getByText(/12 orders, 1 deleted, 840 ms/)).toBeInTheDocument();
	});

	it('says when the status could not be loaded, and Retry asks again', async () => {
		let fail = true;
		const calls = answers(ABACUS, (call) =>
			call.route === 'abacus/v1/sync'
				? fail
					? wpError(401, 'abacus_engine_token_invalid', 'The engine refused the token.')
					: { body: { stores: [] } }
				: undefined,
		);
		render(<SyncPanel />);
		expect(
			await screen.findByText("The engine's sync status could not be loaded."),
		).toBeInTheDocument();
		expect(screen.getByText('The engine refused the token.')).toBeInTheDocument();
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByText(/The engine syncs no store yet/)).toBeInTheDocument();
		expect(calls.filter((call) => call.route === 'abacus/v1/sync')).toHaveLength(2);
	});
});
