import { fireEvent, render, screen } from '@testing-library/react';

import { ProductImage } from '../index.js';

describe('ProductImage', () => {
	it('shows the first image at 33px by default', () => {
		render(
			<ProductImage
				product={{ name: 'Hoodie', images: [{ src: 'https://img.test/h.jpg' }] }}
			/>,
		);
		const img = screen.getByRole('img', { name: 'Hoodie' });
		expect(img).toHaveAttribute('src', 'https://img.test/h.jpg');
		expect(img).toHaveAttribute('width', '33');
	});

	it('takes thumbnail sizes and the single image field', () => {
		render(
			<ProductImage
				product={{ image: { src: 'https://img.test/v.jpg', alt: 'Blue' } }}
				width={18}
				height={18}
			/>,
		);
		expect(screen.getByRole('img', { name: 'Blue' })).toHaveAttribute('height', '18');
	});

	it('shows a placeholder without an image', () => {
		render(<ProductImage product={{ images: [] }} />);
		expect(screen.getByRole('img', { name: 'Product image placeholder' })).toHaveClass(
			'is-placeholder',
		);
	});
});

describe('ProductImage that fails to load', () => {
	it('shows the placeholder instead of a broken image', () => {
		const { container } = render(
			<ProductImage
				product={{ name: 'Mug', images: [{ src: 'https://example.com/missing.png' }] }}
			/>,
		);
		const img = container.querySelector('img') as HTMLImageElement;
		fireEvent.error(img);
		expect(container.querySelector('img')).toBeNull();
		expect(screen.getByRole('img')).toHaveClass('is-placeholder');
	});
});

describe('ProductImage placeholder with an empty alt', () => {
	it('is hidden from screen readers like a decorative image (no unnamed role=img)', () => {
		const { container } = render(<ProductImage product={{ name: 'Mug' }} alt="" />);
		const placeholder = container.querySelector('.abacus-product-image.is-placeholder');
		expect(placeholder).toHaveAttribute('aria-hidden', 'true');
		expect(placeholder).not.toHaveAttribute('role');
	});
});
