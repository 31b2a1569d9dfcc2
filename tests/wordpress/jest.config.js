/** The plugin test in a real WordPress: runs after the client build, one worker, generous time. */
export default {
	rootDir: '../..',
	testEnvironment: 'node',
	testMatch: ['<rootDir>/tests/wordpress/**/*.test.ts'],
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
	testTimeout: 180000,
	maxWorkers: 1,
};
