import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { RegistryProvider } from '@wordpress/data';
import type { ReactNode } from 'react';

import { useOptions, withOptionsHydration } from '../options/hooks.js';
import { store as optionsStore } from '../options/index.js';
import { useReportStats } from '../reports/hooks.js';
import { store as reportsStore } from '../reports/index.js';
import { useSettings } from '../settings/hooks.js';
import { store as settingsStore } from '../settings/index.js';
import { useUser, useUserPreferences } from '../user/hooks.js';
import { store as userStore } from '../user/index.js';
import { registryWith, stubApiFetch, wpError, type StubCall } from './helpers.js';

function wrapperFor(registry: ReturnType<typeof registryWith>) {
	return function Wrapper({ children }: { children: ReactNode }) {
		return <RegistryProvider value={registry}>{children}</RegistryProvider>;
	};
}

const user = {
	id: 1,
	name: 'Ada',
	capabilities: { manage_woocommerce: true },
	woocommerce_meta: {
		revenue_report_columns: '["orders"]',
		dashboard_chart_type: '',
		homepage_layout: '{broken',
	},
};

describe('useReportStats', () => {
	it('goes from resolving to success with the stats', async () => {
		stubApiFetch(() => ({
			body: { totals: { orders_count: 3 }, intervals: [] },
			headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' },
		}));
		const registry = registryWith(reportsStore);
		const query = { interval: 'day' };
		const { result } = renderHook(() => useReportStats('orders', query), {
			wrapper: wrapperFor(registry),
		});
		expect(['idle', 'resolving']).toContain(result.current.status);
		await waitFor(() => expect(result.current.status).toBe('success'));
		expect(result.current.data).toEqual({
			data: { totals: { orders_count: 3 }, intervals: [] },
			totalResults: 1,
			totalPages: 1,
		});
	});

	it('reports an error', async () => {
		stubApiFetch(() => wpError(400, 'rest_invalid_param', 'Invalid parameter(s): interval'));
		const registry = registryWith(reportsStore);
		const { result } = renderHook(() => useReportStats('orders', { interval: 'x' }), {
			wrapper: wrapperFor(registry),
		});
		await waitFor(() => expect(result.current.status).toBe('error'));
		expect(result.current.error?.message).toBe('Invalid parameter(s): interval');
	});
});

describe('useOptions', () => {
	it('reads several options with one request', async () => {
		const calls = stubApiFetch(() => ({ body: { a: 'x', b: false } }));
		const registry = registryWith(optionsStore);
		const { result } = renderHook(() => useOptions(['a', 'b']), {
			wrapper: wrapperFor(registry),
		});
		await waitFor(() => expect(result.current.status).toBe('success'));
		expect(result.current.data).toEqual({ a: 'x', b: false });
		expect(calls).toHaveLength(1);
	});
});

describe('withOptionsHydration', () => {
	it('renders preloaded options without a request', async () => {
		const calls = stubApiFetch(() => ({ body: {} }));
		const registry = registryWith(optionsStore);
		function Store() {
			const options = useOptions(['blogname']);
			return (
				<p>{options.status === 'success' ? String(options.data.blogname) : 'Loading'}</p>
			);
		}
		const Hydrated = withOptionsHydration({ blogname: 'Corner Shop' })(Store);
		render(
			<RegistryProvider value={registry}>
				<Hydrated />
			</RegistryProvider>,
		);
		expect(await screen.findByText('Corner Shop')).toBeInTheDocument();
		expect(calls).toHaveLength(0);
	});
});

describe('useUser', () => {
	it('gives the user and checks capabilities', async () => {
		stubApiFetch(() => ({ body: user }));
		const registry = registryWith(userStore);
		const { result } = renderHook(() => useUser(), { wrapper: wrapperFor(registry) });
		await waitFor(() => expect(result.current.status).toBe('success'));
		expect(result.current.user?.name).toBe('Ada');
		expect(result.current.currentUserCan('manage_woocommerce')).toBe(true);
		expect(result.current.currentUserCan('edit_users')).toBe(false);
		expect(result.current.isRequesting).toBe(false);
	});
});

