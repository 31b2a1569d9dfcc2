import { flush, registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { store } from '../index.js';

const bacs = { id: 'bacs', title: 'Direct bank transfer', enabled: false };
const cod = { id: 'cod', title: 'Cash on delivery', enabled: true };

describe('payment gateways store', () => {
	it('starts empty', () => {
		const registry = registryWith(store);
		expect(registry.select(store).isPaymentGatewayUpdating()).toBe(false);
		expect(registry.select(store).getPaymentGatewayError('getPaymentGateways')).toBeNull();
	});

	it('lists gateways and then knows each one without another request', async () => {
		const calls = stubApiFetch(() => ({ body: [bacs, cod] }));
		const registry = registryWith(store);
		expect(await registry.resolveSelect(store).getPaymentGateways()).toEqual([bacs, cod]);
		expect(calls[0].route).toBe('wc/v3/payment_gateways');
		expect(await registry.resolveSelect(store).getPaymentGateway('cod')).toEqual(cod);
		await flush();
		expect(calls).toHaveLength(1);
	});

	it('reads one gateway and appends it', async () => {
		stubApiFetch(() => ({ body: cod }));
		const registry = registryWith(store);
		expect(await registry.resolveSelect(store).getPaymentGateway('cod')).toEqual(cod);
	});

	it('records a read error', async () => {
		stubApiFetch(() =>
			wpError(404, 'woocommerce_rest_payment_gateway_invalid', 'Resource does not exist.'),
		);
		const registry = registryWith(store);
		await registry.resolveSelect(store).getPaymentGateway('nope');
		expect(registry.select(store).getPaymentGatewayError('getPaymentGateway')).toMatchObject({
			message: 'Resource does not exist.',
		});
		expect(registry.select(store).isPaymentGatewayUpdating()).toBe(false);
	});

	it('updates a gateway with a JSON body and replaces it in place', async () => {
		const calls = stubApiFetch((call) =>
			call.method === 'GET' ? { body: [bacs, cod] } : { body: { ...bacs, enabled: true } },
		);
		const registry = registryWith(store);
		await registry.resolveSelect(store).getPaymentGateways();
		await registry.dispatch(store).updatePaymentGateway('bacs', { enabled: true });
		expect(calls[1]).toMatchObject({
			method: 'PUT',
			route: 'wc/v3/payment_gateways/bacs',
			data: { enabled: true },
		});
		expect(registry.select(store).getPaymentGateways()).toEqual([
			{ ...bacs, enabled: true },
			cod,
		]);
	});

	it('refuses an answer for another gateway', async () => {
		stubApiFetch(() => ({ body: cod }));
		const registry = registryWith(store);
		await expect(
			registry.dispatch(store).updatePaymentGateway('bacs', { enabled: true }),
		).rejects.toMatchObject({ message: expect.stringContaining('another gateway') });
		expect(
			registry.select(store).getPaymentGatewayError('updatePaymentGateway'),
		).not.toBeNull();
		expect(registry.select(store).isPaymentGatewayUpdating()).toBe(false);
	});
});
