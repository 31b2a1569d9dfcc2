import { fireEvent, render, screen } from '@testing-library/react';

import { Gravatar } from '../index.js';

describe('Gravatar', () => {
	it('hashes an e-mail for the public avatar service at the requested size with the mystery default', () => {
		render(<Gravatar user=" Someone@Example.com " size={40} />);
		const img = screen.getByRole('img');
		// MD5 of 'someone@example.com'.
		expect(img).toHaveAttribute(
			'src',
			'https://www.gravatar.com/avatar/16d113840f999444259f73bac9ab8b10?s=40&d=mp',
		);
		expect(img).toHaveAttribute('width', '40');
	});

	it('uses a user object’s 96px avatar and name, at the default size 60', () => {
		render(
			<Gravatar
				user={{ display_name: 'Jo Doe', avatar_URLs: { 96: 'https://img.test/jo.png' } }}
			/>,
		);
		const img = screen.getByRole('img', { name: 'Jo Doe' });
		expect(img).toHaveAttribute('src', 'https://img.test/jo.png');
		expect(img).toHaveAttribute('height', '60');
	});

	it('shows the mystery person without a user', () => {
		render(<Gravatar />);
		expect(screen.getByRole('img')).toHaveAttribute(
			'src',
			'https://www.gravatar.com/avatar/0?s=60&d=mp',
		);
	});
});

describe('Gravatar that cannot load', () => {
	it('shows a neutral circle with the first letter instead of a broken image', () => {
		const { container } = render(
			<Gravatar user="ada@example.com" size={48} alt="" placeholderName="Ada Lovelace" />,
		);
		fireEvent.error(container.querySelector('img') as HTMLImageElement);
		expect(container.querySelector('img')).toBeNull();
		const placeholder = container.querySelector('.abacus-gravatar.is-placeholder');
		expect(placeholder).toHaveTextContent('A');
		expect(placeholder).toHaveAttribute('aria-hidden', 'true');
	});
});
