import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import {
	importStore,
	optionsStore,
	settingsStore,
	userStore,
	useSettingsHydration,
} from '@abacus/data';

import AnalyticsSettings from '../index.js';
import { renderWithStores, stubApiFetch, wpError } from '../../../test/harness.js';
import type { Answer, Call } from '../../../test/harness.js';

const statuses = {
	pending: 'Pending payment',
	processing: 'Processing',
	'on-hold': 'On hold',
	completed: 'Completed',
	cancelled: 'Cancelled',
	refunded: 'Refunded',
	failed: 'Failed',
};
const wcAdmin = [
	{
		id: 'woocommerce_excluded_report_order_statuses',
		type: 'multiselect',
		options: statuses,
		value: ['pending', 'cancelled', 'failed'],
	},
	{
		id: 'woocommerce_actionable_order_statuses',
		type: 'multiselect',
		options: statuses,
		value: ['processing', 'on-hold'],
	},
	{
		id: 'woocommerce_default_date_range',
		type: 'text',
		value: 'period=month&compare=previous_year',
	},
	{
		id: 'woocommerce_date_type',
		type: 'select',
		value: 'date_created',
	},
];

function reads(call: Call): Answer | undefined {
	if (call.route === 'wc-analytics/settings/wc_admin') return { body: wcAdmin };
	if (call.route.startsWith('wc-analytics/reports/import')) return { body: {} };
	return undefined;
}

/** The page as the app boots it: the store hydrated with what the page injected (nothing here). */
function Hydrated() {
	useSettingsHydration('wc_admin', EMPTY);
	return <AnalyticsSettings />;
}
const EMPTY = { wcAdminSettings: {} };

describe('Analytics settings', () => {
	jest.setTimeout(30000);

	it('loads the statuses first and saves only the ticked status with the loaded ones', async () => {
		const calls = stubApiFetch((call) => reads(call) ?? { body: {} });
		renderWithStores(<Hydrated />, settingsStore, optionsStore, importStore, userStore);
		expect(screen.getByRole('status')).toHaveTextContent('Loading settings…');
		const excluded = await screen.findByRole('group', { name: 'Excluded statuses' });
		expect(within(excluded).getByLabelText('Pending payment')).toBeChecked();
		expect(within(excluded).getByLabelText('Cancelled')).toBeChecked();
		expect(within(excluded).getByLabelText('Failed')).toBeChecked();
		expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
		await userEvent.click(within(excluded).getByLabelText('Refunded'));
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		expect(
			await screen.findByText('Your settings have been successfully saved.'),
		).toBeInTheDocument();
		expect(
			calls.filter((call) => call.method === 'POST').map((call) => [call.route, call.data]),
		).toEqual([
			[
				'wc-admin/options',
				{
					woocommerce_excluded_report_order_statuses: [
						'pending',
						'cancelled',
						'failed',
						'refunded',
					],
				},
			],
		]);
	});

	it('sends the default date range alone when only it changed', async () => {
		const calls = stubApiFetch((call) => reads(call) ?? { body: {} });
		renderWithStores(<Hydrated />, settingsStore, optionsStore, importStore, userStore);
		await userEvent.selectOptions(await screen.findByLabelText('Default date range'), 'week');
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		await screen.findByText('Your settings have been successfully saved.');
		expect(calls.filter((call) => call.method === 'POST').map((call) => call.data)).toEqual([
			{ woocommerce_default_date_range: 'period=week&compare=previous_year' },
		]);
	});

	it('sends the date type alone when only it changed (created, paid or completed)', async () => {
		const calls = stubApiFetch((call) => reads(call) ?? { body: {} });
		renderWithStores(<Hydrated />, settingsStore, optionsStore, importStore, userStore);
		const select = await screen.findByLabelText('Date type');
		expect(select).toHaveValue('date_created');
		expect(
			within(select)
				.getAllByRole('option')
				.map((option) => option.textContent),
		).toEqual(['Date created', 'Date paid', 'Date completed']);
		await userEvent.selectOptions(select, 'date_paid');
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		await screen.findByText('Your settings have been successfully saved.');
		expect(calls.filter((call) => call.method === 'POST').map((call) => call.data)).toEqual([
			{ woocommerce_date_type: 'date_paid' },
		]);
	});

	it("shows the paid date, WooCommerce's default, when the store never saved a date type", async () => {
		stubApiFetch((call) =>
			call.route === 'wc-analytics/settings/wc_admin'
				? {
						body: wcAdmin.map((setting) =>
							setting.id === 'woocommerce_date_type'
								? { ...setting, value: '' }
								: setting,
						),
					}
				: (reads(call) ?? { body: {} }),
		);
		renderWithStores(<Hydrated />, settingsStore, optionsStore, importStore, userStore);
		expect(await screen.findByLabelText('Date type')).toHaveValue('date_paid');
	});

	it('shows an error with Retry when the settings cannot be loaded, and no form', async () => {
		let fail = true;
		stubApiFetch((call) =>
			fail && call.route === 'wc-analytics/settings/wc_admin'
				? wpError(500, 'boom', 'Settings unavailable')
				: (reads(call) ?? { body: {} }),
		);
		renderWithStores(<Hydrated />, settingsStore, optionsStore, importStore, userStore);
		const alert = await screen.findByText('The analytics settings could not be loaded.');
		expect(alert.parentElement).toHaveTextContent('Settings unavailable');
		expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		const excluded = await screen.findByRole('group', { name: 'Excluded statuses' });
		expect(within(excluded).getByLabelText('Failed')).toBeChecked();
	});

	it('keeps the choices and says so when the save is refused', async () => {
		stubApiFetch((call) =>
			call.method === 'POST'
				? wpError(500, 'db_error', 'The database is read-only.')
				: (reads(call) ?? { body: {} }),
		);
		renderWithStores(<Hydrated />, settingsStore, optionsStore, importStore, userStore);
		const excluded = await screen.findByRole('group', { name: 'Excluded statuses' });
		await userEvent.click(within(excluded).getByLabelText('Completed'));
		await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
		expect(await screen.findByText('The database is read-only.')).toBeInTheDocument();
		expect(within(excluded).getByLabelText('Completed')).toBeChecked();
	});
});
