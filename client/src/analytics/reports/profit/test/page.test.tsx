/**
 * The Profit page's own parts: with WooCommerce's analytics (no profit route) it explains that it
 * needs the Abacus engine; otherwise it names the products sold without a cost with links to set
 * them, and a failed load says so with Retry; someone who may not record costs is offered to see
 * them, and the cost editor shows them read-only; margins have 2 decimals in the table.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import * as data from '@abacus/data';
import { resetSettingsForTests, setSettingsForTests } from '@abacus/settings';

import { renderWithStores, stubApiFetch, wpError } from '../../../../screens/test/harness.js';
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

/** The page's user: a shop manager (manage_woocommerce) or a reports viewer. */
const asUser = (manage: boolean) =>
	setSettingsForTests({
		currentUserData: {
			id: 1,
			username: 'u',
			name: 'U',
			email: 'u@example.com',
			capabilities: { view_woocommerce_reports: true, manage_woocommerce: manage },
		},
	});

afterEach(() => resetSettingsForTests());

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
		asUser(true);
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

	it('offers a reader to see the costs, read-only, without Save cost', async () => {
		asUser(false);
		stubApiFetch((call) => {
			if (call.route === 'wc-analytics/reports/profit/missing-costs') {
				return {
					body: {
						count: 1,
						products: [{ product_id: 7, variation_id: 0, name: 'Mug', items_sold: 3 }],
					},
				};
			}
			if (call.route === 'abacus/v1/costs') {
				return {
					body: {
						product: { id: 7, name: 'Mug', type: 'simple', price: 12, cost: 4 },
						variations: [],
						history: [
							{
								product_id: 7,
								variation_id: 0,
								cost: 4,
								date_from: '2026-01-01',
								source: 'abacus',
							},
						],
					},
				};
			}
			if (call.route === 'wc-analytics/reports/profit') {
				return {
					body: [
						{
							product_id: 7,
							name: 'Mug',
							net_revenue: 100,
							cost: 57.9,
							gross_profit: 42.1,
							margin: 42.1,
							items_sold: 3,
							orders_count: 2,
							items_without_cost: 0,
							cost_status: 'complete',
						},
						{
							product_id: 8,
							name: 'Cup',
							net_revenue: 100,
							cost: 51.83,
							gross_profit: 48.17,
							margin: 48.17,
							items_sold: 2,
							orders_count: 1,
							items_without_cost: 0,
							cost_status: 'complete',
						},
					],
					headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '1' },
				};
			}
			return { body: [] };
		});
		renderWithStores(
			<ProfitReport path="/analytics/profit" query={{ ...QUERY, edit_cost: '7' }} />,
			...stores,
		);
		// Behind the open editor (hidden from the accessibility tree while it is open).
		expect((await screen.findByText('See the costs of Mug')).closest('a')).toHaveAttribute(
			'href',
			expect.stringContaining('edit_cost=7'),
		);
		// Margins with 2 decimals, whatever the server's rounding (42.1 and 48.17).
		expect(await screen.findByText('42.10%')).toBeInTheDocument();
		expect(screen.getByText('48.17%')).toBeInTheDocument();
		expect(await screen.findByRole('heading', { name: 'Costs of Mug' })).toBeInTheDocument();
		expect(screen.getByText(/You can see these costs but not change them/)).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Save cost' })).not.toBeInTheDocument();
	});
});
