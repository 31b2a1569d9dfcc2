import { render, screen } from '@testing-library/react';

import { Card } from '../index.js';

describe('Card', () => {
	it('shows its title, description, action, menu and body', () => {
		render(
			<Card
				title="Leaderboard"
				description="Top products"
				action={<button>Export</button>}
				menu={<button>Menu</button>}
			>
				<p>Body</p>
			</Card>,
		);
		expect(screen.getByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
		expect(screen.getByText('Top products')).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
		expect(screen.getByText('Body')).toBeInTheDocument();
	});

	it('has no header without a title or actions', () => {
		const { container } = render(<Card>Only body</Card>);
		expect(container.querySelector('.abacus-card__header')).toBeNull();
	});
});
