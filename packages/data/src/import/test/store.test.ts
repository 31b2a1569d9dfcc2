import { registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { store } from '../index.js';
import { today } from '../reducer.js';

describe('import store', () => {
	it('starts idle with period all from today and skipPrevious', () => {
		const registry = registryWith(store);
		const importStore = registry.select(store);
		expect(importStore.getImportStarted()).toEqual({
			activeImport: false,
			lastImportStartTimestamp: 0,
		});
		expect(importStore.getFormSettings()).toEqual({
			period: { date: today(), label: 'all' },
			skipPrevious: true,
		});
		expect(importStore.getFormSettings()).toBe(importStore.getFormSettings());
		expect(today(new Date(2024, 0, 5))).toBe('01/05/2024');
	});

	it('records the start time, and a form change stops the active import', async () => {
		const registry = registryWith(store);
		const actions = registry.dispatch(store);
		await actions.setImportStarted(true, 1234);
		expect(registry.select(store).getImportStarted()).toEqual({
			activeImport: true,
			lastImportStartTimestamp: 1234,
		});
		await actions.setImportPeriod('custom-date', true);
		expect(registry.select(store).getImportStarted().activeImport).toBe(false);
		expect(registry.select(store).getFormSettings().period).toEqual({
			date: 'custom-date',
			label: 'custom',
		});
		await actions.setImportStarted(true, 5);
		await actions.setSkipPrevious(false);
		expect(registry.select(store).getImportStarted().activeImport).toBe(false);
		await actions.setImportPeriod('week');
		expect(registry.select(store).getFormSettings().period.label).toBe('week');
	});

	it('reads status without the timestamp and totals with the query', async () => {
		const calls = stubApiFetch((call) => ({
			body: call.route.endsWith('status')
				? { is_importing: true }
				: { customers: 3, orders: 10 },
		}));
		const registry = registryWith(store);
		await registry.dispatch(store).setImportStarted(true, 99);
		const status = await registry.resolveSelect(store).getImportStatus({ timestamp: 99 });
		expect(status).toEqual({ is_importing: true });
		expect(calls[0].path).toBe('/wc-analytics/reports/import/status');
		const totals = await registry
			.resolveSelect(store)
			.getImportTotals({ skip_existing: 1, days: 30 });
		expect(totals).toEqual({ customers: 3, orders: 10, lastImportStartTimestamp: 99 });
		expect(calls[1].query).toEqual({ skip_existing: '1', days: '30' });
	});

	it('records a read error per query', async () => {
		stubApiFetch(() => wpError(500, 'boom', 'Broken'));
		const registry = registryWith(store);
		await registry.resolveSelect(store).getImportStatus({ timestamp: 1 });
		expect(registry.select(store).getImportError({ timestamp: 1 })).toMatchObject({
			message: 'Broken',
		});
	});

	it('posts an import and keeps its error under the path', async () => {
		const path = '/wc-analytics/reports/import/cancel';
		const calls = stubApiFetch(() => wpError(500, 'boom', 'Cannot cancel'));
		const registry = registryWith(store);
		await expect(registry.dispatch(store).updateImportation(path)).rejects.toMatchObject({
			message: 'Cannot cancel',
		});
		expect(calls[0]).toMatchObject({ method: 'POST', route: path });
		expect(registry.select(store).getImportError(path)).toMatchObject({
			message: 'Cannot cancel',
		});
	});
});
