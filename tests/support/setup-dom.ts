import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// @wordpress/components notices also speak their message into hidden live regions; text queries
// look at what is on the page, so those regions are left out of them (assert announcements by role).
// findBy… and waitFor wait up to 10 s for what they look for (not Testing Library's 1 s): on a
// loaded 2-core machine (CI runs at load 10 and more) a store's second answer can take longer than a
// second. A test still fails when the screen never shows it; only a slow machine is waited for.
configure({
	asyncUtilTimeout: 10_000,
	defaultIgnore: 'script, style, .a11y-speak-region, .a11y-speak-intro-text',
});

// jsdom lacks these browser APIs that @wordpress/components and the charts use.
class ResizeObserverStub {
	observe(): void {}
	unobserve(): void {}
	disconnect(): void {}
}
if (typeof window !== 'undefined') {
	if (!('ResizeObserver' in window)) {
		Object.defineProperty(window, 'ResizeObserver', {
			value: ResizeObserverStub,
			writable: true,
		});
	}
	if (!window.matchMedia) {
		Object.defineProperty(window, 'matchMedia', {
			writable: true,
			value: (query: string) => ({
				matches: false,
				media: query,
				onchange: null,
				addListener: () => undefined,
				removeListener: () => undefined,
				addEventListener: () => undefined,
				removeEventListener: () => undefined,
				dispatchEvent: () => false,
			}),
		});
	}
	window.scrollTo = () => undefined;
}