describe('useUserPreferences', () => {
	let errorSpy: jest.SpyInstance;
	beforeEach(() => {
		errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
	});
	afterEach(() => errorSpy.mockRestore());

	it('decodes JSON values (empty or invalid → "")', async () => {
		stubApiFetch(() => ({ body: user }));
		const registry = registryWith(userStore);
		const { result } = renderHook(() => useUserPreferences(), {
			wrapper: wrapperFor(registry),
		});
		await waitFor(() => expect(result.current.status).toBe('success'));
		expect(result.current.revenue_report_columns).toEqual(['orders']);
		expect(result.current.dashboard_chart_type).toBe('');
		expect(result.current.homepage_layout).toBe('');
		expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('homepage_layout'));
	});

	it('saves JSON-encoded values and returns the decoded user', async () => {
		const calls: StubCall[] = stubApiFetch((call) =>
			call.method === 'GET'
				? { body: user }
				: {
						body: {
							...user,
							woocommerce_meta: {
								...user.woocommerce_meta,
								dashboard_chart_type: '"bar"',
							},
						},
					},
		);
		const registry = registryWith(userStore);
		const { result } = renderHook(() => useUserPreferences(), {
			wrapper: wrapperFor(registry),
		});
		await waitFor(() => expect(result.current.status).toBe('success'));
		let outcome: Awaited<ReturnType<typeof result.current.updateUserPreferences>> | undefined;
		await act(async () => {
			outcome = await result.current.updateUserPreferences({ dashboard_chart_type: 'bar' });
		});
		const save = calls.find((call) => call.method === 'POST');
		expect(save?.data).toEqual({ woocommerce_meta: { dashboard_chart_type: '"bar"' } });
		expect(outcome?.updatedUser?.woocommerce_meta.dashboard_chart_type).toBe('bar');
		expect(result.current.dashboard_chart_type).toBe('bar');
	});

	it('rejects an empty update and restores preferences when a save fails', async () => {
		stubApiFetch((call) =>
			call.method === 'GET' ? { body: user } : wpError(500, 'db', 'Save failed'),
		);
		const registry = registryWith(userStore);
		const { result } = renderHook(() => useUserPreferences(), {
			wrapper: wrapperFor(registry),
		});
		await waitFor(() => expect(result.current.status).toBe('success'));
		const empty = await result.current.updateUserPreferences({});
		expect(empty.updatedUser).toBeUndefined();
		expect(empty.error?.message).toBe('No preferences to update.');
		let failed: Awaited<ReturnType<typeof result.current.updateUserPreferences>> | undefined;
		await act(async () => {
			failed = await result.current.updateUserPreferences({ revenue_report_columns: [] });
		});
		expect(failed?.error?.message).toBe('Save failed');
		expect(result.current.revenue_report_columns).toEqual(['orders']);
	});
});

describe('useSettings', () => {
	it('reads a group, changes a key and saves only that key', async () => {
		const calls = stubApiFetch((call) =>
			call.method === 'GET'
				? { body: [{ id: 'woocommerce_store_city', value: 'Paris' }] }
				: { body: { update: [] } },
		);
		const registry = registryWith(settingsStore);
		const { result } = renderHook(() => useSettings('general', ['general']), {
			wrapper: wrapperFor(registry),
		});
		await waitFor(() => expect(result.current.status).toBe('success'));
		expect(result.current.general).toEqual({ woocommerce_store_city: 'Paris' });
		expect(result.current.isDirty).toBe(false);
		act(() => {
			result.current.updateSettings('woocommerce_store_city', 'Lyon');
		});
		expect(result.current.isDirty).toBe(false);
		expect(registry.select(settingsStore).getIsDirty('general')).toBe(true);
		await act(async () => {
			await result.current.persistSettings();
		});
		const save = calls.find((call) => call.method === 'POST');
		expect(save?.data).toEqual({ update: [{ id: 'woocommerce_store_city', value: 'Lyon' }] });
		expect(registry.select(settingsStore).getIsDirty('general')).toBe(false);
		expect(result.current.settingsError).toBe(false);
	});
});
