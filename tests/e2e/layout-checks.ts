/**
 * Layout checks over rendered controls: form controls that overlap or touch one another, and text
 * cut by an ellipsis.
 */
import type { Page } from 'playwright-core';

/**
 * Pairs of visible controls inside `scope` (each top-level `.components-base-control`, and each
 * button or link outside one) whose boxes overlap or come closer than `minGap` px. Controls of one
 * row (e.g. buttons side by side) are apart by their gap and pass.
 */
export async function crowdedControls(page: Page, scope: string, minGap = 4): Promise<string[]> {
	return page.evaluate(
		({ scope, minGap }) => {
			const problems: string[] = [];
			for (const root of document.querySelectorAll<HTMLElement>(scope)) {
				const controls = Array.from(
					root.querySelectorAll<HTMLElement>(
						'.components-base-control, button, a[href], input, select',
					),
				).filter((control) => {
					const outer = control.parentElement?.closest('.components-base-control');
					if (outer && root.contains(outer)) return false;
					const box = control.getBoundingClientRect();
					return (
						box.width > 0 &&
						box.height > 0 &&
						getComputedStyle(control).visibility !== 'hidden'
					);
				});
				const name = (control: HTMLElement) =>
					(control.getAttribute('aria-label') ?? control.textContent ?? control.tagName)
						.trim()
						.slice(0, 50);
				for (let i = 0; i < controls.length; i++) {
					for (let j = i + 1; j < controls.length; j++) {
						const a = controls[i].getBoundingClientRect();
						const b = controls[j].getBoundingClientRect();
						const apart =
							a.right + minGap <= b.left + 0.5 ||
							b.right + minGap <= a.left + 0.5 ||
							a.bottom + minGap <= b.top + 0.5 ||
							b.bottom + minGap <= a.top + 0.5;
						if (!apart) {
							problems.push(
								`“${name(controls[i])}” (${Math.round(a.top)}–${Math.round(a.bottom)}) and “${name(controls[j])}” (${Math.round(b.top)}–${Math.round(b.bottom)}) are less than ${minGap} px apart`,
							);
						}
					}
				}
			}
			return problems;
		},
		{ scope, minGap },
	);
}

/** Visible elements matching `selector` whose text is cut (wider than their box). */
export async function cutTexts(page: Page, selector: string): Promise<string[]> {
	return page.evaluate((selector) => {
		const cut: string[] = [];
		for (const element of document.querySelectorAll<HTMLElement>(selector)) {
			const box = element.getBoundingClientRect();
			if (box.width === 0) continue;
			if (element.scrollWidth > element.clientWidth + 1) {
				cut.push(
					`“${(element.textContent ?? '').trim()}” needs ${element.scrollWidth} px, has ${element.clientWidth}`,
				);
			}
		}
		return cut;
	}, selector);
}
