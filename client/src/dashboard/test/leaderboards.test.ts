import { readCell } from '../leaderboards.js';

describe('readCell', () => {
	it('turns a report link of the server into an in-app link of this admin page', () => {
		const cell = readCell(
			"<a href='admin.php?page=wc-admin&#38;path=%2Fanalytics%2Fcustomers&#38;filter=single_customer&#38;customers=165'>Kofi Haddad</a>",
		);
		expect(cell.text).toBe('Kofi Haddad');
		expect(cell.href).toContain('page=abacus');
		expect(cell.href).toContain('path=%2Fanalytics%2Fcustomers');
		expect(cell.href).toContain('customers=165');
		expect(cell.href).not.toContain('wc-admin');
	});

	it('reads plain and price cells as text without a link', () => {
		expect(readCell('12')).toEqual({ text: '12', href: null });
		expect(
			readCell('<span class="woocommerce-Price-amount amount"><bdi>$1,020.00</bdi></span>'),
		).toEqual({ text: '$1,020.00', href: null });
	});
});
