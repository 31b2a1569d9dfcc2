/**
 * Report answers asked for together are stored together. A report page asks for several answers
 * at once (a year by day is eight: four pages of each period); stored one by one, each answer and
 * then its resolution's end is a store change, and every change runs every report selector on the
 * page and draws the report again (with the last answers still missing). Here an answer waits
 * until every report answer still being asked for has come (at most `HOLD_MS` after the first
 * waiting one, so one slow answer does not hold the others back): all of them are stored in one
 * registry batch, and their resolutions end in the same run of microtasks after it, so React draws
 * them once. (The batch's own change leaves the report selectors' "still loading" results as they
 * were.)
 */
import type { WCDataRegistry } from '../store-registry.js';

/** The longest an answer waits for the others asked for with it before it is stored. */
export const HOLD_MS = 150;

interface Waiting {
	store: () => void;
	settle: (error?: unknown) => void;
}

interface Queue {
	entries: Waiting[];
	/** When the first waiting answer came (Date.now()). */
	since: number;
	/** The next look at whether the queue can be stored. */
	timer: ReturnType<typeof setTimeout> | null;
}

/** Answers waiting to be stored, per registry (tests use registries of their own). */
const waiting = new Map<unknown, Queue>();
/** Report answers being asked for, per registry. */
const asking = new Map<unknown, number>();

/** `registry.batch` where the registry has it (@wordpress/data 9.1 and later). */
function inBatch(registry: WCDataRegistry, run: () => void): void {
	const { batch } = registry as { batch?: (callback: () => void) => void };
	if (typeof batch === 'function') batch(run);
	else run();
}

/** Stores every waiting answer of `registry` in one batch and settles them. */
function storeWaiting(registry: WCDataRegistry): void {
	const queue = waiting.get(registry);
	if (!queue) return;
	waiting.delete(registry);
	if (queue.timer !== null) clearTimeout(queue.timer);
	const errors = new Map<Waiting, unknown>();
	inBatch(registry, () => {
		for (const item of queue.entries) {
			try {
				item.store();
			} catch (error) {
				errors.set(item, error ?? new Error('Storing a report answer failed.'));
			}
		}
	});
	for (const item of queue.entries) item.settle(errors.get(item));
}

/**
 * Looks at the queue a task after an answer came (answers delivered in the same task go with
 * it): stored once nothing else is being asked for, or once the first has waited `HOLD_MS`.
 */
function lookLater(registry: WCDataRegistry, queue: Queue, delay: number): void {
	if (queue.timer !== null) clearTimeout(queue.timer);
	queue.timer = setTimeout(() => {
		queue.timer = null;
		const held = Date.now() - queue.since;
		if ((asking.get(registry) ?? 0) === 0 || held >= HOLD_MS) storeWaiting(registry);
		else lookLater(registry, queue, HOLD_MS - held);
	}, delay);
}

/**
 * Runs `ask` (the request of one report answer) counted as being asked for: the answers that come
 * meanwhile wait for it (up to `HOLD_MS`).
 */
export async function askTogether<T>(registry: WCDataRegistry, ask: () => Promise<T>): Promise<T> {
	asking.set(registry, (asking.get(registry) ?? 0) + 1);
	try {
		return await ask();
	} finally {
		const left = (asking.get(registry) ?? 1) - 1;
		if (left > 0) asking.set(registry, left);
		else asking.delete(registry);
	}
}

/**
 * Runs `store` (dispatches of plain actions) together with those of every other answer asked for
 * with it (see the top of this file), in one registry batch; settles once they have run (rejects
 * with what `store` threw, the others' still run).
 */
export function storeTogether(registry: WCDataRegistry, store: () => void): Promise<void> {
	return new Promise<void>((resolve, reject) => {
		const entry: Waiting = {
			store,
			settle: (error) => (error === undefined ? resolve() : reject(error)),
		};
		let queue = waiting.get(registry);
		if (!queue) {
			queue = { entries: [], since: Date.now(), timer: null };
			waiting.set(registry, queue);
		}
		queue.entries.push(entry);
		lookLater(registry, queue, 0);
	});
}
