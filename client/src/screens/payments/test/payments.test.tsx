import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { optionsStore, paymentGatewaysStore, pluginsStore } from '@abacus/data';
import type { PaymentGateway } from '@abacus/data';

import Payments, { leavePage } from '../index.js';
import { renderWithStores, stubApiFetch, wpError } from '../../test/harness.js';
import type { Answer, Call } from '../../test/harness.js';

function gateway(id: string, fields: Partial<PaymentGateway> = {}): PaymentGateway {
	return {
		id,
		title: id === 'bacs' ? 'Direct bank transfer' : 'Cheque payments',
		enabled: false,
		method_description: 'Take payments in person.',
		settings: {
			title: { id: 'title', label: 'Title', type: 'text', value: 'Bank transfer' },
		},
		...fields,
	};
}

/** The store options the server holds. */
let storedOptions: Record<string, unknown> = {};

function reads(call: Call): Answer | undefined {
	if (call.route === 'wc-admin/options') {
		if (call.method !== 'GET') {
			storedOptions = { ...storedOptions, ...(call.data as Record<string, unknown>) };
			return { body: { success: true } };
		}
		const names = (call.query.get('options') ?? '').split(',');
		return {
			body: Object.fromEntries(names.map((name) => [name, storedOptions[name] ?? false])),
		};
	}
	if (call.method !== 'GET') return undefined;
	if (call.route === 'wc/v3/payment_gateways')
		return { body: [gateway('bacs'), gateway('cheque')] };
	if (call.route.endsWith('recommended-payment-plugins'))
		return { body: [{ slug: 'pay-plugin', title: 'Pay Plugin', copy: 'Accept cards.' }] };
	if (call.route.endsWith('plugins/active') || call.route.endsWith('plugins/installed'))
		return { body: { plugins: [] } };
	return undefined;
}

function card(title: string): HTMLElement {
	return screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
}

