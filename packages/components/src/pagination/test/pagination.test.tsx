import { fireEvent, render, screen } from '@testing-library/react';

import { Pagination, isValidPageJump } from '../index.js';

describe('Pagination', () => {
	it('disables previous and next at the bounds', () => {
		const onPageChange = jest.fn();
		const { rerender } = render(
			<Pagination page={1} perPage={25} total={100} onPageChange={onPageChange} />,
		);
		expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Previous Page' })).toHaveAttribute(
			'aria-disabled',
			'true',
		);
		fireEvent.click(screen.getByRole('button', { name: 'Next Page' }));
		expect(onPageChange).toHaveBeenCalledWith(2, 'next');
		rerender(<Pagination page={4} perPage={25} total={100} onPageChange={onPageChange} />);
		expect(screen.getByRole('button', { name: 'Next Page' })).toHaveAttribute(
			'aria-disabled',
			'true',
		);
	});

	it('accepts a page jump only for a valid, different page within range', () => {
		const onPageChange = jest.fn();
		render(<Pagination page={2} perPage={25} total={100} onPageChange={onPageChange} />);
		const input = screen.getByRole('spinbutton', { name: 'Go to page' });
		fireEvent.change(input, { target: { value: '9' } });
		expect(input).toHaveAttribute('aria-invalid', 'true');
		expect(screen.getByRole('alert')).toHaveTextContent(
			'Enter a whole page number from 1 to 4.',
		);
		fireEvent.keyDown(input, { key: 'Enter' });
		fireEvent.change(input, { target: { value: '2' } });
		fireEvent.keyDown(input, { key: 'Enter' });
		expect(onPageChange).not.toHaveBeenCalled();
		fireEvent.change(input, { target: { value: '3' } });
		fireEvent.keyDown(input, { key: 'Enter' });
		expect(onPageChange).toHaveBeenCalledWith(3, 'goto');
		expect(isValidPageJump('-1', 1, 4)).toBe(false);
		expect(isValidPageJump('1.5', 1, 4)).toBe(false);
	});

	it('moves to the last page when rows per page grows past the current page', () => {
		const onPageChange = jest.fn();
		const onPerPageChange = jest.fn();
		render(
			<Pagination
				page={4}
				perPage={25}
				total={100}
				onPageChange={onPageChange}
				onPerPageChange={onPerPageChange}
			/>,
		);
		fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), {
			target: { value: '50' },
		});
		expect(onPerPageChange).toHaveBeenCalledWith(50);
		expect(onPageChange).toHaveBeenCalledWith(2, 'goto');
	});

	it('is hidden at 25 rows or fewer and shows only rows per page on a single page', () => {
		const { container, rerender } = render(<Pagination page={1} perPage={25} total={20} />);
		expect(container).toBeEmptyDOMElement();
		rerender(<Pagination page={1} perPage={50} total={40} />);
		expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Next Page' })).not.toBeInTheDocument();
	});
});
