import type { ReactNode } from 'react';

export interface RatingProps {
	/** Rating from 0 to totalStars (fractions allowed). Default 0. */
	rating?: number;
	/** Number of stars. Default 5. */
	totalStars?: number;
	/** Star size in pixels. Default 18. */
	size?: number;
	/** Filled star icon. Default a star. */
	icon?: ReactNode;
	/** Empty star icon. Default an outlined star. */
	outlineIcon?: ReactNode;
	className?: string;
}

export interface ProductRatingProps extends Omit<RatingProps, 'rating'> {
	/** A product with `average_rating` (number or numeric string). Required. */
	product: { average_rating?: number | string };
}

export interface ReviewRatingProps extends Omit<RatingProps, 'rating'> {
	/** A review with `rating`. Required. */
	review: { rating?: number | string };
}
