/**
 * The cost editor: shows each item's cost today and the history, sends exactly the typed cost,
 * day and choice, says the server's refusal on the field, shows a failed load with Retry, and to
 * someone who may not record costs (no `edit_costs` scope on the engine token, no
 * manage_woocommerce on the standalone server) shows the costs read-only with the reason.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { resetSettingsForTests, setSettingsForTests } from '@abacus/settings';

import { stubApiFetch, wpError } from '../../../../screens/test/harness.js';
import { canEditCosts, tokenScopes } from '../can-edit-costs.js';
import { CostEditor } from '../cost-editor.js';

jest.setTimeout(30000);

const COSTS = {
	product: { id: 3, name: 'Hoodie', type: 'variable', price: 40, cost: 15 },
	variations: [{ id: 31, name: 'Hoodie - Red', price: 40, cost: null }],
	history: [
		{ product_id: 3, variation_id: 0, cost: 15, date_from: '2026-01-01', source: 'abacus' },
	],
};

const editor = (onSaved = jest.fn()) => (
	<CostEditor
		productId={3}
		formatAmount={(value) => `$${value.toFixed(2)}`}
		formatDay={(day) => day}
		onClose={jest.fn()}
		onSaved={onSaved}
	/>
);

describe('CostEditor', () => {
	it('saves the typed cost of a variation from a day, applied to past sales when ticked', async () => {
		const saved = {
			product_id: 3,
			variation_id: 31,
			cost: 12.5,
			date_from: '2026-02-01',
			source: 'abacus',
		};
		const calls = stubApiFetch((call) =>
			call.method === 'POST'
				? { body: { rewritten_lines: 2, history: [saved, ...COSTS.history] } }
				: { body: COSTS },
		);
		const onSaved = jest.fn();
		render(editor(onSaved));
		expect(await screen.findByRole('heading', { name: 'Costs of Hoodie' })).toBeInTheDocument();
		expect(
			screen.getByRole('row', { name: /Hoodie - Red \$40.00 No cost/ }),
		).toBeInTheDocument();
		expect(screen.getByText('Hoodie: $15.00 from 2026-01-01')).toBeInTheDocument();
		await userEvent.type(screen.getByLabelText('Unit cost'), '12,5');
		await userEvent.clear(screen.getByLabelText('Applies from'));
		await userEvent.type(screen.getByLabelText('Applies from'), '2026-02-01');
		await userEvent.click(
			screen.getByLabelText('Apply to sales already made on or after this day'),
		);
		await userEvent.click(screen.getByRole('button', { name: 'Save cost' }));
		expect(
			await screen.findByText('Cost saved; 2 earlier sales now use it.'),
		).toBeInTheDocument();
		expect(calls.filter((call) => call.method === 'POST').map((call) => call.data)).toEqual([
			{
				product_id: 3,
				variation_id: 31,
				cost: '12.5',
				date_from: '2026-02-01',
				apply_to_past: true,
			},
		]);
		expect(onSaved).toHaveBeenCalledTimes(1);
		// The cost today follows the saved history.
		expect(
			screen.getByRole('row', { name: /Hoodie - Red \$40.00 \$12.50/ }),
		).toBeInTheDocument();
		expect(screen.getByText('Hoodie - Red: $12.50 from 2026-02-01')).toBeInTheDocument();
	});

	it('refuses an empty cost without asking the server, and shows the server’s refusal on its field', async () => {
		const calls = stubApiFetch((call) =>
			call.method === 'POST'
				? {
						status: 400,
						body: {
							code: 'abacus_invalid_cost',
							message:
								'The cost was not saved: The cost has more than 2 decimal places.',
							data: {
								status: 400,
								params: { cost: 'The cost has more than 2 decimal places.' },
							},
						},
					}
				: { body: COSTS },
		);
		render(editor());
		await screen.findByRole('heading', { name: 'Costs of Hoodie' });
		await userEvent.click(screen.getByRole('button', { name: 'Save cost' }));
		expect(
			screen.getByText('Enter the cost as a non-negative amount, like 12.50.'),
		).toBeInTheDocument();
		expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
		await userEvent.type(screen.getByLabelText('Unit cost'), '1.234');
		await userEvent.click(screen.getByRole('button', { name: 'Save cost' }));
		expect(
			await screen.findByText('The cost has more than 2 decimal places.'),
		).toBeInTheDocument();
		expect(screen.getByLabelText('Unit cost')).toHaveAttribute('aria-invalid', 'true');
	});

	it('shows a failed load with its message and a Retry that asks again', async () => {
		let calls = 0;
		stubApiFetch(() => {
			calls += 1;
			return calls === 1
				? wpError(500, 'abacus_internal', 'The store database is busy.')
				: { body: COSTS };
		});
		render(editor());
		expect(await screen.findByText('The store database is busy.')).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByRole('heading', { name: 'Costs of Hoodie' })).toBeInTheDocument();
	});

	it('shows the costs read-only, with the reason, to someone who may not record them', async () => {
		const calls = stubApiFetch(() => ({ body: COSTS }));
		render(
			<CostEditor
				productId={3}
				formatAmount={(value) => `$${value.toFixed(2)}`}
				formatDay={(day) => day}
				onClose={jest.fn()}
				onSaved={jest.fn()}
				canEdit={false}
			/>,
		);
		expect(await screen.findByRole('heading', { name: 'Costs of Hoodie' })).toBeInTheDocument();
		expect(screen.getByRole('row', { name: /Hoodie \$40.00 \$15.00/ })).toBeInTheDocument();
		expect(screen.getByText('Hoodie: $15.00 from 2026-01-01')).toBeInTheDocument();
		expect(screen.getByText(/You can see these costs but not change them/)).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Save cost' })).not.toBeInTheDocument();
		expect(screen.queryByLabelText('Unit cost')).not.toBeInTheDocument();
		expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
	});

	it('turns read-only when the engine refuses the save for a read-only token', async () => {
		stubApiFetch((call) =>
			call.method === 'POST'
				? wpError(403, 'abacus_engine_token_read_only', 'This token may read reports only.')
				: { body: COSTS },
		);
		render(editor());
		await screen.findByRole('heading', { name: 'Costs of Hoodie' });
		await userEvent.type(screen.getByLabelText('Unit cost'), '9');
		await userEvent.click(screen.getByRole('button', { name: 'Save cost' }));
		expect(
			await screen.findByText(/You can see these costs but not change them/),
		).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Save cost' })).not.toBeInTheDocument();
	});
});

describe('canEditCosts', () => {
	const token = (claims: object) =>
		`h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

	it('reads the engine token’s scopes', () => {
		expect(tokenScopes(token({ scope: ['edit_costs'] }))).toEqual(['edit_costs']);
		expect(tokenScopes(token({ scope: [] }))).toEqual([]);
		expect(tokenScopes(token({ sub: 1 }))).toEqual([]);
		expect(tokenScopes('not a token')).toEqual([]);
	});

	it('follows the standalone user’s manage_woocommerce capability without an engine', () => {
		const user = (capabilities: Record<string, boolean>) => ({
			currentUserData: { id: 1, username: 'u', name: 'U', email: '', capabilities },
		});
		try {
			setSettingsForTests(user({ view_woocommerce_reports: true }));
			expect(canEditCosts()).toBe(false);
			setSettingsForTests(user({ view_woocommerce_reports: true, manage_woocommerce: true }));
			expect(canEditCosts()).toBe(true);
		} finally {
			resetSettingsForTests();
		}
	});
});
