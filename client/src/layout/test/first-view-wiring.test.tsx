/**
 * A report page's loader waits for its first view before the page is drawn: asked with the
 * page's query, and the report drawn only once it has settled.
 */
import { act, render, screen } from '@testing-library/react';
import { select, subscribe } from '@wordpress/data';
import type { AnySelect } from '@abacus/data';

import { resetHistory } from '@abacus/navigation';

import type { FirstView } from '../../base/first-view.js';
import { stubApiFetch } from '../../screens/test/harness.js';
import { Layout, startPage } from '../layout.js';

const waits: Array<{ firstView: FirstView; query: Record<string, unknown>; settle: () => void }> =
	[];

jest.mock('../../base/first-view.js', () => ({
	...jest.requireActual('../../base/first-view.js'),
	waitForFirstView: (firstView: FirstView, query: Record<string, unknown>) =>
		new Promise<void>((settle) => waits.push({ firstView, query, settle })),
}));

jest.setTimeout(30000);

describe('a report page’s loader', () => {
	it('draws the report once its first view has settled, asked with the page’s query', async () => {
		stubApiFetch(() => ({ body: [] }));
		window.history.replaceState(
			{},
			'',
			'/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Frevenue&period=last_week&compare=previous_period',
		);
		resetHistory();
		render(<Layout />);
		await act(async () => {
			for (let tries = 0; tries < 100 && waits.length === 0; tries++) {
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
		});
		expect(waits).toHaveLength(1);
		const { default: RevenueReport } = await import('../../analytics/reports/revenue/index.js');
		expect(waits[0].firstView).toBe(RevenueReport.firstView);
		expect(waits[0].query).toMatchObject({ period: 'last_week', compare: 'previous_period' });
		// Not drawn while its first view is awaited: the loading frame only.
		expect(document.querySelector('.abacus-report')).toBeNull();
		expect(document.querySelector('.abacus-layout__loading')).not.toBeNull();
		await act(async () => waits[0].settle());
		expect(await screen.findByRole('button', { name: 'Save view' })).toBeInTheDocument();
		expect(document.querySelector('.abacus-report--revenue')).not.toBeNull();
	});

	it('a report opened first: its first view asked before the app is drawn, then the app drawn once, with the report', async () => {
		stubApiFetch(() => ({ body: [] }));
		window.history.replaceState(
			{},
			'',
			'/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Fproducts&period=last_month',
		);
		resetHistory();
		const asked = waits.length;
		const page = startPage({
			select: select as unknown as AnySelect,
			subscribe: subscribe as (listener: () => void) => () => void,
		});
		expect(page).not.toBeNull();
		await act(async () => {
			for (let tries = 0; tries < 100 && waits.length === asked; tries++) {
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
		});
		expect(waits).toHaveLength(asked + 1);
		const { default: ProductsReport } =
			await import('../../analytics/reports/products/index.js');
		expect(waits[asked].firstView).toBe(ProductsReport.firstView);
		expect(waits[asked].query).toMatchObject({ period: 'last_month' });
		await act(async () => {
			waits[asked].settle();
			await page;
		});
		render(<Layout />);
		// Drawn at once with the report: no loading frame first.
		expect(document.querySelector('.abacus-layout__loading')).toBeNull();
		expect(document.querySelector('.abacus-report--products')).not.toBeNull();
	});

	it('starts nothing before the app for a page that is no report', () => {
		window.history.replaceState(
			{},
			'',
			'/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Foverview',
		);
		resetHistory();
		expect(
			startPage({
				select: select as unknown as AnySelect,
				subscribe: subscribe as (listener: () => void) => () => void,
			}),
		).toBeNull();
	});
});
