/**
 * Runs `work` on every item with at most `limit` running at once (the requests or child processes
 * of a test that do not depend on each other), resolving to the results in the items' order.
 * The first failure rejects; the ones still running finish on their own.
 */
export async function concurrently<T, R>(
	items: readonly T[],
	limit: number,
	work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
	const results = new Array<R>(items.length);
	let next = 0;
	const lane = async (): Promise<void> => {
		while (next < items.length) {
			const index = next++;
			results[index] = await work(items[index], index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
	return results;
}
