import { Button, Card, CardBody, Notice } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { Gravatar, ReviewRating, SnackbarNotice } from '@abacus/components';
import { reviewsStore } from '@abacus/data';
import type { Review } from '@abacus/data';

import { LoadError, errorMessage } from '../shared/load-error.js';
import { Loading } from '../shared/loading.js';

export const REVIEWS_PER_PAGE = 10;

/** The list request of a page: pending and approved reviews with their product embedded. */
export function reviewsQuery(page: number) {
	return { page, per_page: REVIEWS_PER_PAGE, status: 'all', _embed: 1 };
}

type Moderation = 'approve' | 'unapprove' | 'spam' | 'trash';

interface EmbeddedProduct {
	name?: string;
	permalink?: string;
}

function productOf(review: Review): EmbeddedProduct {
	const embedded = review._embedded as { up?: EmbeddedProduct[] } | undefined;
	const product = embedded?.up?.[0];
	return {
		name: product?.name ?? (review.product_name as string | undefined),
		permalink: product?.permalink ?? (review.product_permalink as string | undefined),
	};
}

function statusLabel(status: string | undefined): string {
	switch (status) {
		case 'approved':
			return __('Approved', 'abacus');
		case 'hold':
			return __('Pending', 'abacus');
		case 'spam':
			return __('Spam', 'abacus');
		case 'trash':
			return __('Trash', 'abacus');
		default:
			return status ?? '';
	}
}

/** The status that takes a moderation back. */
function undoStatus(action: Moderation, previous: string | undefined): string {
	if (action === 'spam') return 'unspam';
	if (action === 'trash') return 'untrash';
	return previous ?? 'hold';
}

function plainText(html: string | undefined): string {
	return (html ?? '').replace(/<[^>]*>/g, '').trim();
}

interface Undo {
	message: string;
	reviewId: number;
	status: string;
}

/** Review moderation: approve, unapprove, spam and trash with undo; paged with the server's total. */
export default function Reviews() {
	const [page, setPage] = useState(1);
	const query = reviewsQuery(page);
	const { reviews, total, error, isResolved } = useSelect(
		(select) => {
			const store = select(reviewsStore);
			return {
				reviews: store.getReviews(query),
				total: store.getReviewsTotalCount(query),
				error: store.getReviewsError(query),
				isResolved: store.hasFinishedResolution('getReviews', [query]),
			};
		},
		[page],
	);
	const { updateReview, deleteReview, invalidateResolution } = useDispatch(reviewsStore);
	const [writeError, setWriteError] = useState<string | null>(null);
	const [undo, setUndo] = useState<Undo | null>(null);

	async function moderate(review: Review, action: Moderation) {
		setWriteError(null);
		const previous = review.status;
		try {
			if (action === 'trash') {
				await deleteReview(review.id);
			} else {
				const status = { approve: 'approved', unapprove: 'hold', spam: 'spam' }[action];
				await updateReview(review.id, { status });
			}
			const messages: Record<Moderation, string> = {
				approve: __('Review approved', 'abacus'),
				unapprove: __('Review unapproved', 'abacus'),
				spam: __('Review marked as spam', 'abacus'),
				trash: __('Review moved to the trash', 'abacus'),
			};
			setUndo({
				message: messages[action],
				reviewId: review.id,
				status: undoStatus(action, previous),
			});
		} catch (caught) {
			setWriteError(errorMessage(caught));
		}
	}

	if (error) {
		return (
			<LoadError
				title={__('The reviews could not be loaded.', 'abacus')}
				error={error}
				onRetry={() => invalidateResolution('getReviews', [query])}
			/>
		);
	}
	if (!isResolved) {
		return <Loading label={__('Loading reviews…', 'abacus')} />;
	}

	const totalCount = total ?? reviews.length;
	const pageCount = Math.max(1, Math.ceil(totalCount / REVIEWS_PER_PAGE));

	return (
		<div className="abacus-reviews">
			<h1>{__('Reviews', 'abacus')}</h1>
			<p>
				{sprintf(
					/* translators: %d: number of reviews */
					__('%d reviews', 'abacus'),
					totalCount,
				)}
			</p>
			{writeError ? (
				<Notice status="error" onRemove={() => setWriteError(null)}>
					{writeError}
				</Notice>
			) : null}
			{reviews.length === 0 ? (
				<p>{__('There are no reviews to moderate.', 'abacus')}</p>
			) : (
				<ul className="abacus-reviews__list">
					{reviews.map((review) => {
						const product = productOf(review);
						const busy = Boolean(review.isUpdating);
						const reviewer = (review.reviewer as string | undefined) ?? '';
						return (
							<li key={review.id}>
								<Card>
									<CardBody>
										<Gravatar
											user={
												(review.reviewer_email as string | undefined) ??
												reviewer
											}
											size={48}
											alt={reviewer}
										/>
										<p className="abacus-reviews__heading">
											<strong>{reviewer}</strong>{' '}
											{product.permalink ? (
												<a href={product.permalink}>{product.name}</a>
											) : (
												<span>{product.name}</span>
											)}
										</p>
										<ReviewRating review={review} />
										<p>{plainText(review.review)}</p>
										<p className="abacus-reviews__status">
											{busy
												? __('Updating…', 'abacus')
												: statusLabel(review.status)}
										</p>
										<div className="abacus-reviews__actions" aria-busy={busy}>
											{review.status === 'approved' ? (
												<Button
													variant="secondary"
													disabled={busy}
													onClick={() => moderate(review, 'unapprove')}
												>
													{__('Unapprove', 'abacus')}
												</Button>
											) : (
												<Button
													variant="primary"
													disabled={busy || review.status === 'trash'}
													onClick={() => moderate(review, 'approve')}
												>
													{__('Approve', 'abacus')}
												</Button>
											)}
											<Button
												variant="tertiary"
												disabled={busy || review.status === 'spam'}
												onClick={() => moderate(review, 'spam')}
											>
												{__('Mark as spam', 'abacus')}
											</Button>
											<Button
												variant="tertiary"
												isDestructive
												disabled={busy || review.status === 'trash'}
												onClick={() => moderate(review, 'trash')}
											>
												{__('Trash', 'abacus')}
											</Button>
										</div>
									</CardBody>
								</Card>
							</li>
						);
					})}
				</ul>
			)}
			<nav className="abacus-reviews__paging" aria-label={__('Reviews pages', 'abacus')}>
				<Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
					{__('Previous page', 'abacus')}
				</Button>
				<span>
					{sprintf(
						/* translators: 1: current page, 2: number of pages */
						__('Page %1$d of %2$d', 'abacus'),
						page,
						pageCount,
					)}
				</span>
				<Button
					variant="secondary"
					disabled={page >= pageCount}
					onClick={() => setPage(page + 1)}
				>
					{__('Next page', 'abacus')}
				</Button>
			</nav>
			{undo ? (
				<SnackbarNotice
					onRemove={() => setUndo(null)}
					actions={[
						{
							label: __('Undo', 'abacus'),
							onClick: () => {
								const { reviewId, status } = undo;
								setUndo(null);
								setWriteError(null);
								updateReview(reviewId, { status }).catch((caught: unknown) =>
									setWriteError(errorMessage(caught)),
								);
							},
						},
					]}
				>
					{undo.message}
				</SnackbarNotice>
			) : null}
		</div>
	);
}
