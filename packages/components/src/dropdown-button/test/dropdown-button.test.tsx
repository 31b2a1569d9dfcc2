import { fireEvent, render, screen } from '@testing-library/react';

import { DropdownButton } from '../index.js';

describe('DropdownButton', () => {
	it('shows each label line and its open state', () => {
		const onClick = jest.fn();
		render(
			<DropdownButton
				labels={['Month to date', 'vs. Previous year']}
				isOpen
				onClick={onClick}
			/>,
		);
		const button = screen.getByRole('button', { name: /Month to date/ });
		expect(button).toHaveTextContent('vs. Previous year');
		expect(button).toHaveAttribute('aria-expanded', 'true');
		fireEvent.click(button);
		expect(onClick).toHaveBeenCalled();
	});
});
