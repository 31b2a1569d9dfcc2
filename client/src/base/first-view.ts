/**
 * Waiting for a page's first view (see analytics/reports/first-view.ts): a page module's default
 * export may carry `firstView`, which says whether the figures its first drawing shows have come;
 * its loader waits for them a short while, so the page is drawn once with them. Kept apart from
 * the reports (no component here): the app's entry loads it.
 */
import { select as defaultSelect, subscribe } from '@wordpress/data';
import type { AnySelect } from '@abacus/data';

/** Whether every figure of a page's first view has come (or failed); asking starts them. */
export type FirstView = (select: AnySelect, query: Record<string, unknown>) => boolean;

/** The longest a page's first drawing waits for its figures (then its placeholders show). */
export const FIRST_VIEW_WAIT_MS = 500;

/**
 * Asks for a first view's figures and settles once they have all come or failed, or after
 * `waitMs` (never rejects: a failure shows on the page as it would have). Asked at once (that
 * starts the requests), then looked at again a task after the store changes: the changes of one
 * task (each request's start is one, and a report page starts eight) are looked at once.
 */
export function waitForFirstView(
	firstView: FirstView,
	query: Record<string, unknown>,
	waitMs: number = FIRST_VIEW_WAIT_MS,
	select: AnySelect = defaultSelect as unknown as AnySelect,
	onChange: (listener: () => void) => () => void = subscribe as (
		listener: () => void,
	) => () => void,
): Promise<void> {
	return new Promise((resolve) => {
		let settled = false;
		let unsubscribe: (() => void) | null = null;
		let later: ReturnType<typeof setTimeout> | null = null;
		const settle = () => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			if (later !== null) clearTimeout(later);
			unsubscribe?.();
			resolve();
		};
		const timer = setTimeout(settle, waitMs);
		const check = () => {
			later = null;
			if (settled) return;
			try {
				if (firstView(select, query)) settle();
			} catch {
				settle();
			}
		};
		check();
		if (!settled) {
			unsubscribe = onChange(() => {
				if (later === null && !settled) later = setTimeout(check, 0);
			});
		}
	});
}
