import { fireEvent, render, screen } from '@testing-library/react';

import { EllipsisMenu, MenuItem, MenuTitle } from '../index.js';

describe('EllipsisMenu', () => {
	it('renders nothing without content', () => {
		const { container } = render(<EllipsisMenu label="Options" />);
		expect(container).toBeEmptyDOMElement();
	});

	it('opens a menu of checkbox and clickable items', async () => {
		const onToggleColumn = jest.fn();
		const onReset = jest.fn();
		render(
			<EllipsisMenu
				label="Options"
				renderContent={() => (
					<>
						<MenuTitle>Columns:</MenuTitle>
						<MenuItem isCheckbox checked onInvoke={onToggleColumn}>
							Orders
						</MenuItem>
						<MenuItem isClickable onInvoke={onReset}>
							Reset
						</MenuItem>
					</>
				)}
			/>,
		);
		const toggle = screen.getByRole('button', { name: 'Options' });
		expect(toggle).toHaveAttribute('aria-expanded', 'false');
		fireEvent.click(toggle);
		expect(await screen.findByText('Columns:')).toBeInTheDocument();
		const item = screen.getByRole('menuitemcheckbox', { name: 'Orders' });
		expect(item).toHaveAttribute('aria-checked', 'true');
		fireEvent.keyDown(item, { key: 'Enter' });
		expect(onToggleColumn).toHaveBeenCalledTimes(1);
		fireEvent.click(screen.getByRole('menuitem', { name: 'Reset' }));
		expect(onReset).toHaveBeenCalledTimes(1);
	});
});
