/**
 * Builds each @abacus package as a WordPress script into build/wp-packages/ (for
 * php/register-packages.php): `<name>.js` assigns the package's exports to the global
 * `abacus.<camelName>`, `<name>.asset.php` lists its dependencies (wp-* handles, react and the other
 * abacus-* handles, which stay external) and version; components also gets `components.css` and
 * `components-rtl.css` (its compiled style sheets, without @wordpress/components' own).
 *
 * A second build writes `wp-components.js` (the global `abacus.wpComponents`, the
 * `abacus-wp-components` handle): the @wordpress/components exports Abacus's code uses
 * (scripts/wp-components-subset.js), bundled with @wordpress/private-apis, which they register
 * with; `wp-components.css` and `wp-components-rtl.css` are the same version's style sheets. The
 * packages above and the app (webpack.config.js) read @wordpress/components from it, so an Abacus
 * page loads one copy of the components it uses and not WordPress's whole components script.
 *
 * A third writes `wp-date.js` (the global `abacus.wpDate`, the `abacus-wp-date` handle):
 * @wordpress/date with moment-timezone without its zone database (client/src/app/wp-date.ts),
 * which the packages and the app read @wordpress/date and moment-timezone from instead of
 * WordPress's `wp-date` script and its whole zone database.
 *
 * Usage: npx webpack -c scripts/webpack.packages.config.js [--mode development]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import webpack from 'webpack';

import {
	commonPlugins,
	momentTimezoneAlias,
	optimization,
	resolveSources,
	typeScriptRule,
} from './webpack-common.js';

import { compileStyles, PACKAGES } from './build-packages.js';
import { COMPONENTS, wpComponentsEntry } from './wp-components-subset.js';
import { ownHandlesExternal, WP_DATE } from './wp-own-handles.js';

const require = createRequire(import.meta.url);
const AbacusDependencyExtractionWebpackPlugin = require('@abacus/dependency-extraction-webpack-plugin');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const camelCase = (name) => name.replace(/-([a-z])/g, (_all, letter) => letter.toUpperCase());

/** Emits components.css and components-rtl.css from the package's style sheets. */
class PackageStylesPlugin {
	apply(compiler) {
		compiler.hooks.thisCompilation.tap('PackageStylesPlugin', (compilation) => {
			compilation.hooks.processAssets.tap(
				{
					name: 'PackageStylesPlugin',
					stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
				},
				() => {
					const styles = compileStyles(path.join(root, 'packages/components'));
					if (!styles) return;
					compilation.emitAsset(
						'components.css',
						new webpack.sources.RawSource(styles.css),
					);
					compilation.emitAsset(
						'components-rtl.css',
						new webpack.sources.RawSource(styles.rtl),
					);
				},
			);
		});
	}
}

/** Emits wp-components.css and wp-components-rtl.css: the bundled version's own style sheets. */
class WpComponentsStylesPlugin {
	apply(compiler) {
		compiler.hooks.thisCompilation.tap('WpComponentsStylesPlugin', (compilation) => {
			compilation.hooks.processAssets.tap(
				{
					name: 'WpComponentsStylesPlugin',
					stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
				},
				() => {
					for (const [from, to] of [
						['style.css', 'wp-components.css'],
						['style-rtl.css', 'wp-components-rtl.css'],
					]) {
						// From the package's folder: a test runner may map `.css` requests elsewhere.
						const file = path.join(
							path.dirname(require.resolve(`${COMPONENTS}/package.json`)),
							'build-style',
							from,
						);
						compilation.fileDependencies.add(file);
						compilation.emitAsset(
							to,
							new webpack.sources.RawSource(readFileSync(file, 'utf8')),
						);
					}
				},
			);
		});
	}
}

