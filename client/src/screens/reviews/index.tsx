import { Button, Card, CardBody, SelectControl } from '@wordpress/components';
import { dateI18n } from '@wordpress/date';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import { Gravatar, ReviewRating, SnackbarNotice } from '@abacus/components';
import { reviewsStore, selectRequestState } from '@abacus/data';
import type { Review } from '@abacus/data';
import { defaultTableDateFormat } from '@abacus/date';
import { getSetting } from '@abacus/settings';

import { LoadError, WriteError, errorMessage } from '../../base/load-error.js';
import { Loading } from '../../base/loading.js';
import '../shared/style.scss';
import './style.scss';

export const REVIEWS_PER_PAGE = 10;

/** The statuses the list can show: 'all' is pending and approved together. */
export type ReviewStatusFilter = 'all' | 'hold' | 'approved' | 'spam' | 'trash';

function statusFilters(): Array<{ value: ReviewStatusFilter; label: string }> {
	return [
		{ value: 'all', label: __('Pending and approved', 'abacus') },
		{ value: 'hold', label: __('Pending', 'abacus') },
		{ value: 'approved', label: __('Approved', 'abacus') },
		{ value: 'spam', label: __('Spam', 'abacus') },
		{ value: 'trash', label: __('Trash', 'abacus') },
	];
}

/** The list request of a page and status, newest first, with the product embedded. */
export function reviewsQuery(page: number, status: ReviewStatusFilter = 'all') {
	return {
		page,
		per_page: REVIEWS_PER_PAGE,
		status,
		orderby: 'date_gmt',
		order: 'desc',
		_embed: 1,
	};
}

/** When the review was written, in the store's date format. */
function reviewDate(review: Review): { text: string; iso: string } | null {
	const gmt = (review.date_created_gmt as string | undefined) ?? undefined;
	const local = (review.date_created as string | undefined) ?? undefined;
	const value = gmt ? (/[zZ]|[+-]\d\d:?\d\d$/.test(gmt) ? gmt : `${gmt}Z`) : local;
	if (!value) return null;
	const format =
		(getSetting('dateFormat', defaultTableDateFormat) as string) || defaultTableDateFormat;
	return { text: dateI18n(format, value, undefined), iso: value };
}

