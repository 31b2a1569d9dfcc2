import clsx from 'clsx';
import { useState } from 'react';

import { __ } from '@wordpress/i18n';

import './style.scss';

export interface ProductImageProps {
	/** A product with `images[0].src` or `image.src`. */
	product?: {
		images?: Array<{ src?: string; alt?: string }>;
		image?: { src?: string; alt?: string } | null;
		name?: string;
	};
	/** Alternative text. Default: the image's alt, else the product name. */
	alt?: string;
	/** Width in pixels. Default 33 (use 18 for thumbnails in lists). */
	width?: number;
	/** Height in pixels. Default 33. */
	height?: number;
	className?: string;
}

/** A product's first image, or a neutral placeholder (also when the image fails to load). */
export function ProductImage({
	product,
	alt,
	width = 33,
	height = 33,
	className = '',
}: ProductImageProps) {
	const image = product?.images?.[0] ?? product?.image ?? undefined;
	const [failedSrc, setFailedSrc] = useState<string | null>(null);
	if (!image?.src || failedSrc === image.src) {
		return (
			<span
				className={clsx('abacus-product-image', 'is-placeholder', className)}
				style={{ width, height }}
				{...(alt === ''
					? { 'aria-hidden': true }
					: {
							role: 'img',
							'aria-label': alt ?? __('Product image placeholder', 'abacus'),
						})}
			/>
		);
	}
	return (
		<img
			className={clsx('abacus-product-image', className)}
			src={image.src}
			width={width}
			height={height}
			alt={alt ?? image.alt ?? product?.name ?? ''}
			onError={() => setFailedSrc(image.src ?? null)}
		/>
	);
}
