import { registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { store } from '../index.js';

const query = { page: 1, per_page: 5, status: 'hold' };

describe('reviews store', () => {
	it('starts empty', () => {
		const registry = registryWith(store);
		expect(registry.select(store).getReviewsError(query)).toBe(false);
	});

	it('reads reviews with the total from the header', async () => {
		const calls = stubApiFetch(() => ({
			body: [{ id: 3, review: 'Great', status: 'hold' }],
			headers: { 'X-WP-Total': '12' },
		}));
		const registry = registryWith(store);
		const reviews = await registry.resolveSelect(store).getReviews(query);
		expect(calls[0].route).toBe('/wc-analytics/products/reviews');
		expect(reviews).toEqual([{ id: 3, review: 'Great', status: 'hold' }]);
		expect(await registry.resolveSelect(store).getReviewsTotalCount(query)).toBe(12);
		expect(registry.select(store).getReviews({ status: 'hold', per_page: 5, page: 1 })).toBe(
			reviews,
		);
		expect(calls).toHaveLength(1);
	});

	it('keeps fields of earlier answers when a partial answer arrives', async () => {
		const registry = registryWith(store);
		await registry.dispatch(store).updateReviews(query, [{ id: 3, review: 'Great' }], 1);
		await registry.dispatch(store).updateReviews({ per_page: 1 }, [{ id: 3 }], 1);
		expect(registry.select(store).getReviews(query)[0]).toEqual({ id: 3, review: 'Great' });
	});

	it('records a read error per query', async () => {
		stubApiFetch(() => wpError(500, 'boom', 'Broken'));
		const registry = registryWith(store);
		await registry.resolveSelect(store).getReviews(query);
		expect(registry.select(store).getReviewsError(query)).toMatchObject({ message: 'Broken' });
		expect(registry.select(store).getReviewsError({})).toBe(false);
	});

	it('updates and deletes a review', async () => {
		const calls = stubApiFetch((call) => ({
			body: { id: 3, status: call.method === 'DELETE' ? 'trash' : 'approved' },
		}));
		const registry = registryWith(store);
		await registry.dispatch(store).updateReviews(query, [{ id: 3, status: 'hold' }], 1);
		await registry.dispatch(store).updateReview(3, { status: 'approved' }, { _embed: 1 });
		expect(calls[0]).toMatchObject({
			method: 'PUT',
			route: '/wc-analytics/products/reviews/3',
			data: { status: 'approved' },
		});
		expect(registry.select(store).getReviews(query)[0]).toMatchObject({
			status: 'approved',
			isUpdating: false,
		});
		const deleted = await registry.dispatch(store).deleteReview(3);
		expect(deleted.status).toBe('trash');
		expect(calls[1].method).toBe('DELETE');
	});

	it('throws a failed update and ends updating', async () => {
		stubApiFetch(() => wpError(403, 'rest_forbidden', 'Not allowed.'));
		const registry = registryWith(store);
		await registry.dispatch(store).updateReviews(query, [{ id: 3 }], 1);
		await expect(
			registry.dispatch(store).updateReview(3, { status: 'spam' }),
		).rejects.toMatchObject({
			message: 'Not allowed.',
		});
		expect(registry.select(store).getReviews(query)[0].isUpdating).toBe(false);
		expect(registry.select(store).getReviewsError('updateReview')).toMatchObject({
			message: 'Not allowed.',
		});
	});
});