export default (_env, argv = {}) => {
	const isProduction = (argv.mode ?? 'production') !== 'development';
	const buildRoot = process.env.ABACUS_BUILD_ROOT
		? path.resolve(process.env.ABACUS_BUILD_ROOT)
		: path.join(root, 'build');
	const packages = {
		name: 'wp-packages',
		mode: isProduction ? 'production' : 'development',
		target: ['web', 'es2019'],
		devtool: false,
		entry: Object.fromEntries(
			PACKAGES.map((name) => [
				name,
				{
					import: path.join(root, 'packages', name, 'src/index.ts'),
					library: { name: ['abacus', camelCase(name)], type: 'window' },
				},
			]),
		),
		output: {
			path: path.join(buildRoot, 'wp-packages'),
			filename: '[name].js',
			chunkFilename: 'chunks/[name].[contenthash:8].js',
			publicPath: 'auto',
			uniqueName: 'abacusPackages',
			// The abacus-wp-components and abacus-wp-date files are the other builds' (below),
			// written beside.
			clean: { keep: /^wp-(components|date)[.-]/ },
		},
		resolve: {
			...resolveSources,
			// moment-timezone without its zone database: abacusSettings.timeZoneData (which
			// php/register-packages.php prints before abacus-settings) loads the store's zone. The
			// packages read it from abacus-wp-date (ownHandlesExternal); its build bundles it.
			alias: momentTimezoneAlias,
		},
		module: {
			rules: [typeScriptRule(isProduction)],
		},
		// Each module in a function of its own: it runs faster in wp-admin (webpack-common.js).
		optimization: optimization(isProduction, { concatenateModules: false }),
		performance: { hints: false },
		plugins: [
			// Style sheets come compiled as components.css (PackageStylesPlugin), not from the JS: an
			// `import './style.scss'` becomes an empty module (IgnorePlugin would make it throw
			// 'Cannot find module' when the script runs).
			new webpack.NormalModuleReplacementPlugin(
				/\.s?css$/,
				path.join(root, 'scripts/webpack-empty-module.js'),
			),
			...commonPlugins(isProduction),
			new PackageStylesPlugin(),
			new AbacusDependencyExtractionWebpackPlugin({
				injectPolyfill: false,
				outputFormat: 'php',
				...ownHandlesExternal,
			}),
		],
		stats: 'errors-warnings',
	};
	const subset = {
		...packages,
		name: 'wp-components',
		entry: {
			'wp-components': {
				import: `data:text/javascript,${encodeURIComponent(wpComponentsEntry())}`,
				library: { name: ['abacus', 'wpComponents'], type: 'window' },
			},
		},
		output: {
			...packages.output,
			uniqueName: 'abacusWpComponents',
			clean: false,
		},
		resolve: {},
		module: { rules: [] },
		plugins: [
			// Its own style sheets come as wp-components.css, not from the JS.
			new webpack.NormalModuleReplacementPlugin(
				/\.s?css$/,
				path.join(root, 'scripts/webpack-empty-module.js'),
			),
			...commonPlugins(isProduction),
			new WpComponentsStylesPlugin(),
			// The other @wordpress/* packages and React are WordPress's; private-apis is bundled:
			// the components register with it once per copy, and WordPress's own components
			// script may be on the same page (another plugin's).
			new AbacusDependencyExtractionWebpackPlugin({
				injectPolyfill: false,
				outputFormat: 'php',
				requestToExternal: (request) =>
					request === COMPONENTS || request === '@wordpress/private-apis'
						? false
						: undefined,
			}),
		],
	};
	const date = {
		...packages,
		name: 'wp-date',
		entry: {
			'wp-date': {
				import: path.join(root, 'client/src/app/wp-date.ts'),
				library: { name: ['abacus', 'wpDate'], type: 'window' },
			},
		},
		output: {
			...packages.output,
			uniqueName: 'abacusWpDate',
			clean: false,
		},
		plugins: [
			...commonPlugins(isProduction),
			// moment and WordPress's other packages are WordPress's; @wordpress/date and
			// moment-timezone are bundled (moment-timezone without its zone database).
			new AbacusDependencyExtractionWebpackPlugin({
				injectPolyfill: false,
				outputFormat: 'php',
				requestToExternal: (request) =>
					request === WP_DATE || request.startsWith('moment-timezone')
						? false
						: undefined,
			}),
		],
	};
	return [packages, subset, date];
};
