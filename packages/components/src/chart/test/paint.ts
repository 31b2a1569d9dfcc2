import { act } from '@testing-library/react';

/**
 * Waits until the frame under way has been painted and what the chart does after a paint (its
 * screen-reader table) is drawn: an animation frame, then a task.
 */
export const afterPaint = (): Promise<void> =>
	act(
		() =>
			new Promise<void>((resolve) => {
				requestAnimationFrame(() => setTimeout(resolve, 0));
			}),
	);
