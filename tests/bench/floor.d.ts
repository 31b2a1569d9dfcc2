/** Types of floor.js for the TypeScript benches (engine/engine.bench.ts). */
import type { Db } from '../../server/src/core/db.js';

export interface Floor {
	/** How many statements the recorded request ran. */
	statements: number;
	/** Runs them again alone, one after the other; resolves to the milliseconds taken. */
	run(): Promise<number>;
}

export function withFloor(db: Db, fn: () => Promise<void>): Promise<Floor>;
