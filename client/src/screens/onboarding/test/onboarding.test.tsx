import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { itemsStore, onboardingStore, pluginsStore } from '@abacus/data';

import Onboarding from '../index.js';
import { renderWithStores, stubApiFetch, wpError } from '../../test/harness.js';
import type { Answer, Call } from '../../test/harness.js';

const profile = {
	industry: [{ slug: 'food-drink' }],
	product_types: null,
	product_count: null,
	revenue: null,
	selling_venues: null,
	other_platform: null,
	other_platform_name: null,
	business_extensions: null,
	theme: null,
	completed: false,
};

const success = {
	body: { status: 'success', message: 'Onboarding profile data has been updated.' },
};

function readProfile(call: Call): Answer | undefined {
	return call.method === 'GET' && call.route.endsWith('onboarding/profile')
		? { body: profile }
		: undefined;
}

const stores = [onboardingStore, pluginsStore, itemsStore] as const;

describe('Onboarding', () => {
	it('saves each step of the profile, installs the chosen extensions and creates a product', async () => {
		const calls = stubApiFetch((call) => {
			const read = readProfile(call);
			if (read) return read;
			if (call.route.endsWith('onboarding/profile')) return success;
			if (call.route.endsWith('plugins/install'))
				return { body: { data: { installed: ['mailpoet'] }, errors: { errors: {} } } };
			if (call.route.endsWith('plugins/activate'))
				return { body: { data: { activated: ['mailpoet'] }, errors: { errors: {} } } };
			if (call.route.endsWith('create_product_from_template')) return { body: { id: 321 } };
			return wpError(404, 'rest_no_route', 'No route');
		});
		renderWithStores(<Onboarding />, ...stores);

		expect(await screen.findByLabelText('Food and drink')).toBeChecked();
		await userEvent.click(screen.getByLabelText('Health and beauty'));
		await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

		await userEvent.click(await screen.findByLabelText('Downloads'));
		await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

		await userEvent.click(await screen.findByLabelText('11 - 100'));
		await userEvent.click(screen.getByLabelText('Yes, on another platform'));
		await userEvent.selectOptions(
			screen.getByLabelText('Which platform is the store using?'),
			'etsy',
		);
		await userEvent.selectOptions(
			screen.getByLabelText('Current annual revenue'),
			'up-to-2500',
		);
		await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

		await userEvent.click(await screen.findByLabelText('MailPoet'));
		await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
		await userEvent.click(await screen.findByRole('button', { name: 'Install & enable' }));

		expect(
			await screen.findByRole('group', { name: 'Choose a theme for the store' }),
		).toBeInTheDocument();
		expect(screen.queryByRole('textbox', { name: 'Theme' })).toBeNull();
		await userEvent.click(screen.getByRole('radio', { name: /Storefront/ }));
		await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

		await userEvent.click(await screen.findByLabelText('Variable product'));
		await userEvent.click(screen.getByRole('button', { name: 'Create a product' }));
		expect(
			await screen.findByText(/Product #321 was created as a draft\./),
		).toBeInTheDocument();

		const saves = calls
			.filter((call) => call.method === 'POST' && call.route.endsWith('onboarding/profile'))
			.map((call) => call.data);
		expect(saves).toEqual([
			{ industry: [{ slug: 'food-drink' }, { slug: 'health-beauty' }] },
			{ product_types: ['downloads'] },
			{
				product_count: '11-100',
				selling_venues: 'other',
				revenue: 'up-to-2500',
				other_platform: 'etsy',
			},
			{ business_extensions: ['mailpoet'] },
			{ theme: 'storefront' },
			{ completed: true },
		]);
		expect(calls.find((call) => call.route.endsWith('plugins/install'))?.data).toEqual({
			plugins: 'mailpoet',
		});
		expect(
			calls.find((call) => call.route.endsWith('create_product_from_template'))?.data,
		).toEqual({
			template_name: 'variable',
		});
	}, 30000);

	it('stays on the step with the server error and the choices kept when a save is refused', async () => {
		stubApiFetch(
			(call) =>
				readProfile(call) ??
				wpError(400, 'rest_invalid_param', 'Invalid parameter(s): industry'),
		);
		renderWithStores(<Onboarding />, ...stores);
		await userEvent.click(await screen.findByLabelText('Other'));
		await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
		expect(await screen.findByText('Invalid parameter(s): industry')).toBeInTheDocument();
		expect(screen.getByLabelText('Other')).toBeChecked();
		expect(screen.getByLabelText('Food and drink')).toBeChecked();
	});

	it('offers Retry when the profile cannot be loaded', async () => {
		let fail = true;
		stubApiFetch((call) =>
			fail ? wpError(500, 'boom', 'Profile unavailable') : (readProfile(call) ?? success),
		);
		renderWithStores(<Onboarding />, ...stores);
		expect(await screen.findByRole('alert')).toHaveTextContent('Profile unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByLabelText('Food and drink')).toBeChecked();
	});
});
