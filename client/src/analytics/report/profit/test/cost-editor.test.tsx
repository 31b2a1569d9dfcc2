/**
 * The cost editor: shows each item's cost today and the history, sends exactly the typed cost,
 * day and choice, says the server's refusal on the field, and explains when costs cannot be
 * typed here (reports from the Abacus engine inside WordPress).
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { stubApiFetch, wpError } from '../../../../helpers/test/harness.js';
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

	it('explains where costs come from when this page cannot write them', async () => {
		stubApiFetch(() => wpError(404, 'rest_no_route', 'No route was found.'));
		render(editor());
		expect(await screen.findByText(/Costs cannot be typed here/)).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
	});
});