describe('Payments', () => {
	jest.setTimeout(30000);
	beforeEach(() => {
		storedOptions = {};
	});
	it('enables a gateway and saves its settings', async () => {
		const calls = stubApiFetch((call) => {
			const read = reads(call);
			if (read) return read;
			const body = call.data as Partial<PaymentGateway>;
			return {
				body: gateway('bacs', body.enabled !== undefined ? { enabled: body.enabled } : {}),
			};
		});
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		const toggle = await screen.findByRole('checkbox', { name: 'Enable Direct bank transfer' });
		await userEvent.click(toggle);
		await waitFor(() => expect(toggle).toBeChecked());
		expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
			route: 'wc/v3/payment_gateways/bacs',
			data: { enabled: true },
		});

		await userEvent.click(
			within(card('Direct bank transfer')).getByRole('button', { name: 'Manage' }),
		);
		const title = screen.getByLabelText('Title');
		await userEvent.clear(title);
		await userEvent.type(title, 'Wire');
		await userEvent.click(screen.getByRole('button', { name: 'Save' }));
		expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
		expect(calls.filter((call) => call.method === 'PUT').at(-1)?.data).toEqual({
			settings: { title: 'Wire' },
		});
	});

	it('refuses an answer for another gateway and keeps the typed settings', async () => {
		stubApiFetch((call) => reads(call) ?? { body: gateway('cheque') });
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		await screen.findByRole('heading', { name: 'Direct bank transfer' });
		await userEvent.click(
			within(card('Direct bank transfer')).getByRole('button', { name: 'Manage' }),
		);
		const title = screen.getByLabelText('Title');
		await userEvent.clear(title);
		await userEvent.type(title, 'Wire');
		await userEvent.click(screen.getByRole('button', { name: 'Save' }));
		// Shown in the notice (and also announced through the screen-reader live region).
		const shown = await screen.findAllByText(
			'The payment gateway was not updated: the answer is for another gateway.',
		);
		expect(shown.some((node) => node.closest('.components-notice'))).toBe(true);
		expect(screen.getByLabelText('Title')).toHaveValue('Wire');
	});

	it('installs a recommended plugin through the plugins store', async () => {
		const calls = stubApiFetch((call) => {
			const read = reads(call);
			if (read) return read;
			if (call.route.endsWith('plugins/install'))
				return {
					body: {
						data: { installed: ['pay-plugin'] },
						errors: { errors: {} },
						success: true,
					},
				};
			return {
				body: {
					data: { activated: ['pay-plugin'], active: ['pay-plugin'] },
					errors: { errors: {} },
					success: true,
				},
			};
		});
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		expect(await screen.findByText('Accept cards.')).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Install & enable' }));
		expect(await screen.findByText('Installed and active.')).toBeInTheDocument();
		expect(calls.find((call) => call.route.endsWith('plugins/install'))?.data).toEqual({
			plugins: 'pay-plugin',
		});
	});

	it('shows a refused installation', async () => {
		stubApiFetch(
			(call) =>
				reads(call) ??
				wpError(
					500,
					'woocommerce_rest_invalid_plugins',
					'Plugins must be a non-empty array.',
				),
		);
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Install & enable' }));
		expect(
			await screen.findByRole('button', { name: 'Continue without installing' }),
		).toBeInTheDocument();
	});

	it('remembers Not now in a store option the server keeps, so a reload keeps it hidden', async () => {
		const calls = stubApiFetch((call) => reads(call) ?? { body: {} });
		const first = renderWithStores(
			<Payments />,
			paymentGatewaysStore,
			pluginsStore,
			optionsStore,
		);
		await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
		await waitFor(() => expect(screen.queryByText('Accept cards.')).toBeNull());
		const save = calls.find(
			(call) => call.route === 'wc-admin/options' && call.method !== 'GET',
		);
		expect(save?.data).toEqual({ abacus_payments_not_now: ['pay-plugin'] });
		first.unmount();

		// A reload: fresh stores read the option back from the server.
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		await screen.findByRole('heading', { name: 'Cheque payments' });
		await waitFor(() =>
			expect(
				calls.filter((call) => call.route === 'wc-admin/options' && call.method === 'GET')
					.length,
			).toBe(2),
		);
		await screen.findByRole('button', { name: 'Connect' });
		expect(screen.queryByText('Accept cards.')).toBeNull();
		expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();
	});

	it('shows the card again and says so when the server refuses Not now', async () => {
		stubApiFetch((call) =>
			call.route === 'wc-admin/options' && call.method !== 'GET'
				? wpError(500, 'db_locked', 'The store is being updated.')
				: (reads(call) ?? { body: {} }),
		);
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
		expect(
			await screen.findByText('Your choice could not be saved: The store is being updated.'),
		).toBeInTheDocument();
		expect(screen.getByText('Accept cards.')).toBeInTheDocument();
	});

	/** A server where installing and activating Pay Plugin works; then `gatewaysOnceActive` lists. */
	function pluginServer(gatewaysOnceActive: () => Answer | Promise<Answer>): Call[] {
		let active = false;
		return stubApiFetch((call) => {
			if (call.route === 'wc/v3/payment_gateways' && active) return gatewaysOnceActive();
			const read = reads(call);
			if (read) return read;
			if (call.route.endsWith('plugins/install'))
				return {
					body: {
						data: { installed: ['pay-plugin'] },
						errors: { errors: {} },
						success: true,
					},
				};
			active = true;
			return {
				body: {
					data: { activated: ['pay-plugin'], active: ['pay-plugin'] },
					errors: { errors: {} },
					success: true,
				},
			};
		});
	}

	it('lists the gateway a recommended plugin brings once it is installed', async () => {
		pluginServer(() => ({
			body: [
				gateway('bacs'),
				gateway('cheque'),
				gateway('stripe', { title: 'Credit card (Stripe)' }),
			],
		}));
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Install & enable' }));
		expect(
			await screen.findByRole('heading', { name: 'Credit card (Stripe)' }),
		).toBeInTheDocument();
	});

	it('keeps the payment methods on screen while they are read again', async () => {
		let answer: (value: Answer) => void = () => undefined;
		const calls = pluginServer(
			() =>
				new Promise<Answer>((resolve) => {
					answer = resolve;
				}),
		);
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Install & enable' }));
		await waitFor(() =>
			expect(calls.filter((call) => call.route === 'wc/v3/payment_gateways')).toHaveLength(2),
		);
		expect(screen.getByRole('heading', { name: 'Direct bank transfer' })).toBeInTheDocument();
		expect(screen.queryByText('Loading payment methods…')).toBeNull();
		answer({
			body: [gateway('bacs'), gateway('stripe', { title: 'Credit card (Stripe)' })],
		});
		expect(
			await screen.findByRole('heading', { name: 'Credit card (Stripe)' }),
		).toBeInTheDocument();
		expect(screen.queryByRole('heading', { name: 'Cheque payments' })).toBeNull();
	});

	it('says exactly why Connect failed, and stays on the page', async () => {
		const assign = jest.spyOn(leavePage, 'assign').mockImplementation(() => undefined);
		stubApiFetch(
			(call) =>
				reads(call) ??
				wpError(
					404,
					'woocommerce_rest_jetpack_not_active',
					'Jetpack is not installed or active. Connecting the store to a payment provider goes through the Jetpack site connection: install and activate Jetpack, then connect again.',
				),
		);
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
		expect(
			await screen.findByText(
				'Your store could not be connected: Jetpack is not installed or active. Connecting the store to a payment provider goes through the Jetpack site connection: install and activate Jetpack, then connect again.',
			),
		).toBeInTheDocument();
		expect(assign).not.toHaveBeenCalled();
		expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
		assign.mockRestore();
	});

	it('sends the browser to the connection address, returning to the dashboard', async () => {
		const calls = stubApiFetch(
			(call) =>
				reads(call) ?? {
					body: { slug: 'jetpack', connectAction: 'http://localhost/#connected' },
				},
		);
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
		await waitFor(() => expect(window.location.hash).toBe('#connected'));
		const connect = calls.find((call) => call.route.endsWith('plugins/connect-jetpack'));
		expect(connect?.query.get('redirect_url')).toMatch(/admin\.php\?page=abacus$/);
	});

	it('says the connection failed when the browser comes back to the failure address', async () => {
		stubApiFetch((call) => reads(call) ?? { body: {} });
		renderWithStores(
			<Payments query={{ connection: 'failed' }} />,
			paymentGatewaysStore,
			pluginsStore,
			optionsStore,
		);
		expect(
			await screen.findByText(
				'Your store could not be connected: the connection page reported a failure and sent you back. Choose Connect to try again.',
			),
		).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
	});

	it('shows no connection error on a plain visit', async () => {
		stubApiFetch((call) => reads(call) ?? { body: {} });
		renderWithStores(<Payments query={{}} />, paymentGatewaysStore, pluginsStore, optionsStore);
		await screen.findByRole('button', { name: 'Connect' });
		expect(screen.queryByText(/could not be connected/)).not.toBeInTheDocument();
	});

	it('shows a failed load with Retry', async () => {
		let fail = true;
		stubApiFetch((call) =>
			fail && call.route === 'wc/v3/payment_gateways'
				? wpError(500, 'boom', 'Gateways unavailable')
				: (reads(call) ?? { body: {} }),
		);
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore, optionsStore);
		expect(await screen.findByRole('alert')).toHaveTextContent('Gateways unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByRole('heading', { name: 'Cheque payments' })).toBeInTheDocument();
	});
});
