/** Types of floor.js for the TypeScript benches (engine/engine.bench.ts). */
import type { Db } from '../../server/src/core/db.js';

export interface Floor {
	/** How many statements the recorded request ran. */
	statements: number;
	/**
	 * Runs them again alone, one after the other; resolves to the milliseconds taken (without a
	 * statement, the time of `bare`, the server's smallest answer).
	 */
	run(): Promise<number>;
}

export function withFloor(
	db: Db,
	fn: () => Promise<void>,
	bare?: () => Promise<unknown>,
): Promise<Floor>;
