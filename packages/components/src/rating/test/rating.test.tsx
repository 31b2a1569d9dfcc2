import { render, screen } from '@testing-library/react';

import { ProductRating, Rating, ReviewRating } from '../index.js';

describe('Rating', () => {
	it('has an accessible label and five 18px stars by default', () => {
		const { container } = render(<Rating rating={3.5} />);
		expect(screen.getByRole('img', { name: '3.5 out of 5 stars.' })).toBeInTheDocument();
		const svgs = container.querySelectorAll('.abacus-rating__stars:not(.is-filled) svg');
		expect(svgs).toHaveLength(5);
		expect(svgs[0]).toHaveAttribute('width', '18');
		expect(container.querySelector('.is-filled')).toHaveStyle({ width: '70%' });
	});

	it('clamps out-of-range ratings', () => {
		render(<Rating rating={9} totalStars={4} />);
		expect(screen.getByRole('img', { name: '4 out of 4 stars.' })).toBeInTheDocument();
	});

	it('reads products and reviews', () => {
		render(
			<>
				<ProductRating product={{ average_rating: '4.25' }} />
				<ReviewRating review={{ rating: 2 }} size={10} />
			</>,
		);
		expect(screen.getByRole('img', { name: '4.3 out of 5 stars.' })).toBeInTheDocument();
		expect(screen.getByRole('img', { name: '2 out of 5 stars.' })).toBeInTheDocument();
	});
});
