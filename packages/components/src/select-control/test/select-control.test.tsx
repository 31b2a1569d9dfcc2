import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { SelectControl } from '../index.js';
import type { SelectedOption } from '../index.js';

const options = [
	{ key: 'apple', label: 'Apple', keywords: ['fruit'] },
	{ key: 'banana', label: 'Banana' },
	{ key: 'cherry', label: 'Cherry' },
];

function Multi({ onChange }: { onChange: (value: SelectedOption[]) => void }) {
	const [selected, setSelected] = useState<SelectedOption[]>([]);
	return (
		<SelectControl
			label="Fruit"
			options={options}
			selected={selected}
			multiple
			isSearchable
			showClearButton
			onChange={(value) => {
				setSelected(value as SelectedOption[]);
				onChange(value as SelectedOption[]);
			}}
		/>
	);
}

describe('SelectControl', () => {
	it('filters by label and keywords and announces the count', () => {
		render(<Multi onChange={jest.fn()} />);
		const input = screen.getByRole('combobox', { name: 'Fruit' });
		fireEvent.focus(input);
		fireEvent.change(input, { target: { value: 'an' } });
		expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Banana']);
		expect(screen.getByRole('status')).toHaveTextContent(
			'1 result found, use up and down arrow keys to navigate.',
		);
		fireEvent.change(input, { target: { value: 'fruit' } });
		expect(screen.getByRole('option', { name: 'Apple' })).toBeInTheDocument();
		fireEvent.change(input, { target: { value: 'zzz' } });
		expect(screen.queryAllByRole('option')).toHaveLength(0);
		expect(screen.getByRole('status')).toHaveTextContent('No results');
	});

	it('moves with the arrow keys (wrapping), picks with Enter and removes with Backspace', () => {
		const onChange = jest.fn();
		render(<Multi onChange={onChange} />);
		const input = screen.getByRole('combobox', { name: 'Fruit' });
		fireEvent.focus(input);
		fireEvent.change(input, { target: { value: 'a' } });
		fireEvent.keyDown(input, { key: 'ArrowUp' });
		expect(screen.getByRole('option', { name: 'Banana' })).toHaveAttribute(
			'aria-selected',
			'true',
		);
		fireEvent.keyDown(input, { key: 'ArrowDown' });
		expect(screen.getByRole('option', { name: 'Apple' })).toHaveAttribute(
			'aria-selected',
			'true',
		);
		fireEvent.keyDown(input, { key: 'Enter' });
		expect(onChange).toHaveBeenLastCalledWith([{ key: 'apple', label: 'Apple' }]);
		expect(screen.getByRole('button', { name: 'Remove Apple' })).toBeInTheDocument();
		// Picked options leave the list.
		fireEvent.change(input, { target: { value: 'a' } });
		expect(screen.queryByRole('option', { name: 'Apple' })).not.toBeInTheDocument();
		fireEvent.change(input, { target: { value: '' } });
		fireEvent.keyDown(input, { key: 'Backspace' });
		expect(onChange).toHaveBeenLastCalledWith([]);
	});

	it('closes on Escape and clears all', () => {
		const onChange = jest.fn();
		render(<Multi onChange={onChange} />);
		const input = screen.getByRole('combobox', { name: 'Fruit' });
		fireEvent.focus(input);
		fireEvent.change(input, { target: { value: 'c' } });
		fireEvent.click(screen.getByRole('option', { name: 'Cherry' }));
		fireEvent.change(input, { target: { value: 'b' } });
		expect(input).toHaveAttribute('aria-expanded', 'true');
		fireEvent.keyDown(input, { key: 'Escape' });
		expect(input).toHaveAttribute('aria-expanded', 'false');
		fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
		expect(onChange).toHaveBeenLastCalledWith([]);
	});

	it('returns a key when the selection is a key', () => {
		const onChange = jest.fn();
		render(
			<SelectControl label="Fruit" options={options} selected="banana" onChange={onChange} />,
		);
		const input = screen.getByRole('combobox', { name: 'Fruit' });
		expect(input).toHaveValue('Banana');
		fireEvent.click(input);
		fireEvent.click(screen.getByRole('option', { name: 'Cherry' }));
		expect(onChange).toHaveBeenCalledWith('cherry', undefined);
	});

	it('opens a read-only list with one mouse click and closes it with the next', async () => {
		const user = userEvent.setup();
		const onChange = jest.fn();
		render(
			<SelectControl label="Fruit" options={options} selected="banana" onChange={onChange} />,
		);
		const input = screen.getByRole('combobox', { name: 'Fruit' });
		await user.click(input);
		expect(input).toHaveAttribute('aria-expanded', 'true');
		expect(screen.getByRole('option', { name: 'Cherry' })).toBeInTheDocument();
		await user.click(input);
		expect(input).toHaveAttribute('aria-expanded', 'false');
		await user.click(input);
		await user.click(screen.getByRole('option', { name: 'Apple' }));
		expect(onChange).toHaveBeenCalledWith('apple', undefined);
	});

	it('moves between tags and the input with left and right', () => {
		const onChange = jest.fn();
		render(<Multi onChange={onChange} />);
		const input = screen.getByRole('combobox', { name: 'Fruit' });
		fireEvent.focus(input);
		for (const text of ['ap', 'ban']) {
			fireEvent.change(input, { target: { value: text } });
			fireEvent.click(screen.getAllByRole('option')[0]);
		}
		input.focus();
		fireEvent.keyDown(input, { key: 'ArrowLeft' });
		expect(screen.getByRole('button', { name: 'Remove Banana' })).toHaveFocus();
		fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
		expect(screen.getByRole('button', { name: 'Remove Apple' })).toHaveFocus();
		fireEvent.keyDown(document.activeElement as Element, { key: 'Delete' });
		expect(onChange).toHaveBeenLastCalledWith([{ key: 'banana', label: 'Banana' }]);
		screen.getByRole('button', { name: 'Remove Banana' }).focus();
		fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
		expect(input).toHaveFocus();
	});
});
