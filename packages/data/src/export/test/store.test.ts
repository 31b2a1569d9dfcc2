import { registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { store } from '../index.js';

const args = { after: '2024-01-01', before: '2024-01-31', orderby: 'date' };

describe('export store', () => {
	it('starts with nothing requested', () => {
		const registry = registryWith(store);
		expect(registry.select(store).getExportId('orders', args)).toBeUndefined();
		expect(
			registry.select(store).isExportRequesting('startExport', { type: 'orders', args }),
		).toBe(false);
	});

	it('starts an export and keeps its id under type and arguments', async () => {
		const calls = stubApiFetch(() => ({
			body: { export_id: 'abc', message: 'Your export is on its way.' },
		}));
		const registry = registryWith(store);
		const response = await registry.dispatch(store).startExport('orders', args);
		expect(response.export_id).toBe('abc');
		expect(calls[0]).toMatchObject({
			method: 'POST',
			route: '/wc-analytics/reports/orders/export',
			data: { report_args: args, email: true },
		});
		expect(
			registry.select(store).getExportId('orders', {
				orderby: 'date',
				before: '2024-01-31',
				after: '2024-01-01',
			}),
		).toBe('abc');
		expect(
			registry.select(store).isExportRequesting('startExport', { type: 'orders', args }),
		).toBe(false);
	});

	it("fails with the server's message when no export_id comes back", async () => {
		stubApiFetch(() => ({ body: { message: 'Export queue is full.' } }));
		const registry = registryWith(store);
		await expect(registry.dispatch(store).startExport('orders', args)).rejects.toMatchObject({
			message: 'Export queue is full.',
		});
		expect(
			registry.select(store).getError('startExport', { type: 'orders', args }),
		).toMatchObject({
			message: 'Export queue is full.',
		});
		expect(
			registry.select(store).isExportRequesting('startExport', { type: 'orders', args }),
		).toBe(false);
	});

	it('records a request failure', async () => {
		stubApiFetch(() => wpError(500, 'boom', 'Broken'));
		const registry = registryWith(store);
		await expect(registry.dispatch(store).startExport('taxes', {})).rejects.toMatchObject({
			message: 'Broken',
		});
		expect(
			registry.select(store).getError('startExport', { type: 'taxes', args: {} }),
		).toMatchObject({ code: 'boom' });
	});
});
