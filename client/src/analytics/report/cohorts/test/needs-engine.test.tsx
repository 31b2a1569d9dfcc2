/**
 * Inside WordPress with WooCommerce's own analytics (no Abacus engine configured), "When orders
 * come" and "Cohorts" say that they need the Abacus engine and how to connect it, and ask nothing
 * of WordPress; the Customers page then shows no lifetime tiles.
 */
import { render, screen } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';

import OrderTimesReport from '../../order-times/index.js';
import CohortsReport from '../index.js';

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
])('%s explains that it needs the Abacus engine', (_name, Page, path) => {
	render(<Page path={path} query={{}} />);
	const region = screen.getByRole('region');
	expect(region.textContent).toMatch(/need(s)? the Abacus engine/);
	expect(region.textContent).toContain('npm run connect');
	expect(screen.getByRole('link', { name: 'Open Analytics settings' })).toBeTruthy();
	expect(fetchSpy).not.toHaveBeenCalled();
});
