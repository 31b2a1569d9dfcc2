import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';

import { SearchListControl, buildTermsTree } from '../index.js';
import type { SearchListItemData } from '../index.js';

const categories: SearchListItemData[] = [
	{ id: 1, name: 'Clothing', count: 12 },
	{ id: 2, name: 'Shirts', parent: 1, count: 5 },
	{ id: 3, name: 'Linen shirts', parent: 2, count: 2 },
	{ id: 4, name: 'Music', count: 3 },
	{ id: 5, name: 'Orphan', parent: 99 },
];

function Controlled({
	list = categories,
	isSingle = false,
	isHierarchical = false,
	onChange = () => {},
}: {
	list?: SearchListItemData[];
	isSingle?: boolean;
	isHierarchical?: boolean;
	onChange?: (selected: SearchListItemData[]) => void;
}) {
	const [selected, setSelected] = useState<SearchListItemData[]>([]);
	return (
		<SearchListControl
			list={list}
			selected={selected}
			isSingle={isSingle}
			isHierarchical={isHierarchical}
			onChange={(next) => {
				setSelected(next);
				onChange(next);
			}}
		/>
	);
}

describe('buildTermsTree', () => {
	it('nests by parent with breadcrumbs and appends orphans at the top', () => {
		const tree = buildTermsTree(categories);
		expect(tree.map((item) => item.name)).toEqual(['Clothing', 'Music', 'Orphan']);
		const linen = tree[0].children?.[0].children?.[0];
		expect(linen?.name).toBe('Linen shirts');
		expect(linen?.breadcrumbs).toEqual(['Clothing', 'Shirts']);
	});
});

describe('SearchListControl', () => {
	it('selects several items, shows them as tags and clears them', () => {
		const onChange = jest.fn();
		render(<Controlled onChange={onChange} />);
		expect(screen.getByText('0 items selected')).toBeInTheDocument();
		fireEvent.click(screen.getByRole('checkbox', { name: 'Music' }));
		fireEvent.click(screen.getByRole('checkbox', { name: 'Clothing' }));
		expect(screen.getByText('2 items selected')).toBeInTheDocument();
		expect(onChange).toHaveBeenLastCalledWith([
			expect.objectContaining({ id: 4 }),
			expect.objectContaining({ id: 1 }),
		]);
		fireEvent.click(screen.getByRole('button', { name: 'Remove Music' }));
		expect(screen.getByText('1 item selected')).toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: 'Clear all selected items' }));
		expect(onChange).toHaveBeenLastCalledWith([]);
		expect(screen.getByRole('checkbox', { name: 'Clothing' })).not.toBeChecked();
	});

	it('offers one choice with radio buttons when single', () => {
		const onChange = jest.fn();
		render(<Controlled isSingle onChange={onChange} />);
		fireEvent.click(screen.getByRole('radio', { name: 'Music' }));
		fireEvent.click(screen.getByRole('radio', { name: 'Clothing' }));
		expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 1 })]);
		expect(screen.getByRole('radio', { name: 'Music' })).not.toBeChecked();
	});

	it('shows counts, breadcrumbs while searching, and announces the update', () => {
		render(<Controlled isHierarchical />);
		const list = screen.getByRole('list', { name: 'Items' });
		expect(within(list).getAllByRole('checkbox')).toHaveLength(5);
		expect(screen.getByLabelText('12 items')).toHaveTextContent('12');
		fireEvent.change(screen.getByLabelText('Search for items'), { target: { value: 'linen' } });
		const linen = screen.getByRole('checkbox', { name: /Linen shirts/ });
		expect(linen.closest('li')).toHaveTextContent('Clothing › Shirts › Linen shirts');
		expect(screen.getAllByRole('checkbox')).toHaveLength(1);
		expect(screen.getByRole('status')).toHaveTextContent('Search results updated.');
	});

	it('says when nothing matches and when the list is empty', () => {
		const { unmount } = render(<Controlled />);
		fireEvent.change(screen.getByLabelText('Search for items'), { target: { value: 'zzz' } });
		expect(screen.getByText('No results for zzz')).toBeInTheDocument();
		unmount();
		render(<Controlled list={[]} />);
		expect(screen.getByText('No items found.')).toBeInTheDocument();
	});
});
