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
	// `cookie` (of light-my-request, behind the server's `inject`) ships only as an ES module.
	transformIgnorePatterns: ['/node_modules/(?!(cookie)/)'],
	// The server from its sources, with the workspace packages it imports from theirs.
	moduleNameMapper: {
		'^@abacus/(settings|metrics|number|currency|date|navigation|csv-export|data|components)$':
			'<rootDir>/packages/$1/src/index.ts',
		'^(\\.{1,2}/.*)\\.js$': '$1',
	},
	testTimeout: 300000,
	maxWorkers: 1,
};
