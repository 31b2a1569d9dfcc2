import { fireEvent, render, screen } from '@testing-library/react';

import { WebPreview } from '../index.js';

describe('WebPreview', () => {
	it('shows the loading content until the frame has loaded', () => {
		const onLoad = jest.fn();
		render(
			<WebPreview
				src="https://store.test/"
				title="Store preview"
				loadingContent="Loading preview"
				onLoad={onLoad}
			/>,
		);
		expect(screen.getByRole('status')).toHaveTextContent('Loading preview');
		fireEvent.load(screen.getByTitle('Store preview'));
		expect(screen.queryByRole('status')).not.toBeInTheDocument();
		expect(onLoad).toHaveBeenCalledTimes(1);
	});
});
