import clsx from 'clsx';
import type { CSSProperties, ReactNode } from 'react';

import { __, sprintf } from '@wordpress/i18n';

import type { ProductRatingProps, RatingProps, ReviewRatingProps } from './types.js';
import './style.scss';

function Star({ size, filled }: { size: number; filled: boolean }): ReactNode {
	return (
		<svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
			<path
				d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
				fill={filled ? 'currentColor' : 'none'}
				stroke="currentColor"
				strokeWidth={filled ? 0 : 1.5}
			/>
		</svg>
	);
}

/** A row of stars with the filled part sized rating / totalStars; labelled "r out of n stars." */
export function Rating({
	rating = 0,
	totalStars = 5,
	size = 18,
	icon,
	outlineIcon,
	className,
}: RatingProps) {
	const safeTotal = Math.max(1, Math.round(totalStars));
	const safeRating = Math.min(Math.max(Number.isFinite(rating) ? rating : 0, 0), safeTotal);
	const stars = (filled: boolean) =>
		Array.from({ length: safeTotal }, (_, i) => (
			<span key={i} className="abacus-rating__star">
				{filled
					? (icon ?? <Star size={size} filled />)
					: (outlineIcon ?? <Star size={size} filled={false} />)}
			</span>
		));
	const label = sprintf(
		/* translators: 1: rating, 2: number of stars */
		__('%1$s out of %2$s stars.', 'abacus'),
		String(Math.round(safeRating * 10) / 10),
		String(safeTotal),
	);
	const overlay: CSSProperties = { width: `${(safeRating / safeTotal) * 100}%` };
	return (
		<div className={clsx('abacus-rating', className)} role="img" aria-label={label}>
			<div className="abacus-rating__stars">{stars(false)}</div>
			<div className="abacus-rating__stars is-filled" style={overlay}>
				{stars(true)}
			</div>
		</div>
	);
}

/** The rating of a product (its `average_rating`). */
export function ProductRating({ product, ...props }: ProductRatingProps) {
	return <Rating {...props} rating={Number(product.average_rating ?? 0) || 0} />;
}

/** The rating of a review (its `rating`). */
export function ReviewRating({ review, ...props }: ReviewRatingProps) {
	return <Rating {...props} rating={Number(review.rating ?? 0) || 0} />;
}
