// The store sizes of the benches on the real stack (engine.js, pages.js): `--orders` or
// BENCH_ENGINE_SIZES, default 20000, each a whole number of orders from 1000 to 10000000.
import { usageError } from '../../scripts/command-line.js';

/** The sizes asked, as given (comma-separated); exits with the usage on a bad one. */
export function storeSizes(orders, usage) {
	const sizes = orders ?? process.env.BENCH_ENGINE_SIZES ?? '20000';
	for (const size of sizes.split(',')) {
		const n = Number(size.trim());
		if (!Number.isInteger(n) || n < 1000 || n > 10_000_000)
			usageError(
				`--orders: "${size}" is not a whole number of orders from 1000 to 10000000.`,
				usage,
			);
	}
	return sizes;
}
