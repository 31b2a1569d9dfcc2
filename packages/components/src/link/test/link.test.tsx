import { fireEvent, render, screen } from '@testing-library/react';

import { getHistory, resetHistory } from '@abacus/navigation';
import { setSettingsForTests } from '@abacus/settings';

import { Link } from '../index.js';

describe('Link', () => {
	beforeEach(() => {
		setSettingsForTests({ adminUrl: 'http://shop.test/wp-admin/' });
		resetHistory();
		window.history.replaceState({}, '', '/wp-admin/admin.php?page=abacus');
	});
	afterEach(() => setSettingsForTests());

	it('navigates inside the app on a plain click of a wc-admin link', () => {
		render(<Link href="/analytics/orders">Orders</Link>);
		const link = screen.getByRole('link', { name: 'Orders' });
		expect(link).toHaveAttribute('data-link-type', 'wc-admin');
		expect(link.getAttribute('href')).toContain(
			'admin.php?page=abacus&path=%2Fanalytics%2Forders',
		);
		fireEvent.click(link);
		expect(getHistory().location.pathname).toBe('/analytics/orders');
	});

	it('lets the browser handle modified clicks', () => {
		render(<Link href="/analytics/orders">Orders</Link>);
		const link = screen.getByRole('link', { name: 'Orders' });
		const notPrevented = fireEvent.click(link, { metaKey: true });
		expect(notPrevented).toBe(true);
		expect(getHistory().location.pathname).toBe('/');
	});

	it('builds wp-admin and external addresses', () => {
		render(
			<>
				<Link href="edit.php?post_type=product" type="wp-admin">
					Products
				</Link>
				<Link href="https://example.org/" type="external">
					Docs
				</Link>
			</>,
		);
		expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute(
			'href',
			'http://shop.test/wp-admin/edit.php?post_type=product',
		);
		expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute(
			'href',
			'https://example.org/',
		);
	});

	it('cancels when onClick returns false', () => {
		render(
			<Link href="/analytics/taxes" onClick={() => false}>
				Taxes
			</Link>,
		);
		fireEvent.click(screen.getByRole('link', { name: 'Taxes' }));
		expect(getHistory().location.pathname).toBe('/');
	});
});
