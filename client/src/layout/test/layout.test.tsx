import { render, screen, within } from '@testing-library/react';

import { resetHistory } from '@abacus/navigation';

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
		expect(within(menu).getAllByRole('link')).toHaveLength(12);
	});
});
