/**
 * Builds client/ into build/ in two flavours from the same sources:
 * - build/wp/: React, @wordpress/* and the @abacus packages left external: WordPress provides the
 *   first two, and the Abacus plugin's own abacus-* script handles (build/wp-packages, from
 *   scripts/webpack.packages.config.js) the packages as the globals abacus.data, abacus.components,
 *   ... @wordpress/components is the exception: the plugin's abacus-wp-components handle
 *   (abacus.wpComponents) carries the components Abacus uses, instead of WordPress's whole
 *   components script (scripts/wp-components-subset.js says why). Emits index.asset.php with the
 *   script dependencies (wp-*, react, abacus-*) and version for plugin.php. So on an Abacus page there is one copy of every store and component, shared with any
 *   extension that depends on the same handles.
 * - build/standalone/: everything bundled; used by the standalone server and by WordPress versions
 *   too old for the externals.
 * Report pages are split into their own chunks; moment's locales are stripped. Inside WordPress
 * the app's first script (start.js) is an entry of its own, which index.js depends on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';

import {
	commonPlugins,
	momentTimezoneAlias,
	optimization,
	resolveSources,
	typeScriptRule,
} from './scripts/webpack-common.js';
import { ownHandlesExternal } from './scripts/wp-own-handles.js';

const root = path.dirname(fileURLToPath(import.meta.url));
const buildRoot = process.env.ABACUS_BUILD_ROOT
	? path.resolve(process.env.ABACUS_BUILD_ROOT)
	: path.join(root, 'build');
const require = createRequire(import.meta.url);
// WordPress's dependency extraction plus the @abacus/* packages → abacus.* globals / abacus-* handles.
const AbacusDependencyExtractionWebpackPlugin = require('@abacus/dependency-extraction-webpack-plugin');
/** Packages resolved to their sources (both flavours); in build/wp those with a handle stay external. */
const PACKAGES = [
	'settings',
	'number',
	'currency',
	'date',
	'navigation',
	'csv-export',
	'data',
	'components',
	'metrics',
];

/**
 * Writes build/<flavour>/chunk-groups.json: for the entry and every named dynamic import
 * (`report-revenue`, ...) the files a browser loads for it. The bundle benchmark reads it.
 */
class ChunkGroupsManifestPlugin {
	apply(compiler) {
		compiler.hooks.thisCompilation.tap('ChunkGroupsManifestPlugin', (compilation) => {
			compilation.hooks.processAssets.tap(
				{
					name: 'ChunkGroupsManifestPlugin',
					stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
				},
				() => {
					const groups = {};
					for (const [name, group] of compilation.namedChunkGroups) {
						groups[name] = [
							...new Set(group.chunks.flatMap((chunk) => [...chunk.files])),
						];
					}
					const json = JSON.stringify(groups, null, 2);
					compilation.emitAsset('chunk-groups.json', new webpack.sources.RawSource(json));
				},
			);
		});
	}
}

/**
 * Writes build/wp/translation-map.json: for every source file of the repository (client/,
 * packages/), the built scripts that carry its code (`index.js`, `chunks/<name>.<hash>.js`).
 * scripts/make-pot.js adds these scripts to the POT's references, so that WordPress's
 * `make-json` writes one JSON translation per built script, which plugin.php loads for the entry
 * and for every lazily loaded chunk.
 */
class TranslationMapPlugin {
	apply(compiler) {
		compiler.hooks.thisCompilation.tap('TranslationMapPlugin', (compilation) => {
			compilation.hooks.processAssets.tap(
				{
					name: 'TranslationMapPlugin',
					stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
				},
				() => {
					const map = {};
					const add = (module, files) => {
						// Concatenated modules (production) carry their parts in .modules.
						for (const inner of module.modules ?? [module]) {
							const resource = inner.resource;
							if (!resource || resource.includes('node_modules')) continue;
							const source = path.relative(root, resource).split(path.sep).join('/');
							map[source] = [...new Set([...(map[source] ?? []), ...files])].sort();
						}
					};
					for (const chunk of compilation.chunks) {
						const files = [...chunk.files].filter((file) => file.endsWith('.js'));
						if (!files.length) continue;
						for (const module of compilation.chunkGraph.getChunkModulesIterable(
							chunk,
						)) {
							add(module, files);
						}
					}
					const sorted = Object.fromEntries(
						Object.entries(map).sort(([a], [b]) => a.localeCompare(b)),
					);
					compilation.emitAsset(
						'translation-map.json',
						new webpack.sources.RawSource(JSON.stringify(sorted, null, 1)),
					);
				},
			);
		});
	}
}

