import { render, screen } from '@testing-library/react';

import { AbbreviatedCard } from '../index.js';

describe('AbbreviatedCard', () => {
	it('is one link with its icon and content', () => {
		render(
			<AbbreviatedCard href="/analytics/orders" icon={<span>#</span>}>
				3 orders to fulfil
			</AbbreviatedCard>,
		);
		const link = screen.getByRole('link', { name: /3 orders to fulfil/ });
		expect(link).toHaveAttribute('data-link-type', 'wc-admin');
	});
});
