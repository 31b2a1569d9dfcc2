import { fireEvent, render, screen } from '@testing-library/react';

import { Stepper } from '../index.js';

const steps = [
	{ key: 'store', label: 'Store details', content: <p>Address form</p> },
	{
		key: 'industry',
		label: 'Industry',
		content: <p>Industry form</p>,
		description: 'What you sell',
	},
	{ key: 'theme', label: 'Theme' },
];

describe('Stepper', () => {
	it('marks steps before the current one complete and shows the current content', () => {
		render(<Stepper steps={steps} currentStep="industry" />);
		expect(screen.getByText('Industry form')).toBeInTheDocument();
		expect(screen.queryByText('Address form')).not.toBeInTheDocument();
		const items = screen.getAllByRole('listitem');
		expect(items[0]).toHaveClass('is-complete');
		expect(items[1]).toHaveAttribute('aria-current', 'step');
		expect(items[2]).not.toHaveClass('is-complete');
		expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
	});

	it('honours an explicit isComplete', () => {
		render(
			<Stepper
				steps={[{ ...steps[0], isComplete: false }, steps[1]]}
				currentStep="industry"
			/>,
		);
		expect(screen.getAllByRole('listitem')[0]).not.toHaveClass('is-complete');
	});

	it('makes labels buttons when a step has onClick', () => {
		const onClick = jest.fn();
		render(<Stepper steps={[{ ...steps[0], onClick }, steps[1]]} currentStep="industry" />);
		fireEvent.click(screen.getByRole('button', { name: /Store details/ }));
		expect(onClick).toHaveBeenCalledWith('store');
	});

	it('shows a spinner on the current step while pending', () => {
		const { container } = render(<Stepper steps={steps} currentStep="theme" isPending />);
		expect(container.querySelector('.is-active .components-spinner')).not.toBeNull();
	});
});
