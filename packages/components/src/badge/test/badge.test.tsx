import { render, screen } from '@testing-library/react';

import { Count } from '../../count/index.js';
import { Pill } from '../../pill/index.js';
import { Badge } from '../index.js';

describe('Badge, Count and Pill', () => {
	it('Badge shows and announces a count', () => {
		render(<Badge count={3} data-testid="b" />);
		expect(screen.getByLabelText('3 items')).toHaveTextContent('3');
	});

	it('Badge uses the singular for one', () => {
		render(<Badge count={1} />);
		expect(screen.getByLabelText('1 item')).toBeInTheDocument();
	});

	it('Count defaults its label to Total N', () => {
		render(<Count count={12} />);
		expect(screen.getByLabelText('Total 12')).toHaveTextContent('12');
	});

	it('Count takes a custom label', () => {
		render(<Count count={2} label="Unread" />);
		expect(screen.getByLabelText('Unread')).toBeInTheDocument();
	});

	it('Pill renders its caption', () => {
		render(<Pill>Beta</Pill>);
		expect(screen.getByText('Beta')).toHaveClass('abacus-pill');
	});
});
