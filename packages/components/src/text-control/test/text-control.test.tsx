import { fireEvent, render, screen } from '@testing-library/react';

import { TextControlWithAffixes } from '../../text-control-with-affixes/index.js';
import { TextControl } from '../index.js';

describe('TextControl', () => {
	it('is labelled, reports changes and tracks its state classes', () => {
		const onChange = jest.fn();
		const { container, rerender } = render(
			<TextControl
				label="Store name"
				value=""
				onChange={onChange}
				help="Shown on invoices"
			/>,
		);
		const input = screen.getByRole('textbox', { name: 'Store name' });
		expect(container.firstChild).toHaveClass('is-empty');
		fireEvent.focus(input);
		expect(container.firstChild).toHaveClass('is-active');
		fireEvent.change(input, { target: { value: 'Abacus Outfitters' } });
		expect(onChange).toHaveBeenCalledWith('Abacus Outfitters');
		rerender(
			<TextControl
				label="Store name"
				value="Abacus Outfitters"
				onChange={onChange}
				help="Shown on invoices"
			/>,
		);
		expect(container.firstChild).toHaveClass('with-value');
		expect(input).toHaveAccessibleDescription('Shown on invoices');
	});
});

describe('TextControlWithAffixes', () => {
	it('shows prefix and suffix around the input', () => {
		const onChange = jest.fn();
		render(
			<TextControlWithAffixes
				label="Price"
				prefix="$"
				suffix="USD"
				value="5"
				onChange={onChange}
			/>,
		);
		expect(screen.getByText('$')).toBeInTheDocument();
		expect(screen.getByText('USD')).toBeInTheDocument();
		fireEvent.change(screen.getByRole('textbox', { name: 'Price' }), {
			target: { value: '7' },
		});
		expect(onChange).toHaveBeenCalledWith('7');
	});
});
