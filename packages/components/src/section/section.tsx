import { createElement, useContext, type HTMLAttributes } from 'react';

import { LevelContext } from './context.js';
import type { SectionProps } from './types.js';

/** A heading level: headings (H) inside render one level deeper than those outside. */
export function Section({ component = 'div', className, children }: SectionProps) {
	const level = useContext(LevelContext);
	const content = <LevelContext.Provider value={level + 1}>{children}</LevelContext.Provider>;
	if (component === false) return content;
	return createElement(component, { className }, content);
}

/** A heading at the current level (h2 at the top, one deeper per Section, at most h6). */
export function H(props: HTMLAttributes<HTMLHeadingElement>) {
	const level = useContext(LevelContext);
	const tag = `h${Math.min(Math.max(level, 1), 6)}`;
	return createElement(tag, props);
}
