import { act, render } from '@testing-library/react';

import { ScrollTo } from '../index.js';

describe('ScrollTo', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	it('retries every 250 ms until laid out, then scrolls to the element plus the offset', () => {
		const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
		let laidOut = false;
		const rects = jest
			.spyOn(HTMLElement.prototype, 'getClientRects')
			.mockImplementation(() => (laidOut ? [{}] : []) as unknown as DOMRectList);
		const top = jest
			.spyOn(HTMLElement.prototype, 'offsetTop', 'get')
			.mockImplementation(() => (laidOut ? 400 : 0));
		render(<ScrollTo offset="-20">Section</ScrollTo>);
		act(() => jest.advanceTimersByTime(250));
		expect(scrollTo).not.toHaveBeenCalled();
		laidOut = true;
		act(() => jest.advanceTimersByTime(250));
		expect(scrollTo).toHaveBeenCalledWith(0, 380);
		rects.mockRestore();
		top.mockRestore();
		scrollTo.mockRestore();
	});
});
