import { useEffect, useRef, type ReactNode } from 'react';

/** Delay before the first try and between retries, in ms. */
export const SCROLL_TO_RETRY_DELAY = 250;

export interface ScrollToProps {
	/** Extra offset in pixels added to the element's position (a number as a string, may be negative). Default '0'. */
	offset?: string;
	children: ReactNode;
}

/**
 * Scrolls the window to its children once they are laid out: tries 250 ms after mount and retries
 * every 250 ms until the element has a position.
 */
export function ScrollTo({ offset = '0', children }: ScrollToProps) {
	const ref = useRef<HTMLSpanElement>(null);
	useEffect(() => {
		let timer: ReturnType<typeof setTimeout>;
		const attempt = () => {
			const element = ref.current;
			if (!element) return;
			const top = element.offsetTop;
			if (!top && element.getClientRects().length === 0) {
				timer = setTimeout(attempt, SCROLL_TO_RETRY_DELAY);
				return;
			}
			window.scrollTo(0, top + (parseInt(offset, 10) || 0));
		};
		timer = setTimeout(attempt, SCROLL_TO_RETRY_DELAY);
		return () => clearTimeout(timer);
	}, [offset]);
	return <span ref={ref}>{children}</span>;
}
