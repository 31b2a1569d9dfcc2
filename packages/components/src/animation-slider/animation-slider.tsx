import clsx from 'clsx';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

import './style.scss';

/** Length of the slide, in ms. */
export const ANIMATION_SLIDER_DURATION = 200;

export interface AnimationSliderProps {
	/** Renders the current content; receives the CSS status class. Required. */
	children: (status: string) => ReactNode;
	/** Changing it slides the new content in. Required. */
	animationKey: string | number;
	/** Direction of the slide, or null for none. Default null. */
	animate?: 'left' | 'right' | null;
	/** Called when the old content has slid out. */
	onExited?: () => void;
	className?: string;
}

/**
 * Slides between contents (e.g. nested filter menus): when `animationKey` changes, the previous
 * content slides out and the new one in, over 200 ms. Respects prefers-reduced-motion via CSS.
 */
export function AnimationSlider({
	children,
	animationKey,
	animate = null,
	onExited,
	className,
}: AnimationSliderProps) {
	const [previous, setPrevious] = useState<{ key: string | number; node: ReactNode } | null>(
		null,
	);
	const committed = useRef<{ key: string | number; node: ReactNode }>({
		key: animationKey,
		node: null,
	});
	const current = children(animate ? `is-entering-${animate}` : '');

	// After each commit remember what was shown; when the key changed, keep the old content to slide out.
	// Runs after every commit on purpose: it records what was shown and sets state only on a key change.
	// eslint-disable-next-line react-hooks/exhaustive-deps
	useLayoutEffect(() => {
		const old = committed.current;
		committed.current = { key: animationKey, node: current };
		if (old.key === animationKey) return;
		setPrevious(animate ? old : null);
	});

	useEffect(() => {
		if (!previous) return undefined;
		const timer = setTimeout(() => {
			setPrevious(null);
			onExited?.();
		}, ANIMATION_SLIDER_DURATION);
		return () => clearTimeout(timer);
	}, [previous, onExited]);

	return (
		<div
			className={clsx(
				'abacus-animation-slider',
				className,
				animate && `is-sliding-${animate}`,
			)}
		>
			{previous && (
				<div
					key={`old-${previous.key}`}
					className={`abacus-animation-slider__item is-exiting-${animate}`}
					aria-hidden="true"
				>
					{previous.node}
				</div>
			)}
			<div
				key={`new-${animationKey}`}
				className={clsx(
					'abacus-animation-slider__item',
					previous && `is-entering-${animate}`,
				)}
			>
				{current}
			</div>
		</div>
	);
}
