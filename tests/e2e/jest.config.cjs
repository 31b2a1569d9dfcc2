/**
 * End-to-end tests: the standalone server on a temporary database plus Debian's Chromium driven by
 * Playwright's library. Three workers, each with its own servers and databases: the global setup starts
 * one pair per worker and tests/e2e/worker-server.cjs points each test file at its worker's pair.
 * The slowest files start first (tests/support/slow-first-sequencer.cjs).
 */
module.exports = {
	rootDir: '../..',
	// Node's, with a picture of each open page when a test fails (environment.cjs).
	testEnvironment: '<rootDir>/tests/e2e/environment.cjs',
	testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
	transform: {
		'^.+\\.(t|j)sx?$': [
			'@swc/jest',
			{
				jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
				module: { type: 'commonjs' },
			},
		],
	},
	moduleNameMapper: {
		// Tests import client modules (e.g. layout/routes.ts) that import the workspace packages'
		// sources, as the unit tests' config maps them.
		'^@abacus/(settings|metrics|number|currency|date|navigation|csv-export|data|components)$':
			'<rootDir>/packages/$1/src/index.ts',
		'^(\\.{1,2}/.*)\\.js$': '$1',
	},
	globalSetup: '<rootDir>/tests/e2e/global-setup.mjs',
	setupFiles: ['<rootDir>/tests/e2e/worker-server.cjs'],
	globalTeardown: '<rootDir>/tests/e2e/global-teardown.mjs',
	testTimeout: 120000,
	testSequencer: '<rootDir>/tests/support/slow-first-sequencer.cjs',
	// Three browsers and six servers on a 2-core machine: most of a test's time is spent waiting for
	// a page to load and settle, so a third worker fills the cores the other two leave idle (the
	// whole suite: 2 workers 306-325 s with the cores 84-86 % busy, 3 workers 272 s at 95 %).
	maxWorkers: 3,
};
