import { act, fireEvent, render, screen, within } from '@testing-library/react';

import { resetHistory } from '@abacus/navigation';

import { fakeUser } from '../../analytics/saved-views/test/fake-user.js';
import { Layout } from '../layout.js';

describe('Layout', () => {
	beforeEach(() => {
		window.history.replaceState(
			{},
			'',
			'/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Fnowhere&period=last_week&compare=previous_period&orderby=net_revenue',
		);
		// Other modules may have read the address before this test set it.
		resetHistory();
	});

	it('shows a helpful not-found page for an unknown path', () => {
		render(<Layout />);
		expect(screen.getAllByText('Page not found').length).toBeGreaterThan(0);
		expect(
			screen.getByText(/There is no Analytics page at “\/analytics\/nowhere”/),
		).toBeInTheDocument();
	});

	it('carries the persisted time query on report links but not on stock, customers or settings', () => {
		render(<Layout />);
		const menu = screen.getByRole('navigation', { name: 'Analytics menu' });
		const revenue =
			within(menu).getByRole('link', { name: 'Revenue' }).getAttribute('href') ?? '';
		expect(revenue).toContain('path=%2Fanalytics%2Frevenue');
		expect(revenue).toContain('period=last_week');
		expect(revenue).toContain('compare=previous_period');
		expect(revenue).not.toContain('orderby');
		const stock = within(menu).getByRole('link', { name: 'Stock' }).getAttribute('href') ?? '';
		expect(stock).toContain('path=%2Fanalytics%2Fstock');
		expect(stock).not.toContain('period=');
		expect(within(menu).getAllByRole('link')).toHaveLength(19);
	});

	it('roots the breadcrumbs in “Analytics” on the standalone page', () => {
		window.history.replaceState({}, '', '/?page=abacus&path=%2Fanalytics%2Forders');
		resetHistory();
		render(<Layout />);
		const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
		expect(
			within(crumbs)
				.getAllByRole('listitem')
				.map((item) => item.textContent),
		).toEqual(['Analytics', 'Orders']);
	});

	it('opens the menu from the Menu button and closes it with Escape, focus back on the button', async () => {
		render(<Layout />);
		const button = screen.getByRole('button', { name: 'Menu' });
		expect(button).toHaveAttribute('aria-expanded', 'false');
		const drawer = document.getElementById(button.getAttribute('aria-controls') ?? '');
		expect(drawer).not.toBeNull();
		expect(drawer).toContainElement(screen.getByRole('navigation', { name: 'Analytics menu' }));
		act(() => button.click());
		expect(button).toHaveAttribute('aria-expanded', 'true');
		expect(document.querySelector('.abacus-layout')).toHaveClass('is-menu-open');
		// The focus moves into the menu: its first link.
		expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Overview' }));
		fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
		expect(button).toHaveAttribute('aria-expanded', 'false');
		expect(document.querySelector('.abacus-layout')).not.toHaveClass('is-menu-open');
		expect(document.activeElement).toBe(button);
	});

	describe('inside WordPress’s admin page', () => {
		let adminMenu: HTMLElement;
		beforeEach(() => {
			adminMenu = document.createElement('div');
			adminMenu.id = 'adminmenumain';
			document.body.appendChild(adminMenu);
		});
		afterEach(() => adminMenu.remove());

		it('shows no menu of its own beside WordPress’s: saved views in one dropdown, no store pages', async () => {
			fakeUser([
				{
					id: 'view-1',
					name: 'Refunds last month',
					path: '/analytics/orders',
					query: { period: 'last_month', filter: 'advanced', status_is: 'refunded' },
				},
			]);
			render(<Layout />);
			expect(
				screen.queryByRole('navigation', { name: 'Analytics menu' }),
			).not.toBeInTheDocument();
			expect(document.querySelector('.abacus-layout__sidebar')).toBeNull();
			expect(document.querySelector('.abacus-layout')).toHaveClass('is-inside-wordpress');
			expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
			const button = screen.getByRole('button', { name: 'Saved views' });
			expect(button).toHaveAttribute('aria-expanded', 'false');
			const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
			expect(panel).not.toBeVisible();
			act(() => button.click());
			expect(button).toHaveAttribute('aria-expanded', 'true');
			expect(panel).toBeVisible();
			const view = await within(panel as HTMLElement).findByRole('link', {
				name: 'Refunds last month',
			});
			expect(view.getAttribute('href')).toContain('path=%2Fanalytics%2Forders');
			expect(view.getAttribute('href')).toContain('status_is=refunded');
			// The store pages are in WordPress's menu, not in a second one here.
			expect(screen.queryByRole('link', { name: 'Inbox' })).not.toBeInTheDocument();
			expect(screen.queryByRole('heading', { name: 'Store' })).not.toBeInTheDocument();
			fireEvent.keyDown(view, { key: 'Escape' });
			expect(button).toHaveAttribute('aria-expanded', 'false');
			expect(panel).not.toBeVisible();
			expect(document.activeElement).toBe(button);
		});

		it('names the WordPress menu entry (“Abacus”) at the root of the breadcrumbs', () => {
			window.history.replaceState(
				{},
				'',
				'/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Frevenue&period=last_week',
			);
			resetHistory();
			render(<Layout />);
			const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
			expect(
				within(crumbs)
					.getAllByRole('listitem')
					.map((item) => item.textContent),
			).toEqual(['Abacus', 'Revenue']);
			expect(document.title).toBe('Revenue ‹ Abacus');
		});
	});
});
