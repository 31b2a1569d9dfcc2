import { fireEvent, render, screen } from '@testing-library/react';

import { Tag } from '../index.js';

describe('Tag', () => {
	it('shows the label and removes by id', () => {
		const handler = jest.fn();
		const remove = jest.fn(() => handler);
		render(<Tag label="Hoodie" id={7} remove={remove} />);
		expect(screen.getByText('Hoodie')).toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: 'Remove Hoodie' }));
		expect(remove).toHaveBeenCalledWith(7);
		expect(handler).toHaveBeenCalled();
	});

	it('uses the screen-reader label and opens its popover', () => {
		render(
			<Tag
				label="+2 more"
				screenReaderLabel="Two more items"
				popoverContents={<p>All items</p>}
			/>,
		);
		const toggle = screen.getByRole('button', { name: 'Two more items' });
		expect(toggle).toHaveAttribute('aria-expanded', 'false');
		fireEvent.click(toggle);
		expect(screen.getByText('All items')).toBeInTheDocument();
	});
});
