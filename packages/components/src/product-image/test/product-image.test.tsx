import { render, screen } from '@testing-library/react';

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
