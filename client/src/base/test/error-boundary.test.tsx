import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { ErrorBoundary } from '../error-boundary.js';

let shouldFail = true;

function Flaky() {
	if (shouldFail) {
		throw new Error('The report exploded');
	}
	return <p>Report content</p>;
}

function Harness() {
	const [key, setKey] = useState('a');
	return (
		<>
			<button onClick={() => setKey('b')}>Go elsewhere</button>
			<ErrorBoundary resetKey={key}>
				<Flaky />
			</ErrorBoundary>
		</>
	);
}

describe('ErrorBoundary', () => {
	beforeEach(() => {
		jest.spyOn(console, 'error').mockImplementation(() => undefined);
		shouldFail = true;
	});

	afterEach(() => jest.restoreAllMocks());

	it('shows the error and renders again on Retry', async () => {
		render(<Harness />);
		expect(screen.getByRole('alert')).toHaveTextContent('The report exploded');
		shouldFail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(screen.getByText('Report content')).toBeInTheDocument();
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
	});

	it('clears the error when the page changes', async () => {
		render(<Harness />);
		expect(screen.getByRole('alert')).toBeInTheDocument();
		shouldFail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Go elsewhere' }));
		expect(screen.getByText('Report content')).toBeInTheDocument();
	});
});
