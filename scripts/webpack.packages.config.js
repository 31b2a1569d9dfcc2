/**
 * Builds each @abacus package as a WordPress script into build/wp-packages/ (for
 * php/register-packages.php): `<name>.js` assigns the package's exports to the global
 * `abacus.<camelName>`, `<name>.asset.php` lists its dependencies (wp-* handles, react and the other
 * abacus-* handles, which stay external) and version; components also gets `components.css` and
 * `components-rtl.css` (its compiled style sheets, without @wordpress/components' own).
 *
 * Usage: npx webpack -c scripts/webpack.packages.config.js [--mode development]
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import webpack from 'webpack';

import { commonPlugins, optimization, resolveSources, typeScriptRule } from './webpack-common.js';

import { compileStyles, PACKAGES } from './build-packages.js';

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

export default (_env, argv = {}) => {
	const isProduction = (argv.mode ?? 'production') !== 'development';
	const buildRoot = process.env.ABACUS_BUILD_ROOT
		? path.resolve(process.env.ABACUS_BUILD_ROOT)
		: path.join(root, 'build');
	return {
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
			clean: true,
		},
		resolve: {
			...resolveSources,
			alias: {
				// moment-timezone without its zone database: abacusSettings.timeZoneData (which
				// php/register-packages.php prints before abacus-settings) loads the store's zone.
				'moment-timezone$': path.join(root, 'client/src/app/moment-timezone.ts'),
			},
		},
		module: {
			rules: [typeScriptRule(isProduction)],
		},
		optimization: optimization(isProduction),
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
			}),
		],
		stats: 'errors-warnings',
	};
};
