import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { exportStore } from '@abacus/data';

import { ExportProgress, downloadHref } from '../export-progress.js';
import { renderWithStores, stubApiFetch, wpError } from '../../../screens/test/harness.js';
import type { Answer, Call } from '../../../screens/test/harness.js';

const STATUS = 'wc-analytics/reports/orders/export/42/status';

function answers(sequence: Answer[]): (call: Call) => Answer {
	let i = 0;
	return (call) => {
		if (call.route === STATUS) {
			const answer = sequence[Math.min(i, sequence.length - 1)];
			i += 1;
			return answer;
		}
		return { body: { status: 'success' } };
	};
}

function renderProgress(onClose = jest.fn(), onRetry = jest.fn()) {
	return renderWithStores(
		<ExportProgress
			type="orders"
			title="Orders"
			exportId="42"
			formatNumber={(n) => n.toLocaleString('en-US')}
			onClose={onClose}
			onRetry={onRetry}
		/>,
		exportStore,
	);
}

describe('ExportProgress', () => {
	jest.setTimeout(30000);
	const clicks: string[] = [];
	beforeEach(() => {
		clicks.length = 0;
		(window as unknown as { abacusSettings: unknown }).abacusSettings = { restNonce: 'n0nce' };
		// jsdom cannot navigate: record what the browser would download.
		jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
			this: HTMLAnchorElement,
		) {
			clicks.push(this.getAttribute('href') ?? '');
		});
	});
	afterEach(() => jest.restoreAllMocks());

	it('shows the progress, then downloads the file with the nonce and keeps a Download link', async () => {
		stubApiFetch(
			answers([
				{ body: { percent_complete: 40, rows_exported: 40_000, total_rows: 100_000 } },
				{
					body: {
						percent_complete: 100,
						rows_exported: 100_000,
						total_rows: 100_000,
						download_url:
							'/wp-json/wc-analytics/reports/orders/export/42/download?filename=wc-orders-report-export-42',
					},
				},
			]),
		);
		renderProgress();
		expect(await screen.findByText('40% (40,000 of 100,000 rows)')).toBeInTheDocument();
		expect(
			screen.getByRole('progressbar', { name: 'Preparing the Orders report file' }),
		).toHaveAttribute('aria-valuenow', '40');
		const link = await screen.findByRole('link', { name: 'Download file' }, { timeout: 5000 });
		const href =
			'/wp-json/wc-analytics/reports/orders/export/42/download?filename=wc-orders-report-export-42&_wpnonce=n0nce';
		expect(link).toHaveAttribute('href', href);
		expect(screen.getByText(/Your Orders report is ready: 100,000 rows\./)).toBeInTheDocument();
		expect(clicks).toEqual([href]);
	});

	it('cancels the export on the server', async () => {
		const calls = stubApiFetch(answers([{ body: { percent_complete: 5, total_rows: 10 } }]));
		const onClose = jest.fn();
		renderProgress(onClose);
		await userEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));
		expect(calls.some((c) => c.method === 'DELETE' && c.route.endsWith('/export/42'))).toBe(
			true,
		);
		expect(onClose).toHaveBeenCalled();
	});

	it('says the file will be e-mailed where the site has no status to follow', async () => {
		stubApiFetch(answers([wpError(404, 'rest_no_route', 'No route was found.')]));
		renderProgress();
		expect(
			await screen.findByText('Your Orders Report will be emailed to you.'),
		).toBeInTheDocument();
	});

	it('shows a failure with Try again', async () => {
		stubApiFetch(
			answers([
				wpError(
					410,
					'woocommerce_admin_reports_export_expired',
					'This export has expired; export the report again.',
				),
			]),
		);
		const onRetry = jest.fn();
		renderProgress(jest.fn(), onRetry);
		expect(
			await screen.findByText('This export has expired; export the report again.'),
		).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
		expect(onRetry).toHaveBeenCalled();
	});

	it('adds the nonce only to the API address', () => {
		expect(downloadHref('/wp-json/x?a=1', 'n')).toBe('/wp-json/x?a=1&_wpnonce=n');
		expect(downloadHref('/wp-admin/admin.php?action=x', 'n')).toBe(
			'/wp-admin/admin.php?action=x',
		);
	});
});
