import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { reviewsStore } from '@abacus/data';
import type { Review } from '@abacus/data';

import { setSettingsForTests } from '@abacus/settings';

import Reviews from '../index.js';
import { renderWithStores, stubApiFetch, wpError } from '../../test/harness.js';

function review(id: number, fields: Partial<Review> = {}): Review {
	return {
		id,
		status: 'hold',
		reviewer: `Reviewer ${id}`,
		reviewer_email: `r${id}@example.com`,
		review: `<p>Text of review ${id}</p>`,
		rating: 4,
		product_id: 7,
		_embedded: { up: [{ name: 'Blue mug', permalink: 'https://shop.test/mug' }] },
		...fields,
	};
}

describe('Reviews', () => {
	jest.setTimeout(30000);

	it('filters by status and shows when each review was written', async () => {
		setSettingsForTests({ dateFormat: 'F j, Y' });
		const calls = stubApiFetch((call) => {
			const status = call.query.get('status');
			if (status === 'spam') {
				return {
					body: [
						review(5, {
							status: 'spam',
							date_created_gmt: '2026-10-31T14:00:00',
						}),
					],
					headers: { 'X-WP-Total': '1' },
				};
			}
			if (call.method === 'GET') {
				return {
					body: [review(1, { date_created_gmt: '2026-11-20T01:21:04' })],
					headers: { 'X-WP-Total': '1' },
				};
			}
			return { body: review(5, { status: 'hold' }) };
		});
		renderWithStores(<Reviews />, reviewsStore);
		expect(await screen.findByText('Text of review 1')).toBeInTheDocument();
		expect(screen.getByText('November 20, 2026')).toHaveAttribute(
			'datetime',
			'2026-11-20T01:21:04Z',
		);
		expect(calls[0].query.get('status')).toBe('all');

		await userEvent.selectOptions(screen.getByLabelText('Show'), 'spam');
		expect(await screen.findByText('Text of review 5')).toBeInTheDocument();
		expect(screen.getByText('October 31, 2026')).toBeInTheDocument();
		expect(calls.at(-1)?.query.get('status')).toBe('spam');
		expect(screen.queryByRole('button', { name: 'Mark as spam' })).toBeNull();
		await userEvent.click(screen.getByRole('button', { name: 'Not spam' }));
		await waitFor(() =>
			expect(calls.find((call) => call.method !== 'GET')?.data).toEqual({
				status: 'unspam',
			}),
		);
		expect(await screen.findByText('Review is no longer spam')).toBeInTheDocument();
		setSettingsForTests();
	});
	it('approves a review, offers undo, and pages with the server total', async () => {
		const calls = stubApiFetch((call) => {
			if (call.method === 'GET') {
				const page = Number(call.query.get('page'));
				return {
					body:
						page === 1 ? [review(1), review(2, { status: 'approved' })] : [review(11)],
					headers: { 'X-WP-Total': '11', 'X-WP-TotalPages': '2' },
				};
			}
			const status = (call.data as { status: string }).status;
			return { body: review(1, { status: status === 'approved' ? 'approved' : 'hold' }) };
		});
		renderWithStores(<Reviews />, reviewsStore);

		expect(await screen.findByText('Text of review 1')).toBeInTheDocument();
		expect(screen.getByText('11 reviews')).toBeInTheDocument();
		expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
		expect(screen.getAllByRole('link', { name: 'Blue mug' })[0]).toHaveAttribute(
			'href',
			'https://shop.test/mug',
		);

		await userEvent.click(screen.getAllByRole('button', { name: 'Approve' })[0]);
		expect(await screen.findByText('Review approved')).toBeInTheDocument();
		expect(screen.getAllByRole('button', { name: 'Unapprove' })).toHaveLength(2);
		const put = calls.find((call) => call.method === 'PUT');
		expect(put?.route).toBe('wc-analytics/products/reviews/1');
		expect(put?.data).toEqual({ status: 'approved' });

		await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
		await waitFor(() =>
			expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1),
		);
		expect(calls.filter((call) => call.method === 'PUT').at(-1)?.data).toEqual({
			status: 'hold',
		});

		await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
		expect(await screen.findByText('Text of review 11')).toBeInTheDocument();
		expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
	});

	it('trashes with DELETE and undoes with untrash', async () => {
		const calls = stubApiFetch((call) => {
			if (call.method === 'GET') return { body: [review(1)], headers: { 'X-WP-Total': '1' } };
			if (call.method === 'DELETE') return { body: review(1, { status: 'trash' }) };
			return { body: review(1, { status: 'hold' }) };
		});
		renderWithStores(<Reviews />, reviewsStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Trash' }));
		expect(await screen.findByText('Review moved to the trash')).toBeInTheDocument();
		expect(
			screen.getByText('Trash', { selector: '.abacus-reviews__status' }),
		).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
		await waitFor(() =>
			expect(calls.at(-1)).toMatchObject({ method: 'PUT', data: { status: 'untrash' } }),
		);
		expect(
			await screen.findByText('Pending', { selector: '.abacus-reviews__status' }),
		).toBeInTheDocument();
	});

	it('shows a refused moderation and a failed load with Retry', async () => {
		let fail = true;
		stubApiFetch((call) => {
			if (call.method === 'GET')
				return fail
					? wpError(500, 'boom', 'Reviews are unavailable')
					: { body: [review(1)], headers: { 'X-WP-Total': '1' } };
			return wpError(403, 'rest_cannot_edit', 'Sorry, you cannot edit this review.');
		});
		renderWithStores(<Reviews />, reviewsStore);
		expect(await screen.findByRole('alert')).toHaveTextContent('Reviews are unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		await userEvent.click(await screen.findByRole('button', { name: 'Mark as spam' }));
		expect(await screen.findByText('Sorry, you cannot edit this review.')).toBeInTheDocument();
		expect(
			screen.getByText('Pending', { selector: '.abacus-reviews__status' }),
		).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Mark as spam' })).toBeEnabled();
	});
});
