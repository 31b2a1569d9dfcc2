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
	moduleNameMapper: {
		// Tests import client modules (e.g. layout/routes.ts) that import the workspace packages'
		// sources, as the unit tests' config maps them.
		'^@abacus/(settings|metrics|number|currency|date|navigation|csv-export|data|components)$':
			'<rootDir>/packages/$1/src/index.ts',
		'^(\\.{1,2}/.*)\\.js$': '$1',
	},
	globalSetup: '<rootDir>/tests/e2e/global-setup.mjs',
	globalTeardown: '<rootDir>/tests/e2e/global-teardown.mjs',
	testTimeout: 120000,
	maxWorkers: 1,
};
