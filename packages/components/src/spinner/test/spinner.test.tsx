import { render, screen } from '@testing-library/react';

import { Spinner } from '../index.js';

describe('Spinner', () => {
	it('announces loading', () => {
		render(<Spinner className="extra" />);
		expect(screen.getByRole('status')).toHaveTextContent('Loading');
		expect(screen.getByRole('status')).toHaveClass('abacus-spinner', 'extra');
	});
});
