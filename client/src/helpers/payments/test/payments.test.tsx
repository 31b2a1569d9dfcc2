import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { paymentGatewaysStore, pluginsStore } from '@abacus/data';
import type { PaymentGateway } from '@abacus/data';

import Payments from '../index.js';
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

function reads(call: Call): Answer | undefined {
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
	it('enables a gateway and saves its settings', async () => {
		const calls = stubApiFetch((call) => {
			const read = reads(call);
			if (read) return read;
			const body = call.data as Partial<PaymentGateway>;
			return {
				body: gateway('bacs', body.enabled !== undefined ? { enabled: body.enabled } : {}),
			};
		});
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore);
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
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore);
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
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore);
		expect(await screen.findByText('Accept cards.')).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Install & enable' }));
		expect(await screen.findByText('Installed and active.')).toBeInTheDocument();
		expect(calls.find((call) => call.route.endsWith('plugins/install'))?.data).toEqual({
			plugins: 'pay-plugin',
		});
	});

	it('hides a recommendation on Not now, and shows a refused installation', async () => {
		stubApiFetch(
			(call) =>
				reads(call) ??
				wpError(
					500,
					'woocommerce_rest_invalid_plugins',
					'Plugins must be a non-empty array.',
				),
		);
		const first = renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Install & enable' }));
		expect(
			await screen.findByRole('button', { name: 'Continue without installing' }),
		).toBeInTheDocument();
		first.unmount();
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
		expect(screen.queryByText('Accept cards.')).toBeNull();
	});

	it('sends the browser to the connection address, returning to the dashboard', async () => {
		const calls = stubApiFetch(
			(call) =>
				reads(call) ?? {
					body: { slug: 'jetpack', connectAction: 'http://localhost/#connected' },
				},
		);
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore);
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
		);
		expect(
			await screen.findByText(
				'Your store could not be connected to the payment provider. Try again.',
			),
		).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
	});

	it('shows no connection error on a plain visit', async () => {
		stubApiFetch((call) => reads(call) ?? { body: {} });
		renderWithStores(<Payments query={{}} />, paymentGatewaysStore, pluginsStore);
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
		renderWithStores(<Payments />, paymentGatewaysStore, pluginsStore);
		expect(await screen.findByRole('alert')).toHaveTextContent('Gateways unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByRole('heading', { name: 'Cheque payments' })).toBeInTheDocument();
	});
});
