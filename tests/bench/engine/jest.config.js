/** The engine bench (tests/bench/engine.js runs it): the TypeScript harness through jest. */
import base from '../../engine/jest.config.js';

export default {
	...base,
	rootDir: '../../..',
	testMatch: ['<rootDir>/tests/bench/engine/*.bench.ts'],
	testTimeout: 3 * 60 * 60 * 1000,
};
