import { fireEvent, render, screen } from '@testing-library/react';

import { EmptyContent } from '../index.js';

describe('EmptyContent', () => {
	it('shows the title, message and both actions', () => {
		const retry = jest.fn();
		render(
			<EmptyContent
				title="No data for this period"
				message="Try a longer date range."
				actionLabel="Retry"
				actionCallback={retry}
				secondaryActionLabel="Read the guide"
				secondaryActionURL="https://example.org/guide"
			/>,
		);
		expect(
			screen.getByRole('heading', { name: 'No data for this period' }),
		).toBeInTheDocument();
		expect(screen.getByText('Try a longer date range.')).toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(retry).toHaveBeenCalled();
		expect(screen.getByRole('link', { name: 'Read the guide' })).toHaveAttribute(
			'href',
			'https://example.org/guide',
		);
	});

	it('hides an action without URL or callback', () => {
		render(<EmptyContent title="Nothing" actionLabel="Go" illustration="" />);
		expect(screen.queryByRole('button')).not.toBeInTheDocument();
		expect(screen.queryByRole('img')).not.toBeInTheDocument();
	});
});
