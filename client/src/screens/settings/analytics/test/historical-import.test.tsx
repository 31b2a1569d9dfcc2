import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { importStore } from '@abacus/data';

import { HistoricalImport } from '../historical-import.js';
import { renderWithStores, stubApiFetch } from '../../../test/harness.js';
import type { Answer, Call } from '../../../test/harness.js';

describe('Import historical data', () => {
	jest.setTimeout(30000);

	it('polls the progress while an import runs, with Stop, until it is complete', async () => {
		const statuses: Answer[] = [
			{ body: {} },
			{
				body: {
					is_importing: true,
					imported_from: -1,
					orders: { imported: 0, total: 300 },
					customers: { imported: 0, total: 40 },
				},
			},
			{
				body: {
					is_importing: true,
					imported_from: -1,
					orders: { imported: 100, total: 300 },
					customers: { imported: 20, total: 40 },
				},
			},
			{
				body: {
					is_importing: false,
					imported_from: -1,
					orders: { imported: 300, total: 300 },
					customers: { imported: 40, total: 40 },
				},
			},
		];
		let reads = 0;
		const calls = stubApiFetch((call: Call) => {
			if (call.route === 'wc-analytics/reports/import/status') {
				const answer = statuses[Math.min(reads, statuses.length - 1)];
				reads += 1;
				return answer;
			}
			return { body: { status: 'success', message: 'Report table data is being rebuilt.' } };
		});
		renderWithStores(<HistoricalImport />, importStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
		expect(await screen.findByText('Importing…')).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Stop import' })).toBeInTheDocument();
		expect(
			await screen.findByText('Orders: 100 of 300 imported', undefined, { timeout: 5000 }),
		).toBeInTheDocument();
		expect(screen.getByRole('progressbar', { name: 'Customers' })).toHaveAttribute(
			'aria-valuenow',
			'20',
		);
		expect(
			await screen.findByText('Import complete.', undefined, { timeout: 5000 }),
		).toBeInTheDocument();
		expect(screen.getByText('Orders: 300 of 300 imported')).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Stop import' })).not.toBeInTheDocument();
		expect(calls.filter((c) => c.method === 'POST').map((c) => c.route)).toEqual([
			'wc-analytics/reports/import',
		]);
	});

	it('stops a running import and deletes imported data after confirmation', async () => {
		let importing = true;
		const calls = stubApiFetch((call: Call) => {
			if (call.route === 'wc-analytics/reports/import/status')
				return {
					body: {
						is_importing: importing,
						orders: { imported: 10, total: 300 },
						customers: { imported: 5, total: 40 },
					},
				};
			if (call.route === 'wc-analytics/reports/import/cancel') importing = false;
			return {
				body: {
					status: 'success',
					message:
						call.route === 'wc-analytics/reports/import/cancel'
							? 'All pending and in-progress import actions have been cancelled.'
							: 'Report table data is being deleted.',
				},
			};
		});
		renderWithStores(<HistoricalImport />, importStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Stop import' }));
		expect(
			await screen.findByText(
				'All pending and in-progress import actions have been cancelled.',
			),
		).toBeInTheDocument();
		expect(await screen.findByText('Import stopped.')).toBeInTheDocument();
		await userEvent.click(
			screen.getByRole('button', { name: 'Delete previously imported data' }),
		);
		await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
		expect(await screen.findByText('Report table data is being deleted.')).toBeInTheDocument();
		expect(calls.filter((c) => c.method === 'POST').map((c) => c.route)).toEqual([
			'wc-analytics/reports/import/cancel',
			'wc-analytics/reports/import/delete',
		]);
	});

	it('explains where a store’s history comes from when the engine does not import it', async () => {
		const calls = stubApiFetch((call: Call) =>
			call.route === 'wc-analytics/reports/import/status'
				? {
						status: 501,
						body: {
							code: 'abacus_not_supported_on_engine',
							message: 'GET /wc-analytics/reports/import/status is not answered.',
							data: { status: 501 },
						},
					}
				: { body: {} },
		);
		renderWithStores(<HistoricalImport />, importStore);
		expect(await screen.findByText(/loaded into the engine’s cluster/)).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
		expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
	});

	it('shows a loaded store’s report data on a many-store engine, with nothing to start or delete', async () => {
		const calls = stubApiFetch((call: Call) =>
			call.route === 'wc-analytics/reports/import/status'
				? {
						body: {
							customers: { imported: 1250, total: 1250 },
							orders: { imported: 10432, total: 10432 },
							imported_from: -1,
							is_importing: false,
							source: 'cluster',
						},
					}
				: { body: {} },
		);
		renderWithStores(<HistoricalImport />, importStore);
		expect(await screen.findByText(/loaded into the engine’s cluster/)).toBeInTheDocument();
		expect(
			screen.getByText(
				'The engine’s report data of this store: 10,432 orders and refunds, 1,250 customers.',
			),
		).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
		expect(
			screen.queryByRole('button', { name: 'Delete previously imported data' }),
		).not.toBeInTheDocument();
		expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
	});
});
