/** The engine's sync and reconciliation against a real WooCommerce: one worker, generous time. */
export default {
	rootDir: '../..',
	testEnvironment: 'node',
	testMatch: ['<rootDir>/tests/engine/**/*.test.ts'],
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
	testTimeout: 300000,
	maxWorkers: 1,
};
