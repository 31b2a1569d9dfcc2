/**
 * The Profit page's own parts: with WooCommerce's analytics (no profit route) it explains that it
 * needs the Abacus engine; otherwise it names the products sold without a cost with links to set
 * them, and a failed load says so with Retry.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import * as data from '@abacus/data';

import { renderWithStores, stubApiFetch, wpError } from '../../../../helpers/test/harness.js';
import ProfitReport from '../index.js';

jest.setTimeout(30000);

const stores = [
	data.reportsStore,
	data.itemsStore,
	data.optionsStore,
	data.userStore,
	data.settingsStore,
	data.exportStore,
	data.importStore,
	data.navigationStore,
	data.notesStore,
];

const QUERY = {
	period: 'custom',
	after: '2026-10-01',
	before: '2026-10-31',
	compare: 'previous_year',
};

describe('Profit page', () => {
	it('explains that it needs the Abacus engine when the reports have no profit route', async () => {
		stubApiFetch(() =>
			wpError(
				404,
				'rest_no_route',
				'No route was found matching the URL and request method.',
			),
		);
		renderWithStores(<ProfitReport path="/analytics/profit" query={QUERY} />, ...stores);
		expect(
			await screen.findByRole('heading', { name: 'Profit needs the Abacus engine' }),
		).toBeInTheDocument();
		expect(screen.getByRole('link', { name: 'Open Analytics settings' })).toHaveAttribute(
			'href',
			expect.stringContaining('path=%2Fanalytics%2Fsettings'),
		);
	});

	it('names the products sold without a cost, with a link to set each; a failed load has Retry', async () => {
		let fail = true;
		stubApiFetch((call) => {
			if (call.route === 'wc-analytics/reports/profit/missing-costs') {
				if (fail) return wpError(500, 'boom', 'Database unavailable');
				return {
					body: {
						count: 2,
						products: [
							{ product_id: 7, variation_id: 0, name: 'Mug', items_sold: 3 },
							{ product_id: 9, variation_id: 91, name: 'Tee - XL', items_sold: 1 },
						],
					},
				};
			}
			return { body: [] };
		});
		renderWithStores(<ProfitReport path="/analytics/profit" query={QUERY} />, ...stores);
		expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
		fail = false;
		await userEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
		expect(
			await screen.findByText(/2 products sold in this period have no cost/),
		).toBeInTheDocument();
		expect(screen.getByRole('link', { name: 'Set the cost of Mug' })).toHaveAttribute(
			'href',
			expect.stringContaining('edit_cost=7'),
		);
		expect(screen.getByRole('link', { name: 'Set the cost of Tee - XL' })).toHaveAttribute(
			'href',
			expect.stringContaining('edit_cost=9'),
		);
	});
});
