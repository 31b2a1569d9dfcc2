import { render, screen } from '@testing-library/react';

import { SectionHeader } from '../index.js';

describe('SectionHeader', () => {
	it('shows the title as a heading and the menu', () => {
		render(<SectionHeader title="Performance" menu={<button type="button">Menu</button>} />);
		expect(screen.getByRole('heading', { name: 'Performance' })).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
	});
});