type Moderation = 'approve' | 'unapprove' | 'spam' | 'trash' | 'unspam' | 'untrash';

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
	if (action === 'unspam') return 'spam';
	if (action === 'untrash') return 'trash';
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
	const [status, setStatus] = useState<ReviewStatusFilter>('all');
	const query = reviewsQuery(page, status);
	const reviewsState = useSelect(
		(select) => {
			const store = select(reviewsStore);
			return selectRequestState(
				store,
				'getReviews',
				[query],
				store.getReviews,
				store.getReviewsError,
			);
		},
		[page, status],
	);
	const total = useSelect(
		(select) => select(reviewsStore).getReviewsTotalCount(query),
		[page, status],
	);
	const { updateReview, deleteReview, invalidateResolution } = useDispatch(reviewsStore);
	// A refused write is said in the card of the review it concerns, beside its buttons.
	const [writeError, setWriteError] = useState<{ id: number; message: string } | null>(null);
	const [undo, setUndo] = useState<Undo | null>(null);

	async function moderate(review: Review, action: Moderation) {
		setWriteError(null);
		const previous = review.status;
		try {
			if (action === 'trash') {
				await deleteReview(review.id);
			} else {
				const next = {
					approve: 'approved',
					unapprove: 'hold',
					spam: 'spam',
					unspam: 'unspam',
					untrash: 'untrash',
				}[action];
				await updateReview(review.id, { status: next });
			}
			const messages: Record<Moderation, string> = {
				approve: __('Review approved', 'abacus'),
				unapprove: __('Review unapproved', 'abacus'),
				spam: __('Review marked as spam', 'abacus'),
				trash: __('Review moved to the trash', 'abacus'),
				unspam: __('Review is no longer spam', 'abacus'),
				untrash: __('Review restored', 'abacus'),
			};
			setUndo({
				message: messages[action],
				reviewId: review.id,
				status: undoStatus(action, previous),
			});
		} catch (caught) {
			setWriteError({ id: review.id, message: errorMessage(caught) });
		}
	}

	if (reviewsState.status === 'error') {
		return (
			<LoadError
				title={__('The reviews could not be loaded.', 'abacus')}
				error={reviewsState.error}
				onRetry={() => invalidateResolution('getReviews', [query])}
			/>
		);
	}
	if (reviewsState.status !== 'success') {
		return <Loading label={__('Loading reviews…', 'abacus')} />;
	}
	const reviews = reviewsState.data;

	const totalCount = total ?? reviews.length;
	const pageCount = Math.max(1, Math.ceil(totalCount / REVIEWS_PER_PAGE));

	return (
		<div className="abacus-helper abacus-reviews">
			<div className="abacus-helper__toolbar">
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={__('Show', 'abacus')}
					value={status}
					options={statusFilters()}
					onChange={(next: string) => {
						setStatus(next as ReviewStatusFilter);
						setPage(1);
						setUndo(null);
					}}
				/>
				<p className="abacus-helper__subtitle" aria-live="polite">
					{sprintf(
						/* translators: %d: number of reviews */
						_n('%d review', '%d reviews', totalCount, 'abacus'),
						totalCount,
					)}
				</p>
			</div>
			{reviews.length === 0 ? (
				<Card>
					<CardBody>
						<p>
							{status === 'all'
								? __('There are no reviews to moderate.', 'abacus')
								: __('No reviews have this status.', 'abacus')}
						</p>
					</CardBody>
				</Card>
			) : (
				<ul className="abacus-helper__cards abacus-reviews__list">
					{reviews.map((review) => {
						const product = productOf(review);
						const busy = Boolean(review.isUpdating);
						const reviewer = (review.reviewer as string | undefined) ?? '';
						const date = reviewDate(review);
						return (
							<li key={review.id}>
								<Card>
									<CardBody className="abacus-reviews__review">
										<Gravatar
											user={
												(review.reviewer_email as string | undefined) ??
												reviewer
											}
											size={48}
											alt=""
											placeholderName={reviewer}
										/>
										<div className="abacus-reviews__main">
											<p className="abacus-reviews__heading">
												<strong>{reviewer}</strong>
												<span className="abacus-helper__muted">
													{' '}
													{__('on', 'abacus')}{' '}
												</span>
												{product.permalink ? (
													<a href={product.permalink}>{product.name}</a>
												) : (
													<span>{product.name}</span>
												)}
											</p>
											<p className="abacus-reviews__meta">
												{date ? (
													<time
														dateTime={date.iso}
														className="abacus-helper__muted"
													>
														{date.text}
													</time>
												) : null}
												<span
													className={`abacus-reviews__status is-${review.status ?? 'unknown'}`}
												>
													{busy
														? __('Updating…', 'abacus')
														: statusLabel(review.status)}
												</span>
											</p>
											<ReviewRating review={review} />
											<p>{plainText(review.review)}</p>
											<div
												className="abacus-helper__actions"
												aria-busy={busy}
											>
												{review.status === 'spam' ? (
													<Button
														variant="secondary"
														disabled={busy}
														onClick={() => moderate(review, 'unspam')}
													>
														{__('Not spam', 'abacus')}
													</Button>
												) : review.status === 'trash' ? (
													<Button
														variant="secondary"
														disabled={busy}
														onClick={() => moderate(review, 'untrash')}
													>
														{__('Restore', 'abacus')}
													</Button>
												) : review.status === 'approved' ? (
													<Button
														variant="secondary"
														disabled={busy}
														onClick={() =>
															moderate(review, 'unapprove')
														}
													>
														{__('Unapprove', 'abacus')}
													</Button>
												) : (
													<Button
														variant="primary"
														disabled={busy}
														onClick={() => moderate(review, 'approve')}
													>
														{__('Approve', 'abacus')}
													</Button>
												)}
												{review.status === 'spam' ||
												review.status === 'trash' ? null : (
													<>
														<Button
															variant="tertiary"
															disabled={busy}
															onClick={() => moderate(review, 'spam')}
														>
															{__('Mark as spam', 'abacus')}
														</Button>
														<Button
															variant="tertiary"
															isDestructive
															disabled={busy}
															onClick={() =>
																moderate(review, 'trash')
															}
														>
															{__('Trash', 'abacus')}
														</Button>
													</>
												)}
											</div>
											<WriteError
												message={
													writeError?.id === review.id
														? writeError.message
														: null
												}
												onRemove={() => setWriteError(null)}
											/>
										</div>
									</CardBody>
								</Card>
							</li>
						);
					})}
				</ul>
			)}
			<nav className="abacus-helper__paging" aria-label={__('Reviews pages', 'abacus')}>
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
									setWriteError({ id: reviewId, message: errorMessage(caught) }),
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
