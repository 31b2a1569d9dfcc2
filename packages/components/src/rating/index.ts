export { Rating, ProductRating, ReviewRating } from './rating.js';
export type { RatingProps, ProductRatingProps, ReviewRatingProps } from './types.js';
