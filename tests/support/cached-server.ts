/**
 * Starts a demo server on a store generated once and copied (server/src/demo/test/store-cache.ts):
 * the store is what a first start on a missing file leaves (generated with `orders`, `seed` and `timeZone`,
 * then opened and closed by a server), kept under a key naming its orders, seed and UTC day, so a
 * test file run again, or another file asking for the same store, does not generate it again. The
 * day is in the key because a demo store's orders end at the moment it was generated: a store
 * from another day would leave the reports' default ranges (the last days) emptier than a fresh
 * one.
 */
import { cachedStoreFile } from '../../server/src/demo/test/store-cache.js';
import { type RunningServer, type StartOptions, startServer } from '../../server/src/index.js';

export async function startCachedServer(
	options: StartOptions & { databasePath: string; orders: number; seed: number },
): Promise<RunningServer> {
	const { databasePath, orders, seed } = options;
	const timeZone = options.timeZone ?? 'UTC';
	await cachedStoreFile(
		{
			store: 'server-opened',
			orders,
			seed,
			timeZone,
			day: new Date().toISOString().slice(0, 10),
		},
		databasePath,
		async (file) => {
			const first = await startServer({
				databasePath: file,
				orders,
				seed,
				timeZone,
				quiet: true,
			});
			await first.close();
		},
	);
	return startServer(options);
}
