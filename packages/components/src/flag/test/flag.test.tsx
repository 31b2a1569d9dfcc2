import { render, screen } from '@testing-library/react';

import { Flag } from '../index.js';

describe('Flag', () => {
	it('shows the emoji flag of a country code', () => {
		render(<Flag code="fr" size={24} />);
		const flag = screen.getByRole('img', { name: 'FR' });
		expect(flag).toHaveTextContent('🇫🇷');
		expect(flag).toHaveStyle({ fontSize: '24px' });
	});

	it('uses the shipping then billing country of an order', () => {
		render(<Flag order={{ billing: { country: 'DE' } }} />);
		expect(screen.getByRole('img')).toHaveTextContent('🇩🇪');
	});

	it('falls back to text for an invalid code', () => {
		render(<Flag code="1X" />);
		expect(screen.getByText('Invalid country flag')).toBeInTheDocument();
	});
});
