// ESLint flat config: TypeScript, React hooks, and the dependency rule of DESIGN.md
// (each layer imports only from the layers below it).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import path from 'node:path';

import globals from 'globals';
import tseslint from 'typescript-eslint';

const L0 = ['settings', 'metrics', 'number', 'currency', 'date', 'navigation', 'csv-export'];

/** Builds a no-restricted-imports rule that forbids the given patterns. */
function forbid(patterns, message) {
	return {
		'no-restricted-imports': [
			'error',
			{
				patterns: [
					{
						group: ['@abacus/*/src', '@abacus/*/src/*', '@abacus/*/build-module/*'],
						message: 'Import packages through their public entry (@abacus/x).',
					},
					{
						group: ['@woocommerce/*'],
						message: 'Abacus is written from its own specification only.',
					},
					...(patterns.length ? [{ group: patterns, message }] : []),
				],
			},
		],
	};
}

/** What the server may not import: React, @wordpress/*, the L1 packages and the client. */
const SERVER_FORBIDDEN = [
	'react',
	'react-dom',
	'@wordpress/*',
	'@abacus/data',
	'@abacus/components',
	'@abacus/client',
	'**/client/**',
];

/**
 * The server's layers (server/README.md): each folder may import only the folders listed for it
 * (and core/, the database connection and server context, which imports none); app.ts, index.ts
 * and cli.ts wire everything at the top. Tests may import anything. `clickhouse-engine` is the
 * engine on ClickHouse: the report source per store, the operator's store choice and the store
 * group's routes, over the ClickHouse adapter (server/src/clickhouse-engine/README.md).
 */
const SERVER_LAYERS = {
	core: [],
	db: ['core'],
	http: ['core'],
	demo: ['core', 'db'],
	metrics: ['core', 'db', 'http'],
	reports: ['core', 'db', 'http', 'metrics'],
	admin: ['core', 'db', 'http', 'metrics'],
	page: ['core', 'db', 'http', 'metrics', 'admin'],
	'clickhouse-engine': ['core', 'db', 'http', 'metrics', 'reports', 'engine-auth', 'clickhouse'],
};
/** Every server folder; a folder's rule forbids those it may not import (clickhouse's its own). */
const SERVER_FOLDERS = [...Object.keys(SERVER_LAYERS), 'sync', 'engine-auth', 'clickhouse'];

function serverLayer(folder) {
	const below = new Set([folder, ...SERVER_LAYERS[folder]]);
	const above = SERVER_FOLDERS.filter((f) => !below.has(f));
	const rule = forbid(SERVER_FORBIDDEN, 'The server uses only its own code and the L0 packages.');
	rule['no-restricted-imports'][1].patterns.push({
		regex: `^(\\.\\./)+((${above.join('|')})/|(app|index|cli)\\.js$)`,
		message: `server/src/${folder} may import only ${[...below].filter((f) => f !== folder).join(', ') || 'no other server folder'} (server/README.md, Layout).`,
	});
	return {
		files: [`server/src/${folder}/**/*.ts`],
		ignores: ['**/test/**'],
		rules: rule,
	};
}

/**
 * server/src/reports/shared is the machinery every report uses (server/src/reports/README.md): it
 * imports no report's folder, so a report is added or removed with its folder alone. The rule is
 * the reports layer's (serverLayer('reports')) with that pattern added, since a later rule of the
 * same name replaces an earlier one for the files both match.
 */
const REPORT_FOLDERS = fs
	.readdirSync(path.resolve(import.meta.dirname, 'server/src/reports'), { withFileTypes: true })
	.filter((entry) => entry.isDirectory() && !['shared', 'test'].includes(entry.name))
	.map((entry) => entry.name);

function reportsShared() {
	const layer = serverLayer('reports');
	layer.rules['no-restricted-imports'][1].patterns.push({
		regex: `^\\.\\./(${REPORT_FOLDERS.join('|')})/`,
		message:
			'server/src/reports/shared imports no report folder: what a report needs of another lives in that report (server/src/reports/README.md).',
	});
	return { ...layer, files: ['server/src/reports/shared/**/*.ts'] };
}

/**
 * server/src/clickhouse is a storage adapter beneath the routes (server/src/db/storage.ts): it
 * imports core/, db/, metrics/ and its own files only; never http/, reports/, sync/,
 * engine-auth/, admin/, page/, demo/, clickhouse-engine/ or the wiring (app, index, cli). Its
 * routes, report source and store sync live in clickhouse-engine/, reports/ and sync/
 * (server/src/clickhouse/README.md, "What lives here and what it may import").
 */
const CLICKHOUSE_ALLOWED = ['core', 'db', 'metrics'];
const CLICKHOUSE_FORBIDDEN = SERVER_FOLDERS.filter(
	(folder) => folder !== 'clickhouse' && !CLICKHOUSE_ALLOWED.includes(folder),
);

function clickhouseAdapter() {
	const rule = forbid(SERVER_FORBIDDEN, 'The server uses only its own code and the L0 packages.');
	rule['no-restricted-imports'][1].patterns.push({
		regex: `^(\\.\\./)+((${CLICKHOUSE_FORBIDDEN.join('|')})/|(app|index|cli)\\.js$)`,
		message: `server/src/clickhouse is a storage adapter: it imports only ${CLICKHOUSE_ALLOWED.join(', ')} and its own files, nothing from ${CLICKHOUSE_FORBIDDEN.join(', ')} or the wiring (server/src/clickhouse/README.md).`,
	});
	return {
		files: ['server/src/clickhouse/**/*.ts'],
		ignores: ['**/test/**'],
		rules: rule,
	};
}

