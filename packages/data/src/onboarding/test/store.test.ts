import { registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { hydrateOnboarding } from '../hooks.js';
import { store } from '../index.js';

describe('onboarding store', () => {
	it('starts with an empty profile of 13 null keys', () => {
		const registry = registryWith(store);
		const profile = registry.select(store).getProfileItems();
		expect(Object.keys(profile)).toHaveLength(13);
		expect(Object.values(profile).every((value) => value === null)).toBe(true);
		expect(registry.select(store).getOnboardingError('getProfileItems')).toBe(false);
		expect(registry.select(store).isOnboardingRequesting('getProfileItems')).toBe(false);
	});

	it('reads profile, tasks status and payment suggestions', async () => {
		stubApiFetch((call) => {
			if (call.route.endsWith('/profile')) return { body: { completed: true } };
			if (call.route.endsWith('/tasks/status')) return { body: { hasProducts: true } };
			return { body: [{ title: 'Pay', content: '', image: '', plugins: ['x'] }] };
		});
		const registry = registryWith(store);
		const resolve = registry.resolveSelect(store);
		expect((await resolve.getProfileItems()).completed).toBe(true);
		expect((await resolve.getProfileItems()).industry).toBeNull();
		expect(await resolve.getTasksStatus()).toEqual({ hasProducts: true });
		expect((await resolve.getPaymentGatewaySuggestions())[0].title).toBe('Pay');
		expect(registry.select(store).isOnboardingRequesting('getProfileItems')).toBe(false);
	});

	it('records a read error by name and clears the requesting flag', async () => {
		stubApiFetch(() => wpError(500, 'boom', 'Broken'));
		const registry = registryWith(store);
		await registry.resolveSelect(store).getTasksStatus();
		expect(registry.select(store).getOnboardingError('getTasksStatus')).toMatchObject({
			message: 'Broken',
		});
		expect(registry.select(store).isOnboardingRequesting('getTasksStatus')).toBe(false);
	});

	it('updates the profile only when the answer says success', async () => {
		const calls = stubApiFetch(() => ({ body: { status: 'success', message: 'Updated.' } }));
		const registry = registryWith(store);
		const response = await registry
			.dispatch(store)
			.updateProfileItems({ industry: [{ slug: 'food' }] });
		expect(response.status).toBe('success');
		expect(calls[0]).toMatchObject({ method: 'POST', route: '/wc-admin/onboarding/profile' });
		expect(registry.select(store).getProfileItems().industry).toEqual([{ slug: 'food' }]);
	});

	it('treats any other answer as a failure', async () => {
		stubApiFetch(() => ({ body: { status: 'error', message: 'Nope.' } }));
		const registry = registryWith(store);
		await expect(
			registry.dispatch(store).updateProfileItems({ skipped: true }),
		).rejects.toMatchObject({ message: 'Nope.' });
		expect(registry.select(store).getProfileItems().skipped).toBeNull();
		expect(registry.select(store).getOnboardingError('updateProfileItems')).toMatchObject({
			message: 'Nope.',
		});
		expect(registry.select(store).isOnboardingRequesting('updateProfileItems')).toBe(false);
	});

	it('hydrates the profile once', async () => {
		const calls = stubApiFetch(() => ({ body: {} }));
		const registry = registryWith(store);
		hydrateOnboarding(registry, { profileItems: { completed: true } });
		hydrateOnboarding(registry, { profileItems: { completed: false } });
		expect((await registry.resolveSelect(store).getProfileItems()).completed).toBe(true);
		expect(calls).toHaveLength(0);
	});
});
