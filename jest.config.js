/**
 * Jest runs every unit and integration test of the monorepo, in two workers.
 * Two projects: `node` for the pure packages, the data stores and the server;
 * `dom` (jsdom) for React components and the client.
 */
const esmPackages = [
	'd3-[a-z-]+',
	'internmap',
	'delaunator',
	'robust-predicates',
	'dinero\\.js',
	'@dinero\\.js',
	'uuid',
	'@wordpress/theme',
	'@ariakit',
	'clsx',
	'nanoid',
	'@preact',
	'preact',
	'parsel-js',
	'change-case',
	'@emotion',
	'colord',
	'framer-motion',
	'motion-dom',
	'motion-utils',
	'is-plain-object',
	'memize',
	'fast-deep-equal',
	'client-zip',
	'@floating-ui',
	'react-day-picker',
	'date-fns',
	'remove-accents',
	'highlight-words-core',
	'use-memo-one',
	'@use-gesture',
	'equivalent-key-map',
	'rememo',
	'is-promise',
	'redux',
	'tannin',
	'@tannin',
	'sprintf-js',
	'gradient-parser',
	'cookie',
];

const shared = {
	// Sized for a loaded 2-core machine (CI runs at load 10 and more): tests that open a database,
	// start a server or lazy-load code must not fail on jest's 5 s default.
	testTimeout: 60000,
	transform: {
		'^.+\\.(m?js|tsx?|jsx)$': [
			'@swc/jest',
			{
				jsc: {
					parser: { syntax: 'typescript', tsx: true },
					transform: { react: { runtime: 'automatic' } },
					target: 'es2022',
				},
				module: { type: 'commonjs' },
			},
		],
	},
	transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
	moduleNameMapper: {
		'^@abacus/(settings|metrics|number|currency|date|navigation|csv-export|data|components)$':
			'<rootDir>/packages/$1/src/index.ts',
		'\\.(css|scss)$': '<rootDir>/tests/support/style-stub.cjs',
		'^(\\.{1,2}/.*)\\.js$': '$1',
	},
	testPathIgnorePatterns: [
		'/node_modules/',
		'/build/',
		'/build-module/',
		'/tests/e2e/',
		'/tests/bench/',
	],
	moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
};

export default {
	// Jest reads testTimeout from the top-level config only (inside `projects` it is ignored).
	testTimeout: shared.testTimeout,
	// Two workers on the 2-core CI machine (jest's default there is one): many files wait on a
	// server, ClickHouse or a child process, and the files share no fixed port or folder.
	maxWorkers: 2,
	// The slowest files first, so that no long file starts last with the other worker idle.
	testSequencer: '<rootDir>/tests/support/slow-first-sequencer.cjs',
	projects: [
		{
			...shared,
			displayName: 'node',
			testEnvironment: 'node',
			testMatch: [
				'<rootDir>/packages/{settings,metrics,number,currency,date,navigation,csv-export,data}/src/**/test/**/*.test.ts',
				'<rootDir>/server/src/**/test/**/*.test.ts',
				'<rootDir>/tests/integration/**/*.test.ts',
				'<rootDir>/tests/fuzz/**/*.test.ts',
			],
		},
		{
			...shared,
			displayName: 'dom',
			testEnvironment: 'jsdom',
			setupFilesAfterEnv: ['<rootDir>/tests/support/setup-dom.ts'],
			testMatch: [
				'<rootDir>/packages/{components,data,csv-export}/src/**/test/**/*.test.tsx',
				'<rootDir>/client/src/**/test/**/*.test.{ts,tsx}',
			],
		},
	],
};