/**
 * Writes moment-timezone's zone database next to the bundle as time-zones.json: the bundle leaves it
 * out (see client/src/app/moment-timezone.ts) and the WordPress plugin embeds the store's zone
 * from this file in the page.
 */
class TimeZoneDatabasePlugin {
	apply(compiler) {
		compiler.hooks.thisCompilation.tap('TimeZoneDatabasePlugin', (compilation) => {
			compilation.hooks.processAssets.tap(
				{
					name: 'TimeZoneDatabasePlugin',
					stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
				},
				() => {
					const file = require.resolve('moment-timezone/data/packed/latest.json');
					compilation.fileDependencies.add(file);
					compilation.emitAsset(
						'time-zones.json',
						new webpack.sources.RawSource(readFileSync(file, 'utf8')),
					);
				},
			);
		});
	}
}

/**
 * Writes the dependencies of build/wp/start.asset.php from start.js's own modules. WordPress's
 * dependency extraction also lists the externals of an entry's children (index.js depends on
 * start.js, so every report's chunk is one of them): start.js would then wait for the components'
 * scripts, which it is printed before.
 */
class OwnDependenciesPlugin {
	constructor(extraction, entry) {
		this.extraction = extraction;
		this.entry = entry;
	}

	apply(compiler) {
		compiler.hooks.thisCompilation.tap('OwnDependenciesPlugin', (compilation) => {
			compilation.hooks.processAssets.tap(
				{
					name: 'OwnDependenciesPlugin',
					stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
				},
				() => {
					const entrypoint = compilation.entrypoints.get(this.entry);
					const asset = `${this.entry}.asset.php`;
					const source = compilation.getAsset(asset)?.source.source().toString();
					if (!entrypoint || !source) return;
					const handles = new Set();
					const add = (module) => {
						if (!(module instanceof webpack.ExternalModule)) return;
						handles.add(this.extraction.mapRequestToDependency(module.userRequest));
					};
					for (const chunk of entrypoint.chunks) {
						for (const module of compilation.chunkGraph.getChunkModulesIterable(
							chunk,
						)) {
							add(module);
							for (const inner of module.modules ?? []) add(inner);
						}
					}
					const list = [...handles]
						.sort()
						.map((handle) => `'${handle}'`)
						.join(', ');
					const written = source.replace(
						/'dependencies' => array\([^)]*\)/,
						`'dependencies' => array(${list})`,
					);
					compilation.updateAsset(asset, new webpack.sources.RawSource(written));
				},
			);
		});
	}
}

