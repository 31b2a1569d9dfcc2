import { render, screen } from '@testing-library/react';

import { Date as DateComponent } from '../index.js';

describe('Date', () => {
	it('renders machine, visible and screen-reader formats', () => {
		const { container } = render(<DateComponent date="2026-03-04T05:06:07" />);
		expect(container.querySelector('time')).toHaveAttribute('datetime', '2026-03-04 05:06:07');
		expect(screen.getByText('2026-03-04')).toHaveAttribute('aria-hidden', 'true');
		expect(screen.getByText('March 4, 2026')).toHaveClass('screen-reader-text');
	});

	it('takes custom formats', () => {
		render(<DateComponent date="2026-03-04" visibleFormat="m/d/Y" screenReaderFormat="l" />);
		expect(screen.getByText('03/04/2026')).toBeInTheDocument();
		expect(screen.getByText('Wednesday')).toBeInTheDocument();
	});
});
