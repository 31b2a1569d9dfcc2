import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { settingsStore, useSettingsHydration } from '@abacus/data';

import Settings from '../index.js';
import { renderWithStores, stubApiFetch, wpError } from '../../../test/harness.js';
import type { Answer, Call } from '../../../test/harness.js';

const general = [
	{ id: 'woocommerce_store_city', value: 'Paris' },
	{ id: 'woocommerce_store_address', value: '1 Rue de la Paix' },
	{ id: 'woocommerce_currency_pos', value: 'left' },
];
const wcAdmin = [
	{ id: 'woocommerce_excluded_report_order_statuses', value: ['pending', 'failed'] },
	{ id: 'woocommerce_actionable_order_statuses', value: ['processing'] },
	{ id: 'woocommerce_default_date_range', value: 'period=month&compare=previous_year' },
];

function reads(call: Call): Answer | undefined {
	if (call.method !== 'GET') return undefined;
	return { body: call.route.endsWith('/general') ? general : wcAdmin };
}

const EMPTY = {};

/** The app as the page boots it: settings hydrated from what the page injected, then the screen. */
function HydratedSettings({ injected }: { injected: Record<string, unknown> }) {
	useSettingsHydration('wc_admin', injected);
	useSettingsHydration('general', EMPTY);
	return <Settings />;
}

describe('Settings', () => {
	jest.setTimeout(30000);

	it('asks the server for its settings even when the app hydrated the store first', async () => {
		const calls = stubApiFetch((call) => reads(call) ?? { body: { update: [] } });
		renderWithStores(
			<HydratedSettings injected={{ wcAdminSettings: {}, restRoot: '/wp-json/' }} />,
			settingsStore,
		);
		expect(screen.getByRole('status')).toHaveTextContent('Loading settings…');
		expect(await screen.findByLabelText('City')).toHaveValue('Paris');
		expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Rue de la Paix');
		expect(screen.getByLabelText('Currency position')).toHaveValue('left');
		const excluded = screen.getByRole('group', { name: 'Excluded statuses' });
		expect(within(excluded).getByLabelText('Pending payment')).toBeChecked();
		expect(within(excluded).getByLabelText('Failed')).toBeChecked();
		expect(within(excluded).getByLabelText('Processing')).not.toBeChecked();
		expect(screen.getByLabelText('Default date range')).toHaveValue('month');
		expect(screen.getByLabelText('Compare to')).toHaveValue('previous_year');
		expect(calls.filter((call) => call.method === 'GET').map((call) => call.route)).toEqual([
			'wc-analytics/settings/general',
			'wc-analytics/settings/wc_admin',
		]);
	});

	it('ticking one status keeps the loaded ones and sends nothing else', async () => {
		const calls = stubApiFetch((call) => reads(call) ?? { body: { update: [] } });
		renderWithStores(<HydratedSettings injected={{ wcAdminSettings: {} }} />, settingsStore);
		const excluded = await screen.findByRole('group', { name: 'Excluded statuses' });
		await userEvent.click(within(excluded).getByLabelText('Processing'));
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
		expect(
			calls.filter((call) => call.method === 'POST').map((call) => [call.route, call.data]),
		).toEqual([
			[
				'wc-analytics/settings/wc_admin/batch',
				{
					update: [
						{
							id: 'woocommerce_excluded_report_order_statuses',
							value: ['pending', 'failed', 'processing'],
						},
					],
				},
			],
		]);
	});

	it('shows no field the server did not send, so none can be saved', async () => {
		stubApiFetch((call) =>
			call.method === 'GET'
				? { body: call.route.endsWith('/general') ? general : [] }
				: { body: { update: [] } },
		);
		renderWithStores(<Settings />, settingsStore);
		expect(await screen.findByLabelText('City')).toHaveValue('Paris');
		expect(screen.queryByLabelText('Postcode / ZIP')).not.toBeInTheDocument();
		expect(screen.queryByRole('group', { name: 'Excluded statuses' })).not.toBeInTheDocument();
		expect(screen.queryByLabelText('Default date range')).not.toBeInTheDocument();
	});

	it('changes the default date range with the preset choices', async () => {
		const calls = stubApiFetch((call) => reads(call) ?? { body: { update: [] } });
		renderWithStores(<Settings />, settingsStore);
		await userEvent.selectOptions(
			await screen.findByLabelText('Default date range'),
			'quarter',
		);
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
		expect(calls.filter((call) => call.method === 'POST').map((call) => call.data)).toEqual([
			{
				update: [
					{
						id: 'woocommerce_default_date_range',
						value: 'period=quarter&compare=previous_year',
					},
				],
			},
		]);
	});
	it('saves only the changed values, one batch per group', async () => {
		const calls = stubApiFetch((call) => reads(call) ?? { body: { update: [] } });
		renderWithStores(<Settings />, settingsStore);
		const city = await screen.findByLabelText('City');
		expect(city).toHaveValue('Paris');
		await userEvent.clear(city);
		await userEvent.type(city, 'Lyon');
		const excluded = screen.getByRole('group', { name: 'Excluded statuses' });
		await userEvent.click(within(excluded).getByLabelText('Refunded'));
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
		const posts = calls.filter((call) => call.method === 'POST');
		expect(posts.map((call) => [call.route, call.data])).toEqual([
			[
				'wc-analytics/settings/general/batch',
				{ update: [{ id: 'woocommerce_store_city', value: 'Lyon' }] },
			],
			[
				'wc-analytics/settings/wc_admin/batch',
				{
					update: [
						{
							id: 'woocommerce_excluded_report_order_statuses',
							value: ['pending', 'failed', 'refunded'],
						},
					],
				},
			],
		]);
		expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
	});

	it('shows the settings error and keeps what was typed when the save is refused', async () => {
		stubApiFetch((call) => reads(call) ?? { body: null });
		renderWithStores(<Settings />, settingsStore);
		const city = await screen.findByLabelText('City');
		await userEvent.clear(city);
		await userEvent.type(city, 'Nice');
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		expect(
			await screen.findByText('There was a problem updating your settings.'),
		).toBeInTheDocument();
		expect(screen.getByLabelText('City')).toHaveValue('Nice');
		expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
	});

	it('shows the server error of a failed save with the settings message', async () => {
		stubApiFetch(
			(call) => reads(call) ?? wpError(500, 'db_error', 'The database is read-only.'),
		);
		renderWithStores(<Settings />, settingsStore);
		await userEvent.type(await screen.findByLabelText('City'), 'x');
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		expect(
			await screen.findByText(
				'There was a problem updating your settings. The database is read-only.',
			),
		).toBeInTheDocument();
	});

	it('offers Retry when the settings cannot be loaded', async () => {
		let fail = true;
		stubApiFetch((call) =>
			fail ? wpError(500, 'boom', 'Settings unavailable') : (reads(call) ?? { body: {} }),
		);
		renderWithStores(<Settings />, settingsStore);
		expect(await screen.findByRole('alert')).toHaveTextContent('Settings unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByLabelText('City')).toHaveValue('Paris');
	});
});
