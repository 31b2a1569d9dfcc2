/**
 * End-to-end tests: the standalone server on a temporary database plus Debian's Chromium driven by
 * Playwright's library. One worker; the server is started once by the global setup.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
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
	moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
	globalSetup: '<rootDir>/tests/e2e/global-setup.mjs',
	globalTeardown: '<rootDir>/tests/e2e/global-teardown.mjs',
	testTimeout: 120000,
	maxWorkers: 1,
};
