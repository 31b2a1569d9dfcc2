import { render, screen } from '@testing-library/react';

import { OrderStatus } from '../index.js';

describe('OrderStatus', () => {
	it('shows the mapped label with a status class', () => {
		const { container } = render(
			<OrderStatus
				order={{ status: 'wc-on-hold' }}
				orderStatusMap={{ 'on-hold': 'On hold' }}
			/>,
		);
		expect(screen.getByText('On hold')).toBeInTheDocument();
		expect(container.querySelector('.abacus-order-status__indicator')).toHaveClass(
			'is-on-hold',
		);
	});

	it('falls back to the status key', () => {
		render(<OrderStatus order={{ status: 'custom' }} />);
		expect(screen.getByText('custom')).toBeInTheDocument();
	});
});
