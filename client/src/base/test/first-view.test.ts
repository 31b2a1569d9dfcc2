/**
 * A page's loader waits for its first view: until the figures have come (or failed), or the wait
 * is over, and never longer, and it stops listening to the store then.
 */
import type { AnySelect } from '@abacus/data';

import { waitForFirstView, type FirstView } from '../first-view.js';

/** A store stand-in: `change()` tells the listeners, as a data registry does. */
function fakeStore() {
	const listeners = new Set<() => void>();
	return {
		select: (() => ({})) as unknown as AnySelect,
		subscribe: (listener: () => void) => {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		change: () => listeners.forEach((listener) => listener()),
		listening: () => listeners.size,
	};
}

describe('waitForFirstView', () => {
	afterEach(() => jest.useRealTimers());

	it('settles once the first view has come, and stops listening', async () => {
		const store = fakeStore();
		let ready = false;
		const firstView: FirstView = jest.fn(() => ready);
		let settled = false;
		const waiting = waitForFirstView(
			firstView,
			{ a: 1 },
			60_000,
			store.select,
			store.subscribe,
		);
		void waiting.then(() => (settled = true));
		// Asked at once (that starts its requests), with the page's query.
		expect(firstView).toHaveBeenCalledWith(store.select, { a: 1 });
		store.change();
		await Promise.resolve();
		expect(settled).toBe(false);
		ready = true;
		store.change();
		await waiting;
		expect(settled).toBe(true);
		expect(store.listening()).toBe(0);
	});

	it('looks once at the store changes of one task', async () => {
		const store = fakeStore();
		let ready = false;
		const firstView: FirstView = jest.fn(() => ready);
		const waiting = waitForFirstView(firstView, {}, 60_000, store.select, store.subscribe);
		// A report page's eight requests start: eight changes in one task.
		for (let change = 0; change < 8; change++) store.change();
		expect(firstView).toHaveBeenCalledTimes(1);
		ready = true;
		await waiting;
		expect(firstView).toHaveBeenCalledTimes(2);
		expect(store.listening()).toBe(0);
	});

	it('does not wait when the figures are there already', async () => {
		const store = fakeStore();
		await waitForFirstView(() => true, {}, 60_000, store.select, store.subscribe);
		expect(store.listening()).toBe(0);
	});

	it('settles when the wait is over, the figures still missing', async () => {
		jest.useFakeTimers();
		const store = fakeStore();
		let settled = false;
		const waiting = waitForFirstView(() => false, {}, 500, store.select, store.subscribe);
		void waiting.then(() => (settled = true));
		jest.advanceTimersByTime(499);
		await Promise.resolve();
		expect(settled).toBe(false);
		jest.advanceTimersByTime(1);
		await waiting;
		expect(store.listening()).toBe(0);
	});

	it('settles when asking fails (the page then shows what went wrong)', async () => {
		const store = fakeStore();
		await waitForFirstView(
			() => {
				throw new Error('no such store');
			},
			{},
			60_000,
			store.select,
			store.subscribe,
		);
		expect(store.listening()).toBe(0);
	});
});
