/**
 * A ResizeObserver whose reports the test sends: each observer's callback is kept in `reports`
 * (call one to report its box as the browser would once it has laid the page out); `restore` puts
 * the page's own ResizeObserver back.
 */
export function reportingResizeObserver(): { reports: Array<() => void>; restore: () => void } {
	const reports: Array<() => void> = [];
	const original = window.ResizeObserver;
	window.ResizeObserver = class {
		constructor(callback: () => void) {
			reports.push(callback);
		}
		observe(): void {}
		unobserve(): void {}
		disconnect(): void {}
	} as unknown as typeof ResizeObserver;
	return {
		reports,
		restore: () => {
			window.ResizeObserver = original;
		},
	};
}
