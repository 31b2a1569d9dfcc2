import { fireEvent, render, screen } from '@testing-library/react';

import { List } from '../index.js';

describe('List', () => {
	it('renders actionable items as menu items, triggered by Enter', () => {
		const onClick = jest.fn();
		render(
			<List
				items={[
					{
						title: 'Set up payments',
						content: 'Choose how to get paid',
						onClick,
						listItemTag: 'payments',
					},
					{ title: 'Docs', href: 'https://example.org', linkType: 'external' },
					{ title: 'Plain' },
				]}
			/>,
		);
		expect(screen.getByRole('menu')).toBeInTheDocument();
		const item = screen.getByRole('menuitem', { name: /Set up payments/ });
		expect(item).toHaveAttribute('data-list-item-tag', 'payments');
		fireEvent.keyDown(item, { key: 'Enter' });
		expect(onClick).toHaveBeenCalled();
		expect(screen.getByRole('menuitem', { name: 'Docs' })).toHaveAttribute(
			'data-link-type',
			'external',
		);
		expect(screen.queryByRole('menuitem', { name: 'Plain' })).not.toBeInTheDocument();
	});
});
