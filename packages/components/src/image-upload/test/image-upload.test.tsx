import { fireEvent, render, screen } from '@testing-library/react';

import { ImageUpload } from '../index.js';

describe('ImageUpload', () => {
	afterEach(() => {
		delete (window as unknown as { wp?: unknown }).wp;
	});

	it('opens the media library and reports the chosen image', () => {
		let onSelect: () => void = () => undefined;
		const open = jest.fn(() => onSelect());
		(window as unknown as { wp: unknown }).wp = {
			media: () => ({
				on: (_event: string, callback: () => void) => {
					onSelect = callback;
				},
				open,
				state: () => ({
					get: () => ({
						first: () => ({
							toJSON: () => ({ id: 7, url: 'https://img.test/logo.png' }),
						}),
					}),
				}),
			}),
		};
		const onChange = jest.fn();
		render(<ImageUpload onChange={onChange} />);
		fireEvent.click(screen.getByRole('button', { name: 'Add an image' }));
		expect(open).toHaveBeenCalled();
		expect(onChange).toHaveBeenCalledWith({ id: 7, url: 'https://img.test/logo.png' });
	});

	it('shows the image with a remove button', () => {
		const onChange = jest.fn();
		render(
			<ImageUpload
				image={{ url: 'https://img.test/logo.png', alt: 'Logo' }}
				onChange={onChange}
			/>,
		);
		expect(screen.getByRole('img', { name: 'Logo' })).toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
		expect(onChange).toHaveBeenCalledWith(null);
	});

	it('explains that the media library needs WordPress', () => {
		render(<ImageUpload />);
		expect(
			screen.getByText('The media library is only available inside WordPress.'),
		).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Add an image' })).toHaveAttribute(
			'aria-disabled',
			'true',
		);
	});
});
