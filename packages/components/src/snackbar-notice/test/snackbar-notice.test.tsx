import { act, fireEvent, render, screen } from '@testing-library/react';

import { SnackbarNotice } from '../index.js';

describe('SnackbarNotice', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	it('dismisses itself after 10 seconds', () => {
		const onRemove = jest.fn();
		render(<SnackbarNotice onRemove={onRemove}>Review approved.</SnackbarNotice>);
		act(() => jest.advanceTimersByTime(9999));
		expect(onRemove).not.toHaveBeenCalled();
		act(() => jest.advanceTimersByTime(1));
		expect(onRemove).toHaveBeenCalledTimes(1);
	});

	it('dismisses with its Dismiss button, Escape or a click, with no control inside another', () => {
		const onRemove = jest.fn();
		render(<SnackbarNotice onRemove={onRemove}>Saved.</SnackbarNotice>);
		fireEvent.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
		fireEvent.keyDown(screen.getByText('Saved.'), { key: 'Escape' });
		fireEvent.click(screen.getByText('Saved.'));
		expect(onRemove).toHaveBeenCalledTimes(3);
		// No button wraps the others (axe nested-interactive).
		for (const button of screen.getAllByRole('button')) {
			expect(button.parentElement?.closest('button, [role="button"]')).toBeNull();
		}
	});

	it('shows at most one action, which runs and dismisses', () => {
		const undo = jest.fn();
		const onRemove = jest.fn();
		render(
			<SnackbarNotice
				onRemove={onRemove}
				actions={[{ label: 'Undo', onClick: undo }, { label: 'Other' }]}
			>
				Review trashed.
			</SnackbarNotice>,
		);
		expect(screen.queryByText('Other')).not.toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
		expect(undo).toHaveBeenCalled();
		expect(onRemove).toHaveBeenCalledTimes(1);
	});
});

describe('SnackbarNotice placement', () => {
	it('renders in the one fixed snackbar list at the end of the document, not where it is used', () => {
		const { container } = render(
			<main>
				<p>Long page</p>
				<SnackbarNotice onRemove={() => undefined}>Review approved</SnackbarNotice>
				<SnackbarNotice onRemove={() => undefined}>Review trashed</SnackbarNotice>
			</main>,
		);
		const first = screen.getByText('Review approved').closest('.abacus-snackbar-notice');
		expect(container).not.toContainElement(first as HTMLElement);
		const list = document.querySelectorAll('body > .abacus-snackbar-list');
		expect(list).toHaveLength(1);
		expect(list[0]).toContainElement(first as HTMLElement);
		expect(list[0]).toContainElement(screen.getByText('Review trashed'));
	});
});
