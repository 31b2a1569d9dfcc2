import { act, render, screen } from '@testing-library/react';

import { AnimationSlider } from '../index.js';

describe('AnimationSlider', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	it('keeps the old content while the new one slides in, for 200 ms', () => {
		const onExited = jest.fn();
		const { rerender } = render(
			<AnimationSlider animationKey="a" animate="left" onExited={onExited}>
				{() => <p>First menu</p>}
			</AnimationSlider>,
		);
		rerender(
			<AnimationSlider animationKey="b" animate="left" onExited={onExited}>
				{() => <p>Second menu</p>}
			</AnimationSlider>,
		);
		expect(screen.getByText('Second menu')).toBeInTheDocument();
		expect(screen.getByText('First menu').closest('[aria-hidden]')).toHaveClass(
			'is-exiting-left',
		);
		act(() => jest.advanceTimersByTime(199));
		expect(screen.queryByText('First menu')).toBeInTheDocument();
		act(() => jest.advanceTimersByTime(1));
		expect(screen.queryByText('First menu')).not.toBeInTheDocument();
		expect(onExited).toHaveBeenCalledTimes(1);
	});

	it('swaps at once without a direction', () => {
		const { rerender } = render(
			<AnimationSlider animationKey="a">{() => <p>One</p>}</AnimationSlider>,
		);
		rerender(<AnimationSlider animationKey="b">{() => <p>Two</p>}</AnimationSlider>);
		expect(screen.queryByText('One')).not.toBeInTheDocument();
		expect(screen.getByText('Two')).toBeInTheDocument();
	});
});
