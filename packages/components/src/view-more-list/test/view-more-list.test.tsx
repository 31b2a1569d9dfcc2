import { fireEvent, render, screen, within } from '@testing-library/react';

import { ViewMoreList } from '../index.js';

describe('ViewMoreList', () => {
	it('shows the first item and lists all behind "+n more"', () => {
		render(<ViewMoreList items={['Hoodie', 'Cap', 'Socks']} />);
		expect(screen.getByText('Hoodie')).toBeInTheDocument();
		expect(screen.getByText('+2 more')).toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: '2 more items' }));
		const list = screen.getByRole('list');
		expect(
			within(list)
				.getAllByRole('listitem')
				.map((li) => li.textContent),
		).toEqual(['Hoodie', 'Cap', 'Socks']);
	});

	it('shows a single item alone and nothing for none', () => {
		const { container, rerender } = render(<ViewMoreList items={['Hoodie']} />);
		expect(screen.queryByRole('button')).not.toBeInTheDocument();
		rerender(<ViewMoreList />);
		expect(container).toBeEmptyDOMElement();
	});
});