function config(flavour, mode) {
	const isProduction = mode !== 'development';
	const extraction = new AbacusDependencyExtractionWebpackPlugin({
		injectPolyfill: false,
		outputFormat: 'php',
		...ownHandlesExternal,
	});
	return {
		name: flavour,
		mode: isProduction ? 'production' : 'development',
		target: ['web', 'es2019'],
		devtool: isProduction ? false : 'eval-cheap-module-source-map',
		// Inside WordPress the plugin provides the @wordpress/components styles (the
		// abacus-wp-components style, the same version as the abacus-wp-components script the app
		// reads the components from) and @abacus/components' (the abacus-components handle); the
		// standalone page gets both bundled into index.css. Inside WordPress the app's first
		// script (client/src/start.ts: settings, stores, the first view's requests) is a script of
		// its own, printed before the components' scripts; the entry depends on it (one runtime, in
		// start.js).
		entry:
			flavour === 'standalone'
				? {
						index: [
							require.resolve('@wordpress/components/build-style/style.css'),
							path.join(root, 'client/src/index.tsx'),
						],
					}
				: {
						start: path.join(root, 'client/src/start.ts'),
						index: {
							import: path.join(root, 'client/src/index.tsx'),
							dependOn: 'start',
						},
					},
		output: {
			// ABACUS_BUILD_ROOT builds elsewhere (e.g. a private build for one e2e run); build/ by default.
			path: path.join(buildRoot, flavour),
			filename: '[name].js',
			chunkFilename: 'chunks/[name].[contenthash:8].js',
			publicPath: 'auto',
			// build/wp also holds the Dashboard widget's files, written by its own build (below).
			clean: flavour === 'wp' ? { keep: /^dashboard-widget\./ } : true,
		},
		resolve: {
			...resolveSources,
			alias: {
				...Object.fromEntries(
					PACKAGES.map((name) => [
						`@abacus/${name}$`,
						path.join(root, 'packages', name, 'src/index.ts'),
					]),
				),
				// moment-timezone without its zone database: the page embeds the store's zone.
				...momentTimezoneAlias,
			},
		},
		module: {
			rules: [
				typeScriptRule(isProduction),
				{
					// Plain CSS (e.g. react-dates' stylesheet) is not Sass: no sass-loader.
					test: /\.css$/,
					use: [MiniCssExtractPlugin.loader, 'css-loader'],
				},
				{
					test: /\.scss$/,
					use: [
						MiniCssExtractPlugin.loader,
						{ loader: 'css-loader', options: { importLoaders: 1 } },
						{
							loader: 'sass-loader',
							options: {
								api: 'modern',
								sassOptions: { silenceDeprecations: ['import'] },
							},
						},
					],
				},
			],
		},
		// The scripts for wp-admin with each module in a function of its own (webpack-common.js).
		optimization: optimization(isProduction, { concatenateModules: flavour === 'standalone' }),
		performance: { hints: false },
		plugins: [
			...commonPlugins(isProduction),
			new ChunkGroupsManifestPlugin(),
			new TimeZoneDatabasePlugin(),
			new MiniCssExtractPlugin({
				filename: '[name].css',
				chunkFilename: 'chunks/[name].[contenthash:8].css',
			}),
			...(flavour === 'wp'
				? [
						new TranslationMapPlugin(),
						extraction,
						new OwnDependenciesPlugin(extraction, 'start'),
					]
				: []),
		],
		stats: 'errors-warnings',
	};
}

export default (_env, argv = {}) => {
	const mode = argv.mode ?? 'production';
	const only = process.env.ABACUS_FLAVOUR;
	const configs = ['wp', 'standalone'].map((f) => config(f, mode));
	// The component gallery (served by the standalone server at /abacus-gallery/): bundled like standalone.
	const gallery = config('standalone', mode);
	configs.push({
		...gallery,
		name: 'gallery',
		entry: { gallery: path.join(root, 'packages/components/gallery/index.tsx') },
		output: { ...gallery.output, path: path.join(buildRoot, 'gallery') },
	});
	// The Dashboard widget's small script (build/wp/dashboard-widget.js, WordPress only): its own
	// build, because it bundles the few @abacus packages it uses instead of depending on their
	// handles (abacus-settings would embed every Abacus setting in the Dashboard).
	const wp = config('wp', mode);
	configs.push({
		...wp,
		name: 'wp-widget',
		entry: { 'dashboard-widget': path.join(root, 'client/src/widget/index.tsx') },
		output: { ...wp.output, clean: false },
		plugins: [
			...commonPlugins(mode !== 'development'),
			new MiniCssExtractPlugin({ filename: '[name].css' }),
			new AbacusDependencyExtractionWebpackPlugin({
				injectPolyfill: false,
				outputFormat: 'php',
				requestToExternal: (request) =>
					request.startsWith('@abacus/') ? false : undefined,
			}),
		],
	});
	return configs.filter(
		(c) => !only || c.name === only || (only === 'wp' && c.name === 'wp-widget'),
	);
};
