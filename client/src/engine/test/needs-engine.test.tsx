/**
 * Inside WordPress with WooCommerce's own analytics (no Abacus engine configured), the reports only
 * the engine computes ("When orders come", "Cohorts", "Profit", the breakdown reports) say that they
 * need the Abacus engine and how to connect it, and ask nothing of WordPress (WooCommerce has no such
 * routes: a request would be a 404); the Overview's Profit tiles stay away without a request.
 */
import { render, screen } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';

import OrderTimesReport from '../../analytics/reports/order-times/index.js';
import CohortsReport from '../../analytics/reports/cohorts/index.js';
import ProfitReport from '../../analytics/reports/profit/index.js';
import { createBreakdownPage } from '../../analytics/reports/breakdown/page.js';
import { ProfitTiles } from '../../dashboard/profit-tiles.js';

const PaymentMethodsReport = createBreakdownPage('payment-methods');

jest.setTimeout(60_000);

const fetchSpy = jest.fn(() => new Promise(() => undefined));

beforeAll(() => {
	(window as unknown as { abacusSettings: unknown }).abacusSettings = {
		restRoutes: {},
	};
	apiFetch.setFetchHandler(fetchSpy);
});

afterAll(() => {
	delete (window as unknown as { abacusSettings?: unknown }).abacusSettings;
});

it.each([
	['When orders come', OrderTimesReport, '/analytics/order-times'],
	['Cohorts', CohortsReport, '/analytics/cohorts'],
	['Profit', ProfitReport, '/analytics/profit'],
	['Payment methods', PaymentMethodsReport, '/analytics/payment-methods'],
])('%s explains that it needs the Abacus engine', (_name, Page, path) => {
	render(<Page path={path} query={{}} />);
	const region = screen.getByRole('region');
	expect(region.textContent).toMatch(/need(s)? the Abacus engine/);
	expect(region.querySelector('code')?.textContent).toMatch(/^npm run connect -- --store /);
	// Inside wp-admin the settings are under WordPress's "Abacus" menu.
	expect(region.textContent).toContain('In Abacus › Settings, under Analytics engine');
	expect(screen.getByRole('link', { name: 'Open Analytics settings' })).toBeTruthy();
	expect(fetchSpy).not.toHaveBeenCalled();
});

it('the Overview shows no Profit tiles and asks for none', () => {
	const { container } = render(<ProfitTiles query={{}} />);
	expect(container.textContent).toBe('');
	expect(fetchSpy).not.toHaveBeenCalled();
});