/**
 * The client's floors (client/README.md), top to bottom: a file may import its own floor's shared
 * folders and any floor below, never a floor above; screens never import one another (what two
 * screens share lives a floor down). Relative imports are resolved against the importing file.
 */
const CLIENT_FLOORS = [
	['app', 'index.tsx'],
	['layout'],
	['screens', 'analytics/reports', 'dashboard', 'widget'],
	[
		'analytics/components',
		'analytics/forecast',
		'analytics/annotations',
		'analytics/saved-views',
	],
	['engine'],
	['base'],
];
/** Floors whose folders may import one another (the app's entry, the shared report pieces). */
const SHARED_FLOORS = new Set([0, 3]);
const CLIENT_ROOT = path.resolve(import.meta.dirname, 'client/src');

function clientFolder(file) {
	const relative = path.relative(CLIENT_ROOT, file).split(path.sep).join('/');
	if (relative.startsWith('..')) return null;
	for (const [floor, folders] of CLIENT_FLOORS.entries()) {
		for (const folder of folders) {
			if (relative === folder || relative.startsWith(`${folder}/`)) return { floor, folder };
		}
	}
	return null;
}

const clientFloors = {
	meta: { type: 'problem', schema: [] },
	create(context) {
		const from = clientFolder(context.filename);
		if (!from) return {};
		const check = (node) => {
			const source = node.source;
			if (!source || typeof source.value !== 'string' || !source.value.startsWith('.'))
				return;
			const to = clientFolder(path.resolve(path.dirname(context.filename), source.value));
			if (!to || to.folder === from.folder) return;
			const sideways = to.floor === from.floor && !SHARED_FLOORS.has(from.floor);
			if (to.floor < from.floor || sideways) {
				context.report({
					node: source,
					message: `client/src/${from.folder} may not import client/src/${to.folder}: ${sideways ? 'folders of one floor do not import one another' : 'it is a floor above'} (client/README.md, Floors).`,
				});
			}
		};
		return {
			ImportDeclaration: check,
			ImportExpression: check,
			ExportNamedDeclaration: check,
			ExportAllDeclaration: check,
		};
	},
};

export default tseslint.config(
	{
		ignores: [
			'**/node_modules/**',
			'**/build/**',
			'**/build-module/**',
			'**/build-types/**',
			'coverage/**',
			'test-results/**',
			'bench-results/**',
			'artifacts/**',
			'.data/**',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'warn',
			'@typescript-eslint/no-explicit-any': 'error',
			'@typescript-eslint/consistent-type-imports': [
				'error',
				{ fixStyle: 'inline-type-imports' },
			],
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
			],
		},
	},
	{
		files: ['**/*.{js,cjs,mjs}'],
		languageOptions: { globals: { ...globals.node } },
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},
	// L0: pure packages, no React, no stores, no components, no client.
	{
		files: L0.map((p) => `packages/${p}/src/**/*.{ts,tsx}`),
		ignores: ['**/test/**'],
		rules: forbid(
			[
				'react',
				'react-dom',
				'@wordpress/components',
				'@wordpress/data',
				'@wordpress/element',
				'@abacus/data',
				'@abacus/components',
				'@abacus/client',
				'**/client/**',
			],
			'L0 packages are pure TypeScript: no React, stores, components or client code.',
		),
	},
	// L1 data: L0 + @wordpress/data + api-fetch; never components or client.
	{
		files: ['packages/data/src/**/*.{ts,tsx}'],
		rules: forbid(
			['@abacus/components', '@wordpress/components', '@abacus/client', '**/client/**'],
			'Data stores never import components or the client.',
		),
	},
	// L1 components: L0 + React + @wordpress/components; never a store.
	{
		files: ['packages/components/src/**/*.{ts,tsx}'],
		rules: forbid(
			[
				'@abacus/data',
				'@wordpress/data',
				'@wordpress/api-fetch',
				'@abacus/client',
				'**/client/**',
			],
			'Components take data as props: no stores, no fetching, no client code.',
		),
	},
	// Server: its own code and L0 packages only; its folders in layers.
	{
		files: ['server/src/**/*.ts'],
		rules: forbid(SERVER_FORBIDDEN, 'The server uses only its own code and the L0 packages.'),
	},
	...Object.keys(SERVER_LAYERS).map(serverLayer),
	reportsShared(),
	clickhouseAdapter(),
	{
		files: ['client/src/**/*.{ts,tsx}'],
		rules: forbid([], ''),
	},
	{
		files: ['client/src/**/*.{ts,tsx}'],
		ignores: ['**/test/**'],
		plugins: { abacus: { rules: { 'client-floors': clientFloors } } },
		rules: { 'abacus/client-floors': 'error' },
	},
	{
		files: ['**/test/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx,js}'],
		languageOptions: { globals: { ...globals.jest, ...globals.node } },
	},
	{
		// Benchmarks and browser tests pass functions to page.evaluate: they run in the page.
		files: ['tests/bench/**', 'tests/e2e/**', 'tests/wordpress/**'],
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
	},
	{
		files: ['client/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
		languageOptions: { globals: { ...globals.browser } },
	},
);
