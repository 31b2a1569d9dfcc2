/**
 * Report answers that arrive together are stored together. A report page asks for several
 * answers at once (a year by day is eight: four pages of each period); stored one by one, each
 * answer and then its resolution's end is a store change, and every change runs every report
 * selector on the page and draws the report again (with the last answers still missing). Here an
 * answer waits for the next task: every answer received by then is stored in one registry batch,
 * and their resolutions end in the same run of microtasks after it, so React draws them once.
 * (The batch's own change leaves the report selectors' "still loading" results as they were.)
 */
import type { WCDataRegistry } from '../store-registry.js';

interface Waiting {
	store: () => void;
	settle: (error?: unknown) => void;
}

/** Answers waiting for the next task, per registry (tests use registries of their own). */
const waiting = new Map<unknown, Waiting[]>();

/** `registry.batch` where the registry has it (@wordpress/data 9.1 and later). */
function inBatch(registry: WCDataRegistry, run: () => void): void {
	const { batch } = registry as { batch?: (callback: () => void) => void };
	if (typeof batch === 'function') batch(run);
	else run();
}

/**
 * Runs `store` (dispatches of plain actions) together with those of every other answer that
 * arrives before the next task, in one registry batch; settles once they have run (rejects with
 * what `store` threw, the others' still run).
 */
export function storeTogether(registry: WCDataRegistry, store: () => void): Promise<void> {
	return new Promise<void>((resolve, reject) => {
		const entry: Waiting = {
			store,
			settle: (error) => (error === undefined ? resolve() : reject(error)),
		};
		const queue = waiting.get(registry);
		if (queue) {
			queue.push(entry);
			return;
		}
		waiting.set(registry, [entry]);
		setTimeout(() => {
			const entries = waiting.get(registry) ?? [];
			waiting.delete(registry);
			const errors = new Map<Waiting, unknown>();
			inBatch(registry, () => {
				for (const item of entries) {
					try {
						item.store();
					} catch (error) {
						errors.set(item, error ?? new Error('Storing a report answer failed.'));
					}
				}
			});
			for (const item of entries) item.settle(errors.get(item));
		}, 0);
	});
}
